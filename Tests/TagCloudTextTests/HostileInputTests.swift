import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// JSON positions, one-line tags, huge weights and bounded file reads.
@Suite("Hostile input")
struct HostileInputTests {
    private func message(_ text: String, _ name: String) -> String? {
        do {
            _ = try TagListReader.read(data: Data(text.utf8), name: name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: JSON lone surrogates

    @Test(
        "a lone surrogate escape is reported at its line and column",
        arguments: [
            ("[\"\\ud800\"]", 1, 3, "\\ud800 is a high surrogate without the low one that must follow"),
            ("[\n  \"ok\",\n  \"x\\ud800y\"\n]", 3, 5, "\\ud800 is a high surrogate"),
            ("[\"é\\udc00\"]", 1, 4, "\\udc00 is a low surrogate without the high one that must come first"),
            ("{\"a\": \"\\uD83D\\u0041\"}", 1, 8, "\\ud83d is a high surrogate"),
            ("[\"\\\\ud800\", \"\\uDBFF\"]", 1, 14, "\\udbff is a high surrogate"),
        ])
    func loneSurrogate(text: String, line: Int, column: Int, reason: String) throws {
        let error = try #require(message(text, "tags.json"))
        #expect(error.hasPrefix("tags.json:\(line):\(column): not valid JSON (\(reason)"), "\(error)")
    }

    @Test(
        "pairs and escaped backslashes are no lone surrogates",
        arguments: ["[\"\\ud83d\\ude00\"]", "[\"\\\\ud800\"]", "[\"a\\\"\\u0041\"]"])
    func noLoneSurrogate(text: String) {
        #expect(message(text, "tags.json") == nil)
    }

    // MARK: Tag text is one line

    @Test(
        "tags from CSV and JSON lose tabs, line breaks and controls",
        arguments: [
            ("tags.json", "[{\"text\": \"a\\tb\", \"weight\": 2}]", "a b"),
            ("tags.json", "[\"new\\r\\nline\"]", "new line"),
            ("tags.json", "{\"\\u001b[31mred\": 1}", "[31mred"),
            ("tags.csv", "\"multi\n\tline\",3", "multi line"),
            ("tags.txt", "bell\u{7}ing\t2", "belling"),
        ])
    func oneLineTags(name: String, text: String, expected: String) throws {
        let terms = try TagListReader.read(data: Data(text.utf8), name: name)
        #expect(terms.map(\.text) == [expected])
    }

    @Test("a tag of nothing but controls is empty")
    func onlyControls() {
        #expect(message("[\"\\u0007\\t\"]", "tags.json") == "tags.json: item 1: the tag is empty")
    }

    // MARK: Huge weights

    @Test(
        "huge but finite weights are read as they are",
        arguments: [
            ("a\t9223372036855\n", 9_223_372_036_855.0), ("a\t1e300\n", 1e300),
            ("a\t1.7976931348623157e308\n", .greatestFiniteMagnitude),
        ])
    func hugeWeights(text: String, weight: Double) throws {
        #expect(try TagListReader.read(data: Data(text.utf8), name: "t.tsv") == [Term("a", weight: weight)])
        let json = "[{\"text\": \"a\", \"weight\": \(text.split(separator: "\t")[1].dropLast())}]"
        #expect(try TagListReader.read(data: Data(json.utf8), name: "t.json").first?.weight == weight)
    }

    @Test(
        "weights beyond Double are errors, not traps",
        arguments: [
            ("t.tsv", "a\t1e400", "t.tsv:1:2: weight \"1e400\" is not a finite number"),
            ("t.tsv", "a\t-1e300", "t.tsv:1:2: weight \"-1e300\" is negative (weights must be 0 or more)"),
            ("t.json", "{\"a\": -1e300}", "t.json: key \"a\": weight -1e+300 is negative (weights must be 0 or more)"),
        ])
    func beyondDouble(name: String, text: String, expected: String) {
        #expect(message(text, name) == expected)
    }

    // MARK: Bounded reads

    @Test("a stop-word file larger than the limit is refused without reading it all")
    func largeStopWordFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-stop-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "a"), count: StopWords.maximumFileBytes + 1).write(to: url)
        #expect(throws: TextError.tooLarge(name: url.path, limit: StopWords.maximumFileBytes, what: "a stop-word file")) {
            _ = try StopWords.read(path: url.path)
        }
        #expect(
            TextError.tooLarge(name: "s.txt", limit: 8 << 20, what: "a stop-word file").description
                == "s.txt is larger than 8 MB, the most a stop-word file may be")
    }

    @Test("a device that never ends is stopped at the limit")
    func endlessDevice() throws {
        #expect(throws: TextError.tooLarge(name: "/dev/zero", limit: StopWords.maximumFileBytes, what: "a stop-word file")) {
            _ = try StopWords.read(path: "/dev/zero")
        }
        #expect(throws: WholeFile.Failure.tooLarge(limit: 1000)) { try WholeFile.contents(of: "/dev/zero", limit: 1000) }
    }

    @Test("a file within the limit is read whole")
    func withinLimit() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-stop-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("the\n# comment\nRabbit\n".utf8).write(to: url)
        #expect(try StopWords.read(path: url.path) == ["the", "rabbit"])
        #expect(try WholeFile.contents(of: url.path, limit: 21) == Data("the\n# comment\nRabbit\n".utf8))
        #expect(throws: WholeFile.Failure.tooLarge(limit: 20)) { try WholeFile.contents(of: url.path, limit: 20) }
        #expect(throws: WholeFile.Failure.missing) { try WholeFile.contents(of: "/nonexistent/x", limit: 20) }
    }
}
