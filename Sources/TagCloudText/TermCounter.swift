import Foundation
import TagCloud
import CICUShim

/// Where a text had bytes that are not UTF-8 (each bad sequence was replaced by U+FFFD).
public struct InvalidUTF8Report: Sendable, Equatable {
    /// The input's name (file path, or `standard input`); the first one with bad bytes.
    public var name: String
    /// The zero-based byte offset of the first bad byte in the input.
    public var firstOffset: Int64
    /// How many bad sequences were replaced.
    public var count: Int
}

/// The result of counting a text: the terms and what was learnt along the way.
public struct TextAnalysis: Sendable {
    /// The terms, weight = count, most frequent first (ties in text order of their Unicode scalars).
    public var terms: [Term]
    /// The language given or detected; nil when none was recognised (then no stop words were dropped).
    public var language: Language?
    /// The words read (after the kind and length filters, before stop words).
    public var words: Int
    /// Every word token read, before any filter (numbers and words too short included).
    public var tokens: Int
    /// How many of `tokens` each filter removed.
    public var dropped: DroppedWords
    /// The bytes read.
    public var bytes: Int64
    /// Set when invalid UTF-8 was replaced.
    public var invalidUTF8: InvalidUTF8Report?
    /// How many of the terms are two-word collocations.
    public var collocations: Int
}

/// How many word tokens each filter removed, so a text that ends up with no terms (or fewer than
/// expected) can be explained by the filter responsible rather than by a guess.
public struct DroppedWords: Sendable, Equatable {
    /// Numbers (`1999`, `3.14`), dropped unless `TextOptions.includeNumbers`.
    public var numbers = 0
    /// Words shorter than `TextOptions.minimumLength` (or `minimumIdeographicLength`).
    public var tooShort = 0
    /// Words on the stop-word list in use: the language's built-in list or `StopWordSource.custom`.
    public var stopWords = 0
    /// Words on `TextOptions.extraStopWords` but not on the list in use.
    public var extraStopWords = 0
    /// Words longer than `TermCounter.maximumWordBytes` (1 MB of UTF-8), each skipped whole: never
    /// cut into pieces that would count as words of their own.
    public var tooLong = 0

    /// No word dropped.
    public init() {}

    /// Every word dropped, by any filter.
    public var total: Int { numbers + tooShort + stopWords + extraStopWords + tooLong }
}

/// Counts the words of a text into terms: ICU word breaks, NFC and case folding (each word shown in
/// its most frequent spelling), stop words, English plurals, collocations and protected phrases.
///
/// `count(contentsOf:)` streams: memory grows with the vocabulary, not the input, and any chunk size
/// gives exactly the counts of reading the whole text at once.
public struct TermCounter: Sendable {
    /// The options.
    public var options: TextOptions

    /// Creates a counter.
    public init(_ options: TextOptions = TextOptions()) { self.options = options }

    /// The longest word counted, in bytes of UTF-8 (1 MiB): a longer one (a base64 blob, a run of
    /// one letter) is skipped whole and counted in `DroppedWords.tooLong`, whatever chunks the text
    /// arrives in. It is also the most text without whitespace the counter holds back at once.
    public static let maximumWordBytes = 1 << 20

    /// Tests set this to run the two-thread segmentation even where only one core is available, so
    /// they compare it with the one-thread path on any machine.
    var pipelinesOnOneCore = false

    /// The terms of `text`. Throws `TextError` for a NUL character, or a word pattern that is invalid
    /// or spends a limit of `WordPattern`.
    public func count(_ text: String) throws -> [Term] { try analyze(text).terms }

    /// The terms of a UTF-8 text file, read in chunks.
    public func count(contentsOf url: URL) throws -> [Term] { try analyze(contentsOf: url).terms }

    /// Counts `text` and reports the details.
    public func analyze(_ text: String, name: String = "text") throws -> TextAnalysis {
        try analyze(sources: [.text(text, name: name)])
    }

    /// Counts several inputs as one text (a line break between them, so no word spans two inputs),
    /// in chunks of `chunkSize` bytes; `progress` is called after each chunk with the bytes read so far.
    public func analyze(sources: [TextSource], chunkSize: Int = 1 << 20,
                        progress: ((Int64) -> Void)? = nil) throws -> TextAnalysis {
        // Bounded so a word (at most the carry plus one chunk) has a 32-bit length.
        let chunkSize = min(max(1, chunkSize), 1 << 30)
        let expected = sources.reduce(0) { sum, source in
            switch source {
            case .text(let text, _): return sum + text.utf8.count
            case .file(let url): return sum + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??.intValue ?? 0)
            case .standardInput: return sum
            }
        }
        let engine = try CountingEngine(options: options, name: sources.first?.name ?? "text", expectedBytes: expected,
                                         pipelinesOnOneCore: pipelinesOnOneCore)
        var total: Int64 = 0
        for (index, source) in sources.enumerated() {
            if index > 0 { try engine.beginSource(name: source.name) }
            switch source {
            case .text(let text, _):
                // Fed in chunks like a file, so a second thread can segment one while another is counted.
                var utf8 = Array(text.utf8)
                try utf8.withUnsafeBufferPointer { all in
                    var start = 0
                    repeat {
                        let end = min(start + chunkSize, all.count)
                        try engine.feed(UnsafeBufferPointer(rebasing: all[start..<end]))
                        total += Int64(end - start)
                        progress?(total)
                        start = end
                    } while start < all.count
                }
                utf8 = []
            case .file(let url):
                let handle = try Self.open(url)
                defer { try? handle.close() }
                try Self.pump(handle, name: url.path, into: engine, chunkSize: chunkSize, total: &total, progress: progress)
            case .standardInput:
                try Self.pump(FileHandle.standardInput, name: source.name, into: engine, chunkSize: chunkSize,
                              total: &total, progress: progress)
            }
        }
        return try engine.finish()
    }

    /// Counts a file in chunks of `chunkSize` bytes; `progress` is called after each chunk with the bytes read so far.
    public func analyze(contentsOf url: URL, chunkSize: Int = 1 << 20,
                        progress: ((Int64) -> Void)? = nil) throws -> TextAnalysis {
        try analyze(sources: [.file(url)], chunkSize: chunkSize, progress: progress)
    }

    private static func open(_ url: URL) throws -> FileHandle {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw TextError.unreadable(name: url.path, reason: "it is a folder, not a file") }
        do { return try FileHandle(forReadingFrom: url) } catch {
            throw TextError.unreadable(name: url.path, reason: exists ? "permission denied" : "no such file")
        }
    }

    private static func pump(_ handle: FileHandle, name: String, into engine: CountingEngine, chunkSize: Int,
                             total: inout Int64, progress: ((Int64) -> Void)?) throws {
        while true {
            let data: Data
            do { data = try handle.read(upToCount: chunkSize) ?? Data() } catch {
                throw TextError.unreadable(name: name, reason: "read failed (\(error.localizedDescription))")
            }
            if data.isEmpty { break }
            try data.withUnsafeBytes { try engine.feed($0.bindMemory(to: UInt8.self)) }
            total += Int64(data.count)
            progress?(total)
        }
    }

    /// Counts everything readable from `fileHandle` (a file or standard input); `name` appears in errors.
    public func analyze(fileHandle: FileHandle, name: String, chunkSize: Int = 1 << 20,
                        progress: ((Int64) -> Void)? = nil) throws -> TextAnalysis {
        let chunkSize = min(max(1, chunkSize), 1 << 30)
        let engine = try CountingEngine(options: options, name: name, pipelinesOnOneCore: pipelinesOnOneCore)
        var total: Int64 = 0
        try Self.pump(fileHandle, name: name, into: engine, chunkSize: chunkSize, total: &total, progress: progress)
        return try engine.finish()
    }
}

/// One input of a count.
public enum TextSource: Sendable, Equatable {
    /// A UTF-8 text file.
    case file(URL)
    /// Standard input, read to its end.
    case standardInput
    /// A text in memory; `name` appears in messages.
    case text(String, name: String)

    /// The name used in messages: the path, `standard input`, or the given name.
    public var name: String {
        switch self {
        case .file(let url): return url.path
        case .standardInput: return "standard input"
        case .text(_, let name): return name
        }
    }
}

/// The streaming state of one count: UTF-8 repair, chunk cutting, interning, bigrams, phrases.
final class CountingEngine: TokenSink {
    let options: TextOptions
    private(set) var name: String
    private let segmenter: Segmenter
    private var invalidName = ""

    // UTF-8 repair and chunk cutting.
    private var pending: [UInt8] = []
    private var partial: [UInt8] = []
    private var offset: Int64 = 0          // absolute offset of the next byte fed
    private var started = false
    private var invalidFirst: Int64 = -1
    private var invalidCount = 0
    /// How many leading bytes of `pending` are known to hold no start of a whitespace run but at 0.
    private var spaceScanned = 0
    /// The longest word counted; text without whitespace is cut beyond this much (see `LongWordGuard`).
    let maximumWordBytes: Int
    private let longWords: LongWordGuard
    /// With a word pattern, the line feeds of the current input before `pending`, so an error can
    /// name the line where the pattern was stopped (0 and unused without a pattern).
    private var lineFeeds = 0

    // Vocabulary: raw spellings, their counts and folded forms.
    private let raw = ByteTable()
    private let rawCounts = RawBuffer<Int>(capacity: 1 << 14)
    private let foldedOf = RawBuffer<Int32>(capacity: 1 << 14)     // < 0: dropped, the reason below
    /// `foldedOf` values of dropped raw words, one per filter, so `aggregate` can say afterwards which
    /// filter removed how many tokens without any counting per token.
    private static let droppedNumber: Int32 = -1
    private static let droppedShort: Int32 = -2
    private var folded: [String] = []
    private var foldedKind: [WordKind] = []
    /// Folded spellings → folded ids (the ids of `folded`), hashed as bytes like the raw words.
    private let foldedTable = ByteTable()
    // Changed on every word: behind a pointer, as writes to a class's stored properties pay a
    // dynamic exclusivity check each.
    private struct Tally {
        var words = 0
        var previous: Int32 = -1
        var droppedSincePrevious = false
        var tooLong = 0
    }
    private let tallyCell = PointerCell(Tally())
    /// `tallyCell`'s pointer, kept directly so the hot path does not load it through the cell.
    private let tally: UnsafeMutablePointer<Tally>
    private var words: Int { get { tally.pointee.words } set { tally.pointee.words = newValue } }

    // Bigrams of adjacent kept words, keyed by raw spelling ids (so a pair can be shown in its most
    // frequent spelling, as the Python package does).
    private let bigrams: PairTable
    private var previous: Int32 { get { tally.pointee.previous } set { tally.pointee.previous = newValue } }
    /// Whether a token was dropped since the last kept word (breaks a pair like punctuation does).
    private var droppedSincePrevious: Bool {
        get { tally.pointee.droppedSincePrevious } set { tally.pointee.droppedSincePrevious = newValue }
    }
    private var pruneLevel: UInt32 = 0

    // Batches: words wait here so their hash-table slots can be fetched while earlier words are
    // counted (see `tc_prefetch`). Counting a batch in order gives exactly the unbatched result.
    private static let batchSize = 32
    private let tokenBatch = RawBuffer<SegmentedWord>(capacity: batchSize)
    private let pairBatch = RawBuffer<UInt64>(capacity: batchSize)

    // Protected phrases.
    private var phraseByKey: [[Int32]: Int] = [:]
    private var phrasePrefixes: Set<[Int32]> = []
    private var phraseTexts: [String] = []
    private var phraseCounts: [Int] = []
    private var buffer: [(raw: Int32, folded: Int32, afterPunctuation: Bool)] = []
    private var hasPhrases = false

    /// `expectedBytes`: the input's size where known (0 otherwise), to size the pair table once
    /// instead of growing it through several rehashes of every pair.
    /// `pipelinesOnOneCore`: segment on two threads even where one core is available (for tests).
    /// `maximumWordBytes`: smaller in tests and fuzzing, to reach long words with short texts.
    init(options: TextOptions, name: String, expectedBytes: Int = 0, pipelinesOnOneCore: Bool = false,
         maximumWordBytes: Int = TermCounter.maximumWordBytes) throws {
        self.options = options
        self.maximumWordBytes = maximumWordBytes
        longWords = try LongWordGuard(options: options, maximumWordBytes: maximumWordBytes)
        // About one new pair per 32 bytes of text, up to the limit pruning keeps the table under.
        bigrams = PairTable(capacity: options.collocations ? min(max(expectedBytes / 32, 1 << 14), options.bigramLimit) : 16)
        tally = tallyCell.pointer
        self.name = name
        let segmenter = try Segmenter(options: options)
        segmenter.maximumWordBytes = maximumWordBytes
        self.segmenter = segmenter
        pipeline = options.segmentsConcurrently && (AvailableProcessors.count > 1 || pipelinesOnOneCore)
            ? try SegmentationPipeline(segmenter: segmenter) : nil
        try preparePhrases()
        hasPhrases = !phraseByKey.isEmpty
    }

    /// Segments on two threads while this one counts, or nil to do both here without a second.
    private let pipeline: SegmentationPipeline?
    /// Whether punctuation came after the last word of the pieces counted so far (see `count(_:)`).
    private var punctuationCarry = false

    deinit { pipeline?.stop() }

    // MARK: Feeding bytes

    /// Repairs and appends a chunk, then segments everything up to the last whitespace-run start.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws {
        if partial.isEmpty {
            try sanitize(chunk, base: offset)
        } else {
            let joined = partial + Array(chunk)
            let base = offset - Int64(partial.count)
            partial = []
            try joined.withUnsafeBufferPointer { try sanitize($0, base: base) }
        }
        offset += Int64(chunk.count)
        stripByteOrderMark()
        try segmentReady(final: false)
    }

    /// Ends the stream: a truncated last character is invalid, the rest is segmented, then counted up.
    func finish() throws -> TextAnalysis {
        if !partial.isEmpty {
            noteInvalid(at: offset - Int64(partial.count))
            pending += [0xEF, 0xBF, 0xBD]
            partial = []
        }
        stripByteOrderMark()
        try segmentReady(final: true)
        try countSegmented()
        resolvePhrases(final: true)
        countPairs()
        return aggregate()
    }

    /// Starts the next input: what is pending is segmented, a line break keeps the inputs' words
    /// apart, and the new input may start with its own byte-order mark.
    func beginSource(name: String) throws {
        if !partial.isEmpty {
            noteInvalid(at: offset - Int64(partial.count))
            pending += [0xEF, 0xBF, 0xBD]
            partial = []
        }
        stripByteOrderMark()
        pending.append(10)
        try segmentReady(final: true)
        lineFeeds = 0
        self.name = name
        started = false
        sourceStart = offset
    }
    private var sourceStart: Int64 = 0

    private func stripByteOrderMark() {
        guard !started, !pending.isEmpty else { return }
        started = true
        if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
    }

    /// The start (> 0) of the last run of ASCII whitespace in `pending`, where UAX #29 breaks whatever
    /// follows; nil when there is none. Scans only the bytes not scanned before.
    private func lastSpaceRunStart() -> Int? {
        var k = pending.count - 1
        while k >= spaceScanned && !isASCIISpace(pending[k]) { k -= 1 }
        guard k >= spaceScanned else { return nil }
        while k > 0 && isASCIISpace(pending[k - 1]) { k -= 1 }
        return k > 0 ? k : nil
    }

    /// Segments and counts what of `pending` no later byte can change: up to the last whitespace
    /// run, or everything when `final`; without whitespace, as `LongWordGuard` plans once more than
    /// `maximumWordBytes` wait.
    private func segmentReady(final: Bool) throws {
        while true {
            let spaceRunStart = final ? nil : lastSpaceRunStart()
            guard final || spaceRunStart != nil || pending.count > maximumWordBytes else {
                // Scanned to the end: the next feed scans only its own bytes, so a long run without
                // whitespace read in small chunks is not scanned again and again.
                spaceScanned = pending.count
                break
            }
            let plan: LongWordGuard.Plan
            do {
                plan = try pending.withUnsafeMutableBufferPointer {
                    try longWords.plan($0, spaceRunStart: spaceRunStart, final: final)
                }
            } catch let failure as LongWordGuard.ProbeFailure {
                throw patternError(name: name, line: lineFeeds + failure.lineFeeds + 1, failure.limit)
            }
            for action in plan.actions {
                switch action {
                case .segment(let range):
                    let before = options.pattern == nil ? 0 : lineFeeds + countLineFeeds(0..<range.lowerBound)
                    try pending.withUnsafeMutableBufferPointer {
                        try segment(UnsafeMutableBufferPointer(rebasing: $0[range]), lineFeedsBefore: before)
                    }
                case .longWord:
                    // In text order: the words before it are counted first.
                    try countSegmented()
                    noteLongWord()
                }
            }
            if options.pattern != nil { lineFeeds += countLineFeeds(0..<plan.consumed) }
            pending.removeSubrange(0..<plan.consumed)
            spaceScanned = pending.count
            if final || spaceRunStart != nil || plan.consumed == 0 { break }
        }
        if final { pending = [] }
    }

    private func countLineFeeds(_ range: Range<Int>) -> Int {
        pending[range].reduce(0) { $1 == 10 ? $0 + 1 : $0 }
    }

    private func patternError(name: String, line: Int, _ limit: TextError.PatternLimit) -> TextError {
        .patternTooComplex(pattern: options.pattern ?? "", name: name, line: line, limit: limit)
    }

    /// One word longer than `maximumWordBytes`, dropped: it stands between its neighbours as any
    /// dropped word does.
    private func noteLongWord() {
        tally.pointee.tooLong += 1
        droppedSincePrevious = true
    }

    private func noteInvalid(at position: Int64) {
        if invalidFirst < 0 { invalidFirst = position - sourceStart; invalidName = name }
        invalidCount += 1
    }

    /// Appends `bytes` to `pending`, replacing each invalid sequence (maximal subpart, as WHATWG and
    /// Swift do) by U+FFFD and keeping a character cut by the chunk end in `partial`.
    private func sanitize(_ bytes: UnsafeBufferPointer<UInt8>, base: Int64) throws {
        let n = bytes.count
        guard let p = bytes.baseAddress, n > 0 else { return }
        pending.reserveCapacity(pending.count + n)
        var runStart = 0, i = 0
        let raw = UnsafeRawPointer(p)
        while i < n {
            // Eight ASCII bytes at a time, none of them NUL: the common case of most text.
            while i + 8 <= n {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let zeroByte = (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
                guard v & 0x8080_8080_8080_8080 == 0 && zeroByte == 0 else { break }
                i += 8
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                if b == 0 { throw TextError.binaryInput(name: name) }
                i += 1
                continue
            }
            // Expected length and the allowed range of the second byte (Unicode table 3-7).
            var length = 0
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lo = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; hi = 0x9F
            case 0xF0: length = 4; lo = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; hi = 0x8F
            default: length = 0
            }
            var valid = 0   // bytes of a valid prefix
            if length > 0 {
                valid = 1
                while valid < length && i + valid < n {
                    let c = p[i + valid]
                    let ok = valid == 1 ? (c >= lo && c <= hi) : (c & 0xC0 == 0x80)
                    if !ok { break }
                    valid += 1
                }
                if valid == length { i += length; continue }
                if i + valid == n {
                    // Cut by the end of the chunk: wait for the rest.
                    pending.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
                    partial = Array(UnsafeBufferPointer(start: p + i, count: n - i))
                    return
                }
            }
            pending.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
            pending += [0xEF, 0xBF, 0xBD]
            noteInvalid(at: base + Int64(i))
            i += max(valid, 1)
            runStart = i
        }
        pending.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart))
    }

    // MARK: Tokens

    /// Segments valid UTF-8 and counts its words. With a pipeline, the bytes are copied and queued;
    /// their words are counted here as the pieces come back segmented, the last few on a later call
    /// or by `countSegmented`. `lineFeedsBefore`: with a word pattern, the line feeds of the input
    /// before `buffer`, for errors. Throws when a word pattern spends a limit of `WordPattern`.
    private func segment(_ buffer: UnsafeMutableBufferPointer<UInt8>, lineFeedsBefore: Int) throws {
        guard let pipeline else {
            // The batch holds pointers into `buffer`: counted before returning.
            segmenter.process(buffer, into: self)
            if let failure = segmenter.patternFailure {
                throw patternError(name: name, line: lineFeedsBefore + failure.lineFeeds + 1, failure.limit)
            }
            countTokens()
            return
        }
        var lineFeedsBefore = lineFeedsBefore
        // Queued in pieces of about `pipelinePiece` bytes cut where a whitespace run starts (as
        // `lastSpaceRunStart` finds), a few at a time: enough to keep both threads busy, few enough that the
        // waiting pieces and their words take a few MB.
        var rest = UnsafeBufferPointer(buffer)
        while true {
            while !rest.isEmpty && pipeline.queued < SegmentationPipeline.readAhead {
                var cut = rest.count
                if rest.count >= 2 * Self.pipelinePiece {
                    var i = Self.pipelinePiece
                    while i < rest.count && !(isASCIISpace(rest[i]) && !isASCIISpace(rest[i - 1])) { i += 1 }
                    cut = i
                }
                let piece = UnsafeBufferPointer(rebasing: rest[0..<cut])
                pipeline.submit(piece, sourceName: name, lineFeedsBefore: lineFeedsBefore)
                if options.pattern != nil { lineFeedsBefore += piece.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
                rest = UnsafeBufferPointer(rebasing: rest[cut...])
            }
            if let chunk = pipeline.next(finishing: false) { try count(chunk) } else if rest.isEmpty { return }
        }
    }
    private static let pipelinePiece = 1 << 17

    /// Counts the words of every piece still queued.
    private func countSegmented() throws {
        guard let pipeline else { return }
        while let chunk = pipeline.next(finishing: true) { try count(chunk) }
    }

    /// Counts a piece's words, then recycles it. A piece was segmented as if it began the text, so
    /// punctuation after the previous piece's last word is carried into its first word here.
    private func count(_ chunk: SegmentationPipeline.Chunk) throws {
        if let failure = chunk.patternFailure {
            throw patternError(name: chunk.sourceName, line: chunk.lineFeedsBefore + failure.lineFeeds + 1, failure.limit)
        }
        let words = chunk.words.base, n = chunk.words.count
        if n > 0 {
            words[0].afterPunctuation = words[0].afterPunctuation || punctuationCarry
            punctuationCarry = chunk.trailingPunctuation
        } else {
            punctuationCarry = punctuationCarry || chunk.trailingPunctuation
        }
        var i = 0
        while i < n {
            let m = min(Self.batchSize, n - i)
            for k in i..<(i + m) { raw.prefetch(hash: words[k].hash) }
            countWords(words + i, m)
            i += m
        }
        pipeline?.recycle(chunk)
    }

    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool) {
        let key = ByteTable.Key(bytes.baseAddress!, bytes.count)
        raw.prefetch(key)
        tokenBatch.append(SegmentedWord(bytes, key: key, kind: kind, afterPunctuation: afterPunctuation))
        if tokenBatch.count == Self.batchSize { countTokens() }
    }

    private func countTokens() {
        countWords(tokenBatch.base, tokenBatch.count)
        tokenBatch.removeAll()
    }

    /// Counts `n` words in order, their hash-table slots already being fetched.
    @inline(__always)
    private func countWords(_ words: UnsafeMutablePointer<SegmentedWord>, _ n: Int) {
        // First every word's id (its slot was fetched when it was batched), starting the loads of
        // its count and folded form; then the counting, which finds them arrived.
        for i in 0..<n {
            let t = words[i]
            // A word that arrived whole but is too long: dropped, as one cut off by `LongWordGuard` is.
            if Int(t.length) > maximumWordBytes { words[i].id = -1; continue }
            let (id, isNew) = raw.intern(t.start, Int(t.length), t.key)
            if isNew { register(UnsafeBufferPointer(start: t.start, count: Int(t.length)), kind: t.kind) }
            words[i].id = id
            tc_prefetch(rawCounts.base + Int(id))
            tc_prefetch(foldedOf.base + Int(id))
        }
        for i in 0..<n {
            let t = words[i]
            if t.id < 0 { noteLongWord(); continue }
            count(t.id, afterPunctuation: t.afterPunctuation)
        }
    }

    @inline(__always)
    private func count(_ id: Int32, afterPunctuation: Bool) {
        let f = foldedOf[Int(id)]
        guard f >= 0 else {
            rawCounts[Int(id)] += 1
            // A dropped token (a number, a too-short word) stands between its neighbours, so they are
            // not a pair: "MB | 1.42 MB" must not make "MB MB".
            droppedSincePrevious = true
            return
        }
        let afterPunctuation = afterPunctuation || droppedSincePrevious
        droppedSincePrevious = false
        if !hasPhrases {
            unigram(id, f, afterPunctuation)
        } else {
            if afterPunctuation { resolvePhrases(final: true) }
            buffer.append((id, f, afterPunctuation))
            resolvePhrases(final: false)
        }
    }

    @inline(__always)
    private func unigram(_ id: Int32, _ f: Int32, _ afterPunctuation: Bool) {
        rawCounts[Int(id)] += 1
        words += 1
        guard options.collocations else { return }
        if previous >= 0 && !afterPunctuation {
            let key = PairTable.key(previous, id)
            bigrams.prefetch(key)
            pairBatch.append(key)
            if pairBatch.count == Self.batchSize { countPairs() }
        }
        previous = id
    }

    /// Counts the waiting pairs. Batches fill at fixed points of the pair sequence, whatever the
    /// chunking of the input, so pruning (checked per batch) happens at the same places either way.
    private func countPairs() {
        for i in 0..<pairBatch.count { bigrams.increment(pairBatch[i]) }
        pairBatch.removeAll()
        if bigrams.count > options.bigramLimit { pruneBigrams() }
    }

    /// Drops the rarest pairs until half the limit is used: a pair seen once or twice among millions
    /// is no collocation, and this keeps memory bounded by the limit whatever the input size.
    private func pruneBigrams() {
        while bigrams.count > options.bigramLimit / 2 {
            pruneLevel += 1
            bigrams.prune(keepAbove: pruneLevel)
        }
    }

    private func register(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind) {
        rawCounts.append(0)
        // One Han character is often a whole word; one kana is nearly always a grammatical fragment
        // that ICU split off (食べました gives 食, べ, ま, した), so kana follow the ordinary minimum.
        var minimum = kind == .ideograph ? options.minimumIdeographicLength : options.minimumLength
        guard kind != .number || options.includeNumbers else { foldedOf.append(Self.droppedNumber); return }
        if !bytes.contains(where: { $0 >= 0x80 }) {
            // ASCII: one character per byte, NFC already, and case folding is lower-casing.
            guard bytes.count >= minimum else { foldedOf.append(Self.droppedShort); return }
            let f = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lower -> Int32 in
                for (i, b) in bytes.enumerated() { lower[i] = b >= 65 && b <= 90 ? b | 0x20 : b }
                return foldedID(UnsafeBufferPointer(lower), kind: kind)
            }
            foldedOf.append(f)
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // ICU reports kana that its dictionary split off with the ideograph status too.
        if kind == .ideograph && text.unicodeScalars.allSatisfy({ (0x3040...0x30FF).contains($0.value) || (0xFF66...0xFF9F).contains($0.value) }) {
            minimum = options.minimumLength
        }
        guard minimum <= 1 || text.count >= minimum else { foldedOf.append(Self.droppedShort); return }
        foldedOf.append(foldedID(ICUText.foldedNFC(text), kind: kind))
    }

    private func foldedID(_ key: String, kind: WordKind) -> Int32 {
        var key = key
        return key.withUTF8 { foldedID($0, kind: kind) }
    }

    /// The id of a folded form given as UTF-8, added when new. Interned as bytes: a String (and its
    /// hashing) only for a folded form not seen before.
    private func foldedID(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind) -> Int32 {
        let (f, isNew) = foldedTable.intern(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count)
        if isNew {
            folded.append(String(decoding: bytes, as: UTF8.self))
            foldedKind.append(kind)
        }
        return f
    }

    /// The folded id of `key`, or nil when no word folds to it.
    private func foldedLookup(_ key: String) -> Int32? {
        var key = key
        return key.withUTF8 { foldedTable.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }

    // MARK: Phrases

    private func preparePhrases() throws {
        final class Collector: TokenSink {
            var parts: [(String, WordKind)] = []
            func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool) {
                parts.append((String(decoding: bytes, as: UTF8.self), kind))
            }
        }
        for phrase in options.phrases {
            // Shown as given, in NFC, with any run of spaces as one and no control characters (a tab
            // would break `word<TAB>count` output; see `TermText`).
            let shown = ICUText.nfc(TermText.normalized(phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
            let collector = Collector()
            var bytes = Array(shown.utf8)
            if bytes.contains(0) { throw TextError.invalidOption(reason: "phrase \"\(phrase)\" contains a NUL character") }
            bytes.withUnsafeMutableBufferPointer { segmenter.process($0, into: collector) }
            guard !collector.parts.isEmpty else {
                throw TextError.invalidOption(reason: "phrase \"\(phrase)\" has no words; give words such as \"New York\"")
            }
            let key = collector.parts.map { foldedID(ICUText.foldedNFC($0.0), kind: $0.1) }
            if phraseByKey[key] != nil { continue }
            phraseByKey[key] = phraseTexts.count
            phraseTexts.append(shown)
            phraseCounts.append(0)
            for k in 1..<key.count { phrasePrefixes.insert(Array(key[0..<k])) }
        }
    }

    /// Emits buffered words: a phrase when the buffer starts with one (longest first), otherwise
    /// the first word alone. Waits while the buffer could still grow into a phrase, unless `final`.
    private func resolvePhrases(final: Bool) {
        while !buffer.isEmpty {
            let keys = buffer.map(\.folded)
            if !final && phrasePrefixes.contains(keys) { return }
            var matched = false
            for k in stride(from: keys.count, through: 1, by: -1) {
                if let p = phraseByKey[Array(keys[0..<k])] {
                    phraseCounts[p] += 1
                    previous = -1   // a phrase is never half of a collocation
                    buffer.removeFirst(k)
                    matched = true
                    break
                }
            }
            if !matched {
                let t = buffer.removeFirst()
                unigram(t.raw, t.folded, t.afterPunctuation)
            }
            if !final, phrasePrefixes.contains(buffer.map(\.folded)) { return }
        }
    }

    // MARK: Counting up

    private func aggregate() -> TextAnalysis {
        let F = folded.count
        var foldedCount = [Int](repeating: 0, count: F)
        for id in 0..<rawCounts.count where foldedOf[id] >= 0 { foldedCount[Int(foldedOf[id])] += rawCounts[id] }

        let language = options.language ?? StopWords.detect(words: folded, counts: foldedCount)
        var stop: Set<String>
        switch options.stopWords {
        case .language: stop = language.map(StopWords.list(for:)) ?? []
        case .none: stop = []
        case .custom(let words): stop = Set(words.map(ICUText.foldedNFC))
        }
        // Kept apart from the extra words only to say which of the two removed a word.
        let listStop = stop
        stop.formUnion(options.extraStopWords.map(ICUText.foldedNFC))
        let merge = options.mergePlurals ?? (language == .en)

        // Stop words looked up in the vocabulary rather than the vocabulary in the stop words: a few
        // hundred hashes instead of one per distinct word.
        var isStop = [Bool](repeating: false, count: F)
        for w in stop { if let f = foldedLookup(w), Int(f) < F { isStop[Int(f)] = true } }
        // canonical[f]: the folded id a word is counted under, -1 when dropped. `strip` is how many
        // characters its spellings lose (2 for a possessive 's, 1 for a plural s).
        var canonical = (0..<F).map { f -> Int32 in foldedCount[f] > 0 && !isStop[f] ? Int32(f) : -1 }
        var strip = [Int](repeating: 0, count: F)
        if merge {
            for f in 0..<F where canonical[f] >= 0 {
                let w = folded[f]
                guard Plural.isPossessive(w), w.count > 2 else { continue }
                let base = String(w.dropLast(2))
                if stop.contains(base) { canonical[f] = -1; continue }
                let b = foldedID(base, kind: foldedKind[f])
                while canonical.count < folded.count { canonical.append(Int32(canonical.count)); strip.append(0); foldedCount.append(0) }
                canonical[f] = b
                strip[f] = 2
                foldedCount[Int(b)] += foldedCount[f]
            }
            for f in 0..<folded.count where canonical[f] == Int32(f) && foldedCount[f] > 0 {
                let w = folded[f]
                guard Plural.endsInSingleS(w), w.count > 2,
                      let b = foldedLookup(String(w.dropLast())), canonical[Int(b)] == b, foldedCount[Int(b)] > 0 else { continue }
                canonical[f] = b
                strip[f] = 1
            }
            // Possessives of plurals follow their base to the singular.
            for f in 0..<folded.count where canonical[f] >= 0 && canonical[Int(canonical[f])] != canonical[f] {
                canonical[f] = canonical[Int(canonical[f])]
            }
        }

        // Counts and spellings per canonical word; ties between spellings go to the one seen first.
        // A spelling is usually a raw word itself, so its count lives at that raw id; only stripped
        // spellings never seen on their own ("Rabbit" from "Rabbits" alone) need a table of their own.
        let R = rawCounts.count
        var counts = [Int](repeating: 0, count: folded.count)
        var spellingCount = [Int](repeating: 0, count: R)
        var extraIndex: [String: Int] = [:]
        var extraTexts: [String] = [], extraCounts: [Int] = [], extraFirst: [Int] = [], extraCanonical: [Int32] = []
        func canonicalOf(raw id: Int) -> Int32 {
            let f = Int(foldedOf[id])
            return f >= 0 ? canonical[f] : -1
        }
        /// The raw id whose spelling is raw word `id`'s display form (itself unless a suffix is stripped), or nil.
        func spellingRaw(_ id: Int) -> Int? {
            let f = Int(foldedOf[id])
            if strip[f] == 0 { return id }
            let text = String(decoding: raw.bytes(id), as: UTF8.self)
            var stripped = Array(String(text.dropLast(strip[f])).utf8)
            guard let found = stripped.withUnsafeMutableBufferPointer({ raw.find($0.baseAddress!, $0.count) }),
                  canonicalOf(raw: Int(found)) == canonical[f] else { return nil }
            stripped = []
            return Int(found)
        }
        func spellingText(_ id: Int) -> String {
            let f = Int(foldedOf[id])
            let text = String(decoding: raw.bytes(id), as: UTF8.self)
            return f >= 0 && strip[f] > 0 ? String(text.dropLast(strip[f])) : text
        }
        /// Raw word `id` as half of a collocation: a possessive loses its 's as it does alone, but a
        /// plural keeps its s. The pair is shown as it was written most often ("United States"), as
        /// the Python package shows it; its words alone still count under their singular.
        func pairText(_ id: Int) -> String {
            let f = Int(foldedOf[id])
            return f >= 0 && strip[f] == 1 ? String(decoding: raw.bytes(id), as: UTF8.self) : spellingText(id)
        }
        // Counted here, per distinct spelling, rather than per token in `token()`: the reason a
        // spelling was dropped is the same for every one of its tokens.
        var dropped = DroppedWords()
        dropped.tooLong = tally.pointee.tooLong
        func isOnList(_ f: Int) -> Bool {
            let w = folded[f]
            if listStop.contains(w) { return true }
            // A possessive whose base is a stop word went with its base.
            return Plural.isPossessive(w) && listStop.contains(String(w.dropLast(2)))
        }
        for id in 0..<R where rawCounts[id] > 0 {
            let c = canonicalOf(raw: id)
            guard c >= 0 else {
                let f = foldedOf[id]
                if f == Self.droppedNumber { dropped.numbers += rawCounts[id] }
                else if f == Self.droppedShort { dropped.tooShort += rawCounts[id] }
                else if listStop.count == stop.count || isOnList(Int(f)) { dropped.stopWords += rawCounts[id] }
                else { dropped.extraStopWords += rawCounts[id] }
                continue
            }
            counts[Int(c)] += rawCounts[id]
            if let target = spellingRaw(id) {
                spellingCount[target] += rawCounts[id]
            } else {
                let text = spellingText(id)
                if let k = extraIndex[text] { extraCounts[k] += rawCounts[id] } else {
                    extraIndex[text] = extraTexts.count
                    extraTexts.append(text); extraCounts.append(rawCounts[id]); extraFirst.append(id); extraCanonical.append(c)
                }
            }
        }
        // Best spelling per canonical word: a raw id (>= 0) or an extra spelling (-2 - index).
        var bestSpelling = [Int](repeating: -1, count: folded.count)
        var bestCount = [Int](repeating: 0, count: folded.count)
        var bestFirst = [Int](repeating: Int.max, count: folded.count)
        func offer(_ c: Int, _ handle: Int, _ n: Int, _ first: Int) {
            if n > bestCount[c] || (n == bestCount[c] && first < bestFirst[c]) {
                bestSpelling[c] = handle; bestCount[c] = n; bestFirst[c] = first
            }
        }
        for id in 0..<R where spellingCount[id] > 0 { offer(Int(canonicalOf(raw: id)), id, spellingCount[id], id) }
        for k in 0..<extraTexts.count { offer(Int(extraCanonical[k]), -2 - k, extraCounts[k], extraFirst[k]) }
        func shown(_ c: Int32) -> String {
            let b = bestSpelling[Int(c)]
            if b >= 0 { return spellingText(b) }
            if b <= -2 { return extraTexts[-2 - b] }
            return folded[Int(c)]
        }

        var terms: [Term] = []
        var collocationCount = 0
        var remaining = counts
        if options.collocations {
            let canonicalOfRaw = (0..<R).map { canonicalOf(raw: $0) }
            for w in CollocationFinder.find(pairs: bigrams, canonicalOfRaw: canonicalOfRaw, counts: counts,
                                            threshold: options.collocationThreshold) {
                remaining[Int(w.first)] -= w.count
                remaining[Int(w.second)] -= w.count
                let left = pairText(Int(w.rawFirst)), right = pairText(Int(w.rawSecond))
                let separator = Collocation.joinsWithoutSpace(left, right) ? "" : " "
                terms.append(Term(left + separator + right, weight: Double(w.count)))
                collocationCount += 1
            }
        }
        let singlesStart = terms.count
        for c in 0..<remaining.count where remaining[c] > 0 && canonical[c] == Int32(c) {
            terms.append(Term(shown(Int32(c)), weight: Double(remaining[c])))
        }
        let singlesEnd = terms.count
        for (p, n) in phraseCounts.enumerated() where n > 0 { terms.append(Term(phraseTexts[p], weight: Double(n))) }

        // The same spelling can arrive twice (a collocation equal to a phrase's text, or a Chinese word
        // equal to two joined characters): add them up. Only such texts are hashed: a single word
        // holds no space and, outside the scripts written without spaces, cannot equal a pair.
        // Without phrases, two terms can only coincide when one is a pair joined without a space (two
        // Chinese words equal to one), and then both hold such characters: texts without any skip
        // the hashing, and the copying, altogether.
        var unique: [Term] = []
        if phraseTexts.isEmpty && !terms[..<singlesEnd].contains(where: { Collocation.mayBeJoined($0.text) }) {
            unique = terms
        } else {
            var merged: [String: Int] = [:]
            for (k, t) in terms.enumerated() {
                let single = k >= singlesStart && k < singlesEnd
                guard !single || !phraseTexts.isEmpty || Collocation.mayBeJoined(t.text) else {
                    unique.append(t)
                    continue
                }
                if let i = merged[t.text] { unique[i].weight += t.weight } else { merged[t.text] = unique.count; unique.append(t) }
            }
        }
        unique = TermOrder.sorted(unique)
        let invalid = invalidFirst >= 0 ? InvalidUTF8Report(name: invalidName, firstOffset: invalidFirst, count: invalidCount) : nil
        // A protected phrase's tokens never reach `rawCounts`: add them so `tokens` counts every word read.
        var tokens = words + dropped.numbers + dropped.tooShort + dropped.tooLong
        for (key, p) in phraseByKey { tokens += phraseCounts[p] * key.count }
        return TextAnalysis(terms: unique, language: language, words: words, tokens: tokens, dropped: dropped,
                            bytes: offset, invalidUTF8: invalid, collocations: collocationCount)
    }
}

/// Suffix tests of English plural merging, on UTF-8 bytes: `String.hasSuffix` compares by grapheme
/// and ran 500 ns a call, over every word of the vocabulary.
enum Plural {
    /// Ends in `'s` or `’s`.
    static func isPossessive(_ w: String) -> Bool {
        let u = w.utf8
        guard u.last == UInt8(ascii: "s") else { return false }
        let rest = u.dropLast()
        return rest.last == UInt8(ascii: "'") || rest.suffix(3).elementsEqual([0xE2, 0x80, 0x99])
    }

    /// Ends in one `s` (not `ss`).
    static func endsInSingleS(_ w: String) -> Bool {
        let u = w.utf8
        return u.last == UInt8(ascii: "s") && u.dropLast().last != UInt8(ascii: "s")
    }
}

/// Dunning's log-likelihood collocation score, as the Python wordcloud package computes it.
enum Collocation {
    /// -2 log λ for the bigram count `bigram` of words counted `first` and `second` times among `words`.
    static func score(bigram c12: Int, first c1: Int, second c2: Int, words n: Int) -> Double {
        // One word making up the whole text: no evidence either way.
        if n <= c1 || n <= c2 { return 0 }
        // A pair seen no more often than chance is no collocation, however surprising its rarity:
        // the log-likelihood ratio is two-sided, and the Python package's use of it lets two common
        // words that are seldom adjacent ("word word") through. This also spares most pairs the logs.
        if c12 * n <= c1 * c2 { return 0 }
        let N = Double(n), c12 = Double(c12), c1 = Double(c1), c2 = Double(c2)
        let p = c2 / N, p1 = c12 / c1, p2 = (c2 - c12) / (N - c1)
        let s = l(c12, c1, p) + l(c2 - c12, N - c1, p) - l(c12, c1, p1) - l(c2 - c12, N - c1, p2)
        return -2 * s
    }

    /// The smallest bigram count that can score above `threshold` among `words` words. A pair seen
    /// k times scores highest when both words occur only in it (the score is 2N times the pair's mutual
    /// information, which cannot exceed either word's entropy); below this count every pair fails,
    /// so the long tail of pairs seen once or twice needs no logarithms at all.
    static func minimumCount(words n: Int, threshold: Double) -> UInt32 {
        var k = 1
        while k < 1000 && 2 * k < n && score(bigram: k, first: k, second: k, words: n) <= threshold { k += 1 }
        return UInt32(k)
    }

    private static func l(_ k: Double, _ n: Double, _ x: Double) -> Double {
        log(max(x, 1e-10)) * k + log(max(1 - x, 1e-10)) * (n - k)
    }

    /// Whether `text` holds a character of a script written without spaces, so a single word could
    /// equal two joined ones (a pair is joined only between such characters, see `joinsWithoutSpace`).
    static func mayBeJoined(_ text: String) -> Bool {
        // Those characters take three or four bytes: most texts are ruled out by a byte test.
        guard text.utf8.contains(where: { $0 >= 0xE0 }) else { return false }
        return text.unicodeScalars.contains { isNoSpaceScript($0) }
    }

    /// Thai, kana and Han: the scripts whose words are written without spaces between them.
    static func isNoSpaceScript(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0E00...0x0E7F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Whether two words of a phrase are written without a space between them (Chinese, Japanese, Thai).
    static func joinsWithoutSpace(_ a: String, _ b: String) -> Bool {
        guard let last = a.unicodeScalars.last, let first = b.unicodeScalars.first else { return false }
        return isNoSpaceScript(last) && isNoSpaceScript(first)
    }
}
