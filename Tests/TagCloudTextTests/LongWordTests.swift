import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// Words longer than `TermCounter.maximumWordBytes` are skipped whole and counted as such, never cut
/// into pieces, whatever chunks the text arrives in.
@Suite("Long words")
struct LongWordTests {
    private func options(_ configure: (inout TextOptions) -> Void = { _ in }) -> TextOptions {
        var o = TextOptions()
        o.language = .en
        o.collocations = false
        o.minimumLength = 1
        o.stopWords = .none
        configure(&o)
        return o
    }

    /// Counts `text` through the engine with a word bound of `bound` bytes, fed `chunk` bytes at a time.
    private func count(
        _ text: String, bound: Int, chunk: Int, _ options: TextOptions,
        pipelined: Bool = false
    ) throws -> TextAnalysis {
        let engine = try CountingEngine(options: options, name: "t", pipelinesOnOneCore: pipelined, maximumWordBytes: bound)
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { all in
            var i = 0
            while i < all.count {
                let end = min(i + chunk, all.count)
                try engine.feed(UnsafeBufferPointer(rebasing: all[i..<end]))
                i = end
            }
        }
        return try engine.finish()
    }

    @Test(
        "a 3,000,000-letter word is one word skipped, not words counted, at any chunk size",
        arguments: [1 << 20, 4_096, 65_537, 999_983, 3_100_000])
    func threeMillion(chunkSize: Int) throws {
        let long = String(repeating: "a", count: 3_000_000)
        for text in ["alpha beta " + long + " gamma alpha", "alpha beta," + long + ",gamma alpha"] {
            for pipelined in [false, true] {
                var counter = TermCounter(options())
                counter.pipelinesOnOneCore = pipelined
                let a = try counter.analyze(sources: [.text(text, name: "t")], chunkSize: chunkSize)
                #expect(a.dropped.tooLong == 1)
                #expect(a.dropped.total == 1)
                #expect(a.tokens == 5)
                #expect(a.terms == [Term("alpha", weight: 2), Term("beta"), Term("gamma")])
            }
        }
    }

    @Test("a word just within the bound is counted")
    func withinBound() throws {
        let word = String(repeating: "b", count: TermCounter.maximumWordBytes)
        let a = try TermCounter(options()).analyze(sources: [.text("x " + word + " y", name: "t")], chunkSize: 70_001)
        #expect(a.dropped.tooLong == 0)
        #expect(a.terms.contains { $0.text == word })
    }

    @Test("with a word pattern an overlong match is skipped too")
    func pattern() throws {
        let text = "b " + String(repeating: "a", count: 3_000_000) + " c b"
        let a = try TermCounter(options { $0.pattern = "\\S+" }).analyze(sources: [.text(text, name: "t")], chunkSize: 65_536)
        #expect(a.dropped.tooLong == 1)
        #expect(a.terms == [Term("b", weight: 2), Term("c")])
    }

    /// With a bound of 16 bytes, short texts cover the cases: long words between spaces, between
    /// punctuation, at the start and the end, with apostrophes (dropped whole even when apostrophes
    /// split words), hyphens, numbers and accented letters.
    @Test(
        "every chunk size gives the whole text's counts, and drops exactly its words over the bound",
        arguments: [
            "ab " + String(repeating: "a", count: 40) + " cd ab",
            "x," + String(repeating: "a", count: 40) + ",y z",
            String(repeating: "a", count: 40),
            "short " + String(repeating: "a", count: 40),
            String(repeating: "a", count: 17) + "'" + String(repeating: "b", count: 5) + " w don't",
            "well-" + String(repeating: "k", count: 20) + "-known ok",
            "12345678901234567890 12 " + String(repeating: "9", count: 30) + ".5",
            "één " + String(repeating: "é", count: 20) + " twee één",
            String(repeating: "ab,", count: 30),
            String(repeating: "a", count: 16) + " " + String(repeating: "b", count: 17),
        ])
    func smallBound(text: String) throws {
        for keepApostrophes in [true, false] {
            for keepHyphens in [false, true] {
                let o = options {
                    $0.keepApostrophes = keepApostrophes; $0.keepHyphens = keepHyphens; $0.includeNumbers = true
                }
                let whole = try count(text, bound: 16, chunk: text.utf8.count, o)
                var wordsOnly = o
                wordsOnly.keepApostrophes = true
                let expected = try WordTokenizer(options: wordsOnly).words(in: text).filter { $0.text.utf8.count > 16 }.count
                #expect(whole.dropped.tooLong == expected, "\(text)")
                for chunk in 1...24 {
                    for pipelined in [false, true] {
                        let a = try count(text, bound: 16, chunk: chunk, o, pipelined: pipelined)
                        #expect(a.terms == whole.terms, "\(text) in chunks of \(chunk)")
                        #expect(a.dropped == whole.dropped, "\(text) in chunks of \(chunk)")
                    }
                }
            }
        }
    }

    @Test("a long run of Chinese without spaces is cut between words, not skipped")
    func chineseRun() throws {
        let text = String(repeating: "北京是中国的首都。我们喜欢学习中文", count: 40)
        let a = try count(text, bound: 64, chunk: 50, options { $0.language = .zh })
        #expect(a.dropped.tooLong == 0)
        #expect(a.terms.contains { $0.text == "北京" })
        #expect(a.words > 200)
    }
}
