import Foundation
import Testing

@testable import TagCloudText

/// `TextAnalysis.dropped` and `tokens`: every word read is accounted for by the filter that removed
/// it, which is what lets the command line say why a text left no words.
@Suite("Words removed by each filter")
struct DroppedWordsTests {
    private func analyze(_ text: String, _ configure: (inout TextOptions) -> Void = { _ in }) throws -> TextAnalysis {
        var o = TextOptions()
        o.language = .en
        configure(&o)
        return try TermCounter(o).analyze(text)
    }

    @Test("numbers, short words and stop words are counted per filter, per token")
    func perFilter() throws {
        let a = try analyze("The cat and the dog saw 3 cats in 1999 and 2001, a x y cat.")
        #expect(a.tokens == 16)
        #expect(a.dropped.numbers == 3)
        #expect(a.dropped.tooShort == 3)  // a, x, y
        #expect(a.dropped.stopWords == 5)  // The, and, the, in, and
        #expect(a.dropped.extraStopWords == 0)
        #expect(a.words == a.tokens - a.dropped.numbers - a.dropped.tooShort)
    }

    @Test("added stop words are told apart from the list in use")
    func added() throws {
        let a = try analyze("the cat the dog cat", { $0.extraStopWords = ["cat"] })
        #expect(a.dropped.stopWords == 2)
        #expect(a.dropped.extraStopWords == 2)
        #expect(a.terms.map(\.text) == ["dog"])
    }

    @Test("a text left with no terms is fully explained")
    func allRemoved() throws {
        let a = try analyze("the and of it 42 x")
        #expect(a.terms.isEmpty)
        #expect(a.tokens == 6)
        #expect(a.dropped.total == a.tokens)
        #expect(
            a.dropped
                == {
                    var d = DroppedWords(); d.stopWords = 4; d.numbers = 1; d.tooShort = 1; return d
                }())
    }

    @Test("including numbers and a shorter minimum removes nothing; a pattern that matches nothing reads no token")
    func relaxed() throws {
        let kept = try analyze(
            "42 x 42",
            {
                $0.includeNumbers = true; $0.minimumLength = 1
            })
        #expect(kept.dropped.total == 0)
        #expect(kept.tokens == 3)
        let none = try analyze("no hashtags here", { $0.pattern = "#\\w+" })
        #expect(none.tokens == 0 && none.terms.isEmpty)
    }

    @Test("a protected phrase's words count as read, not as dropped")
    func phrases() throws {
        let a = try analyze("New York and new york", { $0.phrases = ["New York"] })
        #expect(a.tokens == 5)
        #expect(a.dropped.stopWords == 1)
        #expect(a.terms.map(\.text) == ["New York"])
    }
}
