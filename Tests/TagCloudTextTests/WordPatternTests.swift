import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// `--word-pattern`: bounded matching, the checks on the pattern, and one-line terms.
@Suite("Word patterns")
struct WordPatternTests {
    private func options(_ pattern: String) -> TextOptions {
        var o = TextOptions()
        o.pattern = pattern
        o.collocations = false
        o.minimumLength = 1
        o.stopWords = .none
        return o
    }

    /// The error a count of `text` fails with, or nil.
    private func failure(
        _ pattern: String, _ text: String, name: String = "text", pipelined: Bool = false,
        chunkSize: Int = 1 << 20
    ) -> TextError? {
        var counter = TermCounter(options(pattern))
        counter.pipelinesOnOneCore = pipelined
        do {
            _ = try counter.analyze(sources: [.text(text, name: name)], chunkSize: chunkSize)
            return nil
        } catch let error as TextError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    // MARK: Catastrophic backtracking

    @Test(
        "a pattern that backtracks catastrophically stops with an error naming it, the input and the line",
        arguments: [false, true])
    func catastrophic(pipelined: Bool) throws {
        let text = "first line\nsecond line\n" + String(repeating: "a", count: 5_000) + "\nlast"
        let error = try #require(failure("(a+)+b", text, name: "book.txt", pipelined: pipelined))
        #expect(error == .patternTooComplex(pattern: "(a+)+b", name: "book.txt", line: 3, limit: .steps))
        #expect(error.description.hasPrefix("book.txt:3: word pattern \"(a+)+b\" backtracks too much"))
        #expect(error.description.contains("simplify the pattern"))
    }

    @Test("the line is counted across read chunks and inputs")
    func lineAcrossChunksAndInputs() throws {
        let first = String(repeating: "x\n", count: 700)
        let second = String(repeating: "y\n", count: 40) + String(repeating: "a", count: 3_000)
        var counter = TermCounter(options("(a|aa)+b"))
        counter.pipelinesOnOneCore = true
        #expect(throws: TextError.patternTooComplex(pattern: "(a|aa)+b", name: "two.txt", line: 41, limit: .steps)) {
            _ = try counter.analyze(sources: [.text(first, name: "one.txt"), .text(second, name: "two.txt")], chunkSize: 97)
        }
    }

    @Test("a pattern slow at every position without being exponential at any stops too")
    func quadratic() throws {
        // Each start position scans the rest of the word and backtracks over it: 12 million steps in all.
        let error = try #require(failure("[a-z]+x", String(repeating: "a", count: 5_000)))
        #expect(error == .patternTooComplex(pattern: "[a-z]+x", name: "text", line: 1, limit: .steps))
    }

    @Test(
        "a pattern slow at every position over 1 MB of 1,900-letter words stops in its first word",
        arguments: [false, true])
    func quadraticOverAMegabyte(pipelined: Bool) throws {
        // About 950 steps per character: within a budget of 1,000 per character this took 13 s per MB.
        let word = String(repeating: "a", count: 1_900) + " "
        let text = String(repeating: word, count: (1 << 20) / word.utf8.count)
        let started = ContinuousClock.now
        let error = try #require(failure("[a-z]+x", text, pipelined: pipelined))
        #expect(error == .patternTooComplex(pattern: "[a-z]+x", name: "text", line: 1, limit: .steps))
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test("the tokenizer reports the same limit")
    func tokenizer() throws {
        #expect(throws: TextError.patternTooComplex(pattern: "(a+)+b", name: "text", line: 2, limit: .steps)) {
            _ = try WordTokenizer(options: options("(a+)+b")).words(in: "x\n" + String(repeating: "a", count: 5_000))
        }
    }

    @Test(
        "ordinary patterns over long texts and long matches are not stopped",
        arguments: [
            "\\w+", "(?:\\w|-)+", "\\S+", "[\\p{L}\\p{M}'-]+",
            "(?i)\\b(?:the|and|of|to|in|that|was|he|it|with|as|his|on|be|at|by|had|not|are|but|from|or|have|an|they|which|one|you|were|her|all|she|there|would|their|we|him|been|has|when|who|will|more|no|if|out|so|said|what|up|its|about|into|than|them|can|only|other|new|some|could|time)\\b",
        ])
    func ordinary(pattern: String) throws {
        let prose = String(
            repeating: "It was the best of times, it was the worst of times; well-known words and more. ", count: 10_000)
        let text = prose + String(repeating: "b", count: 300_000) + " end"
        let a = try TermCounter(options(pattern)).analyze(text)
        #expect(a.words > 50_000)
    }

    // MARK: Checks on the pattern

    @Test(
        "an invalid pattern is an error saying where",
        arguments: [
            ("([", "it does not compile: a [ is never closed"),
            ("(ab", "it does not compile: unbalanced parentheses"),
            ("a{3,1}", "it does not compile: a {min,max} repetition with max below min"),
            ("\\p{Nonsense}", "it does not compile: an unknown property in \\p{…}"),
        ])
    func invalid(pattern: String, reason: String) throws {
        do {
            try WordPattern.check(pattern)
            Issue.record("\(pattern) was accepted")
        } catch let TextError.invalidPattern(p, r) {
            #expect(p == pattern)
            #expect(r.hasPrefix(reason) && r.contains("at character"), "\(r)")
        }
        #expect(throws: TextError.self) { _ = try WordTokenizer(options: options(pattern)) }
    }

    @Test("a pattern that matches the empty text is refused", arguments: ["\\w*", "a?", "^", "(x|)", "x*|y", "$"])
    func matchesEmpty(pattern: String) throws {
        #expect(
            throws: TextError.invalidPattern(
                pattern: pattern,
                reason:
                    "it matches the empty text, and a word cannot be empty (use + rather than *, e.g. \\w+ rather than \\w*)")
        ) {
            try WordPattern.check(pattern)
        }
        #expect(throws: TextError.self) { _ = try TermCounter(options(pattern)).analyze("some words") }
    }

    @Test("usable patterns pass the check", arguments: ["\\w+", "#\\w+", "\\b\\w", "(?<=#)\\w+", "\\p{Han}+"])
    func usable(pattern: String) throws {
        try WordPattern.check(pattern)
    }

    @Test("a pattern longer than the limit is refused")
    func tooLong() throws {
        let pattern = String(repeating: "a", count: WordPattern.maximumLength + 1)
        #expect(throws: TextError.invalidPattern(pattern: pattern, reason: "it is longer than 65536 characters")) {
            try WordPattern.check(pattern)
        }
    }

    // MARK: Matches become one-line terms

    /// A match cannot span the last whitespace of the text read so far (the counter cuts there), so
    /// the texts go on after the match.
    @Test(
        "a match holding tabs, line breaks or controls becomes a term without them",
        arguments: [
            ("a\\tb", "x a\tb y", "a b"),
            ("\\w+\\s+\\w+", "New\nYork end", "New York"),
            ("\\w+\\s+\\w+", "New\r\n\t York end", "New York"),
            ("[^ ]+", "x\u{1B}[31my", "x[31my"),
            ("\\S+\\s+\\S+", "a\u{7}\t\u{2028}b end", "a b"),
            ("\\s*\\w+\\s*", "\tword\n", "word"),
        ])
    func oneLine(pattern: String, text: String, term: String) throws {
        let terms = try TermCounter(options(pattern)).count(text)
        #expect(terms.map(\.text) == [term])
        #expect(try WordTokenizer(options: options(pattern)).words(in: text).map(\.text) == [term])
    }

    @Test("a match of nothing but spaces and controls is no word")
    func onlySpaces() throws {
        let a = try TermCounter(options("\\s+|\\w+")).analyze("one \t\n two")
        #expect(a.terms.map(\.text).sorted() == ["one", "two"])
        #expect(a.tokens == 2)
    }

    @Test("no term of a pattern count holds a tab, a line break or a control character")
    func noControlInAnyTerm() throws {
        var text = ""
        for c in 0..<0x20 where c != 0 { text += "w\(c)\(String(UnicodeScalar(UInt8(c))))x " }
        text += "tab\there line\nbreak del\u{7F}x nel\u{85}y"
        let terms = try TermCounter(options("\\w+.\\w+")).count(text)
        #expect(!terms.isEmpty)
        for t in terms {
            #expect(
                !t.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" },
                "\(t.text.debugDescription)")
        }
    }

    @Test("phrases lose their control characters too")
    func phrases() throws {
        var o = TextOptions()
        o.phrases = ["New\u{1B}\tYork"]
        o.language = .en
        let terms = try TermCounter(o).count("I love New York and New York loves me")
        #expect(terms.contains { $0.text == "New York" })
    }
}

@Suite("Term text")
struct TermTextTests {
    @Test(
        "runs of spaces and controls",
        arguments: [
            ("plain", "plain"), ("a\tb", "a b"), ("a \t\r\n b", "a b"), ("\ta\n", "a"), ("a\u{1B}b", "ab"),
            ("a\u{1B} b", "a b"), ("a\u{85}b", "a b"), ("a\u{2029}b", "a b"), ("a\u{A0}b", "a\u{A0}b"),
            ("a\u{3000}b", "a\u{3000}b"), ("\u{7}\u{8}", ""), ("é\u{9F}ü", "éü"), ("a\u{7F}b", "ab"),
        ])
    func normalized(text: String, expected: String) {
        #expect(TermText.normalized(text) == expected)
        var bytes = Array(text.utf8)
        let n = bytes.withUnsafeMutableBufferPointer { TermText.normalize($0.baseAddress!, $0.count) }
        #expect(String(decoding: bytes[0..<n], as: UTF8.self) == expected)
    }
}
