import TagCloud

#if !hasFeature(Embedded)
import Foundation
#endif

/// Counts the words of a text into terms: ICU word breaks, NFC and case folding (each word shown in
/// its most frequent spelling), stop words, English plurals, collocations and protected phrases.
///
/// `count(contentsOf:)` streams: memory grows with the vocabulary, not the input, and any chunk size
/// gives exactly the counts of reading the whole text at once.
public struct TermCounter: Sendable {
    /// The options.
    public var options: TextOptions

    /// Stops a count midway, as `FlowLayout.cancellation` stops a layout: once it is cancelled, the
    /// count throws `TagCloudError.cancelled` soon after (between pieces of text of at most about
    /// 1 MB, and within a word pattern's search every 10,000 backtracking steps). A count that
    /// finishes is the same with or without a token.
    public var cancellation: CancellationToken?

    /// Creates a counter.
    public init(_ options: TextOptions = TextOptions(), cancellation: CancellationToken? = nil) {
        self.options = options
        self.cancellation = cancellation
    }

    /// The longest word counted, in bytes of UTF-8 (1 MiB): a longer one (a base64 blob, a run of
    /// one letter) is skipped whole and counted in `DroppedWords.tooLong`, whatever chunks the text
    /// arrives in. It is also the most text without whitespace the counter holds back at once.
    public static let maximumWordBytes = 1 << 20

    /// Tests set this to run the two-thread segmentation even where only one core is available, so
    /// they compare it with the one-thread path on any machine.
    var pipelinesOnOneCore = false

    /// The terms of `text`. Throws `TextError` for a NUL character, or a word pattern that is invalid
    /// or spends a limit of `WordPattern`; `TagCloudError.cancelled` once `cancellation` is cancelled.
    public func count(_ text: String) throws(CountError) -> [Term] { try analyze(text).terms }

    /// Counts `text` and reports the details.
    public func analyze(_ text: String, name: String = "text") throws(CountError) -> TextAnalysis {
        try analyze(sources: [.text(text, name: name)])
    }

    /// Counts several inputs as one text (a line break between them, so no word spans two inputs),
    /// in chunks of `chunkSize` bytes; `progress` is called after each chunk with the bytes read so far.
    public func analyze(
        sources: [TextSource], chunkSize: Int = 1 << 20,
        progress: ((Int64) -> Void)? = nil
    ) throws(CountError) -> TextAnalysis {
        let engine = try CountingEngine(
            options: options, name: sources.first?.name ?? "text", expectedBytes: Self.expectedBytes(sources),
            pipelinesOnOneCore: pipelinesOnOneCore, cancellation: cancellation)
        try Self.read(sources, into: engine, chunkSize: chunkSize, progress: progress)
        return try engine.finish()
    }

    /// The bytes `sources` hold together, where known (0 for standard input).
    static func expectedBytes(_ sources: [TextSource]) -> Int {
        sources.reduce(0) { sum, source in
            switch source {
            case .text(let text, _): return sum + text.utf8.count
            case .bytes(let bytes, _): return sum + bytes.count
            #if !hasFeature(Embedded)
            case .file(let url): return sum + fileSize(url)
            case .standardInput: return sum
            #endif
            }
        }
    }

    /// Feeds `sources` to `engine` in order, in chunks of `chunkSize` bytes, as one text.
    static func read(
        _ sources: [TextSource], into engine: CountingEngine, chunkSize: Int, progress: ((Int64) -> Void)?
    ) throws(CountError) {
        // Bounded so a word (at most the carry plus one chunk) has a 32-bit length.
        let chunkSize = min(max(1, chunkSize), 1 << 30)
        var total: Int64 = 0
        for (index, source) in sources.enumerated() {
            if index > 0 { try engine.beginSource(name: source.name) }
            switch source {
            case .text(let text, _):
                try feed(Array(text.utf8), into: engine, chunkSize: chunkSize, total: &total, progress: progress)
            case .bytes(let bytes, _):
                try feed(bytes, into: engine, chunkSize: chunkSize, total: &total, progress: progress)
            #if !hasFeature(Embedded)
            case .file(let url):
                let handle = try Self.open(url)
                defer { try? handle.close() }
                try Self.pump(handle, name: url.path, into: engine, chunkSize: chunkSize, total: &total, progress: progress)
            case .standardInput:
                try Self.pump(
                    FileHandle.standardInput, name: source.name, into: engine, chunkSize: chunkSize,
                    total: &total, progress: progress)
            #endif
            }
        }
    }

    /// Feeds a text in memory to `engine` in chunks, like a file, so a second thread can segment
    /// one while another is counted.
    private static func feed(
        _ utf8: [UInt8], into engine: CountingEngine, chunkSize: Int, total: inout Int64, progress: ((Int64) -> Void)?
    ) throws(CountError) {
        try utf8.withUnsafeBufferPointer { (all) throws(CountError) in
            var start = 0
            repeat {
                let end = min(start + chunkSize, all.count)
                try engine.feed(UnsafeBufferPointer(rebasing: all[start..<end]))
                total += Int64(end - start)
                progress?(total)
                start = end
            } while start < all.count
        }
    }
}
