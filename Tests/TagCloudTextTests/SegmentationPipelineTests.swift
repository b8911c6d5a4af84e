import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// Counting with the segmentation on two threads must give exactly what one thread gives.
@Suite("Segmentation on two threads")
struct SegmentationPipelineTests {
    /// Fragments of many scripts, punctuation at word ends, hyphens, apostrophes and numbers, so the
    /// pieces the pipeline cuts end in every kind of state.
    private static let fragments = [
        "the", "White", "Rabbit", "rabbit,", "rabbits.", "don't", "l’homme", "well-known", "- ", "—", "3.14",
        "1,000", "New", "York", "new york;", "Straße", "naïve", "café!", "(alice)", "\"quoted\"", "…",
        "北京是中国的首都。", "东京は日本の首都です", "ภาษาไทยเป็นภาษาที่สวยงาม", "مرحبا", "بالعالم.", "हिन्दी", "भाषा।",
        "Москва,", "улица", "🐇", "e\u{301}te\u{301}", "x", "a-b-c", "it's", "?!", "\t", "\n", "\r\n",
    ]

    private static func text(seed: UInt64, words: Int) -> String {
        var rng = SeededRandom(seed: seed)
        var s = ""
        s.reserveCapacity(words * 8)
        for _ in 0..<words {
            // Skewed, so pairs repeat often enough to score as collocations.
            let i = min(rng.nextInt(below: fragments.count), rng.nextInt(below: fragments.count))
            s += fragments[i]
            s += rng.nextInt(below: 9) == 0 ? "  " : " "
        }
        return s
    }

    private static func options(seed: UInt64) -> TextOptions {
        var rng = SeededRandom(seed: seed &* 31)
        var o = TextOptions()
        o.keepHyphens = rng.nextInt(below: 2) == 0
        o.keepApostrophes = rng.nextInt(below: 2) == 0
        o.includeNumbers = rng.nextInt(below: 2) == 0
        o.minimumLength = 1 + rng.nextInt(below: 2)
        // A low threshold reports many pairs, so a pair counted across punctuation would show.
        o.collocationThreshold = 3
        if rng.nextInt(below: 2) == 0 { o.phrases = ["New York", "White Rabbit"] }
        return o
    }

    private static func count(_ text: String, _ options: TextOptions, chunkSize: Int, twoThreads: Bool) throws -> TextAnalysis {
        var o = options
        o.segmentsConcurrently = twoThreads
        var counter = TermCounter(o)
        counter.pipelinesOnOneCore = twoThreads
        return try counter.analyze(sources: [.text(text, name: "text")], chunkSize: chunkSize)
    }

    private static func expectSame(_ a: TextAnalysis, _ b: TextAnalysis, _ note: String) {
        #expect(a.terms == b.terms, "\(note)")
        #expect(a.words == b.words, "\(note)")
        #expect(a.tokens == b.tokens, "\(note)")
        #expect(a.dropped == b.dropped, "\(note)")
        #expect(a.collocations == b.collocations, "\(note)")
        #expect(a.language == b.language, "\(note)")
    }

    @Test("Random texts and options: two threads count exactly as one", arguments: [1, 2, 3, 4, 5, 6])
    func randomTexts(seed: Int) throws {
        let s = UInt64(seed)
        let text = Self.text(seed: s, words: 4_000)
        let options = Self.options(seed: s)
        for chunkSize in [1, 7, 100, 4096, 1 << 20] {
            let one = try Self.count(text, options, chunkSize: chunkSize, twoThreads: false)
            let two = try Self.count(text, options, chunkSize: chunkSize, twoThreads: true)
            Self.expectSame(one, two, "seed \(seed), chunk \(chunkSize)")
            #expect(one.collocations > 0, "the test must exercise word pairs")
        }
    }

    /// Above 256 KB a buffer is cut into several pieces that both threads segment at once.
    @Test("A long text cut into many pieces counts exactly as on one thread")
    func longText() throws {
        let text = Self.text(seed: 77, words: 120_000)
        #expect(text.utf8.count > 3 * (1 << 17))
        let options = Self.options(seed: 77)
        for chunkSize in [1 << 16, 1 << 20] {
            let one = try Self.count(text, options, chunkSize: chunkSize, twoThreads: false)
            let two = try Self.count(text, options, chunkSize: chunkSize, twoThreads: true)
            Self.expectSame(one, two, "chunk \(chunkSize)")
        }
    }

    /// With 7-byte chunks every piece is one word, and "rabbit" starts the piece after the one
    /// ending in "white,": only the comma carried from that piece keeps the pair apart.
    @Test("Punctuation at the end of one piece separates the first word of the next")
    func punctuationCarry() throws {
        var o = TextOptions()
        o.language = .en
        let apart = try Self.count(String(repeating: "white, rabbit ", count: 300), o, chunkSize: 7, twoThreads: true)
        #expect(!apart.terms.contains { $0.text == "white rabbit" })
        // No punctuation between "rabbit" and the next "white": that pair is one.
        #expect(apart.terms.contains { $0.text == "rabbit white" && $0.weight == 299 })
        Self.expectSame(
            apart, try Self.count(String(repeating: "white, rabbit ", count: 300), o, chunkSize: 7, twoThreads: false),
            "one thread")
        let together = try Self.count(String(repeating: "white rabbit ", count: 300), o, chunkSize: 7, twoThreads: true)
        #expect(together.terms.contains { $0.text == "white rabbit" && $0.weight == 300 })
    }

    @Test("A NUL byte after many pieces is refused, and the worker stops")
    func errorMidStream() throws {
        let text = Self.text(seed: 5, words: 60_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-pipeline-\(UUID().uuidString).txt")
        try Data(Array(text.utf8) + [0] + Array(" tail".utf8)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var counter = TermCounter()
        counter.pipelinesOnOneCore = true
        for chunkSize in [1 << 12, 1 << 20] {
            #expect(throws: TextError.binaryInput(name: url.path)) {
                try counter.analyze(contentsOf: url, chunkSize: chunkSize)
            }
        }
    }
}
