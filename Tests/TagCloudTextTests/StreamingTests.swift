import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// Writes `bytes` to a fresh temporary file.
private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-text-\(UUID().uuidString).txt")
    try Data(bytes).write(to: url)
    return url
}

private let mixedText = """
    \u{FEFF}Alice was beginning to get very tired of sitting by her sister on the bank.\r
    The White Rabbit said: "Oh dear! Oh dear! I shall be late!" — and the White Rabbit ran.\r
    北京是中国的首都。东京は日本の首都です。ภาษาไทยเป็นภาษาที่สวยงาม\r
    مرحبا بالعالم الجميل. हिन्दी भाषा बहुत सुंदर है। Straße, naïve café—emoji 🐇🐇 rabbits.\r
    well-known don't l’homme 3.14 1,000 New York new york.\r

    """

@Suite("Streaming")
struct StreamingTests {
    /// Every chunk size from 1 byte up cuts inside UTF-8 sequences (2-, 3- and 4-byte characters
    /// above) and inside words; the counts must equal those of the whole text.
    @Test("Any chunk size gives the counts of the whole text", arguments: [1, 2, 3, 5, 7, 16, 64, 1 << 20])
    func chunkBoundaries(chunkSize: Int) throws {
        var o = TextOptions()
        o.phrases = ["New York"]
        o.keepHyphens = true
        o.includeNumbers = true
        let text = String(repeating: mixedText, count: 3)
        let whole = try TermCounter(o).analyze(text)
        let url = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let streamed = try TermCounter(o).analyze(contentsOf: url, chunkSize: chunkSize)
        #expect(streamed.terms == whole.terms)
        #expect(streamed.words == whole.words)
        #expect(streamed.bytes == Int64(text.utf8.count))
        #expect(whole.terms.contains { $0.text == "Alice" })  // the BOM was dropped
        #expect(whole.terms.contains { $0.text == "New York" && $0.weight == 6 })
    }

    @Test("Invalid UTF-8 is replaced and reported once with its offset")
    func invalidUTF8() throws {
        let bytes: [UInt8] =
            Array("good words ".utf8) + [0xFF] + Array(" more good words ".utf8) + [0xE2, 0x82] + Array(" end".utf8) + [
                0xF0, 0x9F,
            ]
        for chunk in [1, 2, 4, 1024] {
            let url = try temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            let a = try TermCounter().analyze(contentsOf: url, chunkSize: chunk)
            #expect(a.invalidUTF8 == InvalidUTF8Report(name: url.path, firstOffset: 11, count: 3), "chunk \(chunk)")
            #expect(a.terms.first { $0.text == "good" }?.weight == 2)
            #expect(a.terms.contains { $0.text == "end" })
        }
    }

    @Test("NUL bytes are refused as binary input")
    func nulBytes() throws {
        let url = try temporaryFile(Array("some text".utf8) + [0] + Array("more".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TextError.binaryInput(name: url.path)) { try TermCounter().count(contentsOf: url) }
        #expect(throws: TextError.self) { try TermCounter().count("a\u{0}b") }
    }

    @Test("A missing file is an error naming it")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/words.txt")
        #expect(throws: TextError.unreadable(name: url.path, reason: "no such file")) { try TermCounter().count(contentsOf: url) }
    }

    @Test("Past the pair limit, pairs move to disk and every count stays exact")
    func bigramLimit() throws {
        var o = TextOptions()
        o.bigramLimit = 1000
        var rng = SeededRandom(seed: 9)
        let words = (0..<200).map { "w\(String($0, radix: 26))x" }
        var text = (0..<20_000).map { _ in words[rng.nextInt(below: words.count)] }.joined(separator: " ")
        // A pair seen 40 times, each time among 1,000 other distinct pairs: a table pruned of its rare
        // pairs as it reads would lose most of these sightings, and the collocation with them.
        for _ in 0..<40 {
            text += " zebra crossing " + (0..<1000).map { _ in words[rng.nextInt(below: words.count)] }.joined(separator: " ")
        }
        let limited = try TermCounter(o).analyze(text)
        let unlimited = try TermCounter().analyze(text)
        #expect(limited.terms == unlimited.terms)
        #expect(limited.collocations == unlimited.collocations)
        #expect(limited.terms.contains { $0.text == "zebra crossing" })
        let partial = try TermCounter(o).partialCount(text, key: "a", producer: "test")
        #expect(partial.spilledPairs > 0 && partial.pairCount <= 1000)
    }
}
