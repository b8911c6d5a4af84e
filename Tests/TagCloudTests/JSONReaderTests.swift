import Testing

@testable import TagCloud

/// The strict JSON reader: values, escapes, positions of errors, limits.
@Suite("JSON reader")
struct JSONReaderTests {
    private func value(_ text: String, limit: Int = 1000) throws(JSONError) -> JSONValue {
        var r = JSONReader(Array(text.utf8))
        let v = try r.readValue(limit: limit)
        try r.finish()
        return v
    }

    private func failure(_ text: String, depth: Int = 100) -> JSONError? {
        var r = JSONReader(Array(text.utf8), maximumDepth: depth)
        do {
            _ = try r.readValue(limit: 1000)
            try r.finish()
            return nil
        } catch {
            return error
        }
    }

    @Test("values of every kind, members in order, numbers with their text")
    func values() throws {
        let v = try value(#" {"b": [1, -2.5e3, true, false, null], "a": "x\u00e9\ud83d\ude00\n\"/"} "#)
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(
            members[0].value
                == .array([
                    .number(JSONNumber(value: 1, text: "1")), .number(JSONNumber(value: -2500, text: "-2.5e3")),
                    .bool(true), .bool(false), .null,
                ]))
        #expect(members[1].value == .string("xé😀\n\"/"))
        #expect(JSONNumber(value: 1, text: "1").isInteger && !JSONNumber(value: 1, text: "1.0").isInteger)
        #expect(try value("\u{FEFF}[]") == .array([]))
    }

    @Test(
        "errors name the line and column (in characters) of the byte at fault",
        arguments: [
            ("[\"a\", ", 1, 7, "unexpected end of the text"),
            ("[1 2]", 1, 4, "unexpected \"2\": expected \",\" or \"]\""),
            ("[1,]", 1, 4, "unexpected \"]\": expected another member"),
            ("{\"a\" 1}", 1, 6, "expected \":\" after a key"),
            ("{\"é\": tru}", 1, 10, "expected true or false"),
            ("[01]", 1, 3, "expected the end of the number"),
            ("[1.]", 1, 4, "a digit after the decimal point"),
            ("[\n  \"ok\",\n  \"x\\ud800y\"\n]", 3, 5, "\\ud800 is a high surrogate without the low one"),
            ("[\"é\\udc00\"]", 1, 4, "\\udc00 is a low surrogate without the high one"),
            ("{\"a\": \"\\uD83D\\u0041\"}", 1, 8, "\\ud83d is a high surrogate"),
            ("[\"a\tb\"]", 1, 4, "byte 0x09 inside a string"),
            ("[\"\\x\"]", 1, 3, "\\x is not an escape"),
            ("[1e400]", 1, 2, "the number 1e400 is too large"),
            ("[] []", 1, 4, "expected the end of the text after the value"),
            ("[\"abc", 1, 2, "the string begun here is never closed"),
            ("{\"a\": nul}", 1, 10, "expected null"),
            ("[truex]", 1, 6, "expected the end of true"),
        ])
    func errors(text: String, line: Int, column: Int, reason: String) {
        let e = failure(text)
        #expect(e?.line == line && e?.column == column, "\(String(describing: e))")
        #expect(e?.reason.contains(reason) == true, "\(String(describing: e))")
    }

    @Test("bytes that are not UTF-8 are refused where they are")
    func notUTF8() {
        for bad in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]] {
            var r = JSONReader(Array("[\"ab".utf8) + bad + Array("\"]".utf8))
            do {
                _ = try r.readValue(limit: 10)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.column == 5 && error.reason.contains("is not UTF-8"), "\(error)")
            }
        }
    }

    @Test("nesting past the depth limit and values past the count limit are refused while reading")
    func limits() {
        #expect(
            failure(String(repeating: "[", count: 101) + String(repeating: "]", count: 101))?.reason.contains("nested") == true)
        #expect(failure("[[[]]]", depth: 3) == nil)
        #expect(failure("[[[[]]]]", depth: 3)?.column == 4)
        #expect(throws: JSONError.self) { try value("[1, 2, 3, 4]", limit: 4) }
        #expect((try? value("[1, 2, 3]", limit: 4)) != nil)
    }

    @Test("an array read element by element stops at the first problem, not after the whole text")
    func streaming() throws {
        var r = JSONReader(Array("[1, 2, 3, }".utf8))
        try r.beginArray()
        var seen: [Double] = []
        for _ in 0..<3 {
            #expect(try r.nextElement())
            seen.append(try r.readNumber().value)
        }
        #expect(seen == [1, 2, 3])
        #expect(throws: JSONError.self) { if try r.nextElement() { _ = try r.readNumber() } }
    }

    @Test("skipValue passes over nested values")
    func skip() throws {
        var r = JSONReader(Array(#"{"x": {"y": [1, {"z": "w"}]}, "k": 5}"#.utf8))
        try r.beginObject()
        #expect(try r.nextKey() == "x")
        try r.skipValue()
        #expect(try r.nextKey() == "k")
        #expect(try r.readNumber().value == 5)
        #expect(try r.nextKey() == nil)
        try r.finish()
    }
}
