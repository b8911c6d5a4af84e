import Foundation
import TagCloud
import Testing

@testable import TagCloudText

private func read(_ text: String, _ name: String, _ format: TagListFormat? = nil) throws -> [Term] {
    try TagListReader.read(data: Data(text.utf8), name: name, format: format)
}

/// The error message a read fails with, or nil if it succeeds.
private func failure(_ text: String, _ name: String, _ format: TagListFormat? = nil) -> String? {
    failure(Data(text.utf8), name, format)
}

private func failure(_ data: Data, _ name: String, _ format: TagListFormat? = nil) -> String? {
    do throws(TextError) {
        _ = try TagListReader.read(data: data, name: name, format: format)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct TagListReaderTests {
    // MARK: Format guessing

    @Test(
        "format from extension",
        arguments: [
            ("tags.json", TagListFormat.json), ("dir.v2/TAGS.CSV", .csv), ("tags.tsv", .tsv), ("tags.txt", .lines),
            ("tags", .lines), ("-", .lines), ("archive.d/tags", .lines),
        ])
    func guess(name: String, format: TagListFormat) {
        #expect(TagListFormat(guessingFrom: name) == format)
    }

    @Test(
        "a pasted or dropped list: the name's extension when it has one of ours, else what the text looks like",
        arguments: [
            (nil, " [\"a\"]", TagListFormat.json), (nil, "{\"a\": 1}", .json), (nil, "# tags\na,2", .csv),
            (nil, "a, b\t2", .lines), (nil, "swift 3", .lines), ("t.tsv", "a,2", .tsv), ("t.md", "a,2", .csv),
            ("t.json", "a", .json),
        ] as [(String?, String, TagListFormat)])
    func guessByText(name: String?, text: String, format: TagListFormat) {
        #expect(TagListFormat(guessingFrom: name, text: text) == format)
    }

    @Test("a plain {text, weight} object reads as the same line of a TSV list does, and fails as it does")
    func plainObjectsMatchLines() throws {
        let rows: [(text: String, weight: String)] = [
            ("swift", "3"), ("  spaced  ", "0"), ("Zürich", "2.5"), ("中文", "1e300"), ("a\u{200B}", "7"),
            ("New York", "0.30000000000000004"),
        ]
        let lines = rows.map { "\($0.text)\t\($0.weight)" }.joined(separator: "\n")
        let objects = rows.map { #"{"text": "\#($0.text)", "weight": \#($0.weight)}"# }.joined(separator: ", ")
        #expect(try read("[\(objects)]", "t.json") == (try read(lines, "t.tsv")))
        // Without a weight, a weight of 1, as a line without one.
        #expect(try read(#"[{"text": " go "}]"#, "t.json") == [Term("go", weight: 1)])
        for bad in [#"{"text": "   "}"#, #"{"text": "x", "weight": -1}"#, #"{"text": "x", "weight": null, "y": 2}"#] {
            #expect(failure("[\(bad)]", "t.json") != nil, "\(bad)")
        }
    }

    @Test func explicitFormatOverridesExtension() throws {
        #expect(try read("[\"a\"]", "tags.txt", .json) == [Term("a")])
        #expect(try read("[\"a\"]", "tags.json", .lines) == [Term("[\"a\"]")])
    }

    // MARK: Lines and TSV

    @Test func linesForms() throws {
        let text = """
            # a comment
            swift\t3
            tag cloud
              \t
            linux\t2.5\thttps://kernel.org\tk1

            rust\t\t\tr1
            """
        #expect(
            try read(text, "tags.txt") == [
                Term("swift", weight: 3),
                Term("tag cloud"),
                Term("linux", weight: 2.5, id: "k1", link: "https://kernel.org"),
                Term("rust", id: "r1"),
            ])
    }

    @Test("lines and trimming match Foundation's on random text of spaces, newlines and marks")
    func linesAndTrimmingMatchFoundation() {
        // Every kind of line break and space the readers must treat as Foundation does, with a
        // combining mark and a flag's halves (clusters a scalar split must not cut) among letters.
        let alphabet: [String] = [
            "a", "é", "\u{301}", "\t", " ", "\u{A0}", "\u{3000}", "\n", "\r", "\r\n", "\u{0B}",
            "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "#", "🇫", "🇷", "漢",
        ]
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let text = (0..<rng.nextInt(below: 24)).map { _ in alphabet[rng.nextInt(below: alphabet.count)] }.joined()
            let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            #expect(TagListReader.lines(of: text).map(String.init) == expected, "\(Array(text.unicodeScalars))")
            #expect(
                TagListReader.trimmed(text, newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(Array(text.unicodeScalars))")
            #expect(TagListReader.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
        // Linux's Foundation also counts U+200B ZERO WIDTH SPACE as a space, and so do the readers
        // (a tag never begins or ends with an invisible one), whatever this platform's Foundation says.
        #expect(TagListReader.trimmed("\u{200B} a\u{200B}") == "a")
        #expect(TagListReader.trimmed("\u{200B}\na\u{2028}", newlines: true) == "a")
    }

    @Test("BOM and line endings", arguments: ["\u{FEFF}a\t2\nb\n", "a\t2\r\nb\r\n", "a\t2\rb", "\u{FEFF}a\t2\r\nb"])
    func lineEndings(text: String) throws {
        #expect(try read(text, "tags.tsv") == [Term("a", weight: 2), Term("b")])
    }

    @Test(
        "line and TSV errors name file, line and column",
        arguments: [
            (
                "a\nb\nc\tabc\n",
                "tags.tsv:3:2: weight \"abc\" is not a number (write tag<TAB>weight with a number, e.g. swift<TAB>3)"
            ),
            ("a\t-2", "tags.tsv:1:2: weight \"-2\" is negative (weights must be 0 or more)"),
            ("# c\na\tnan", "tags.tsv:2:2: weight \"nan\" is not a finite number"),
            ("a\tinf", "tags.tsv:1:2: weight \"inf\" is not a finite number"),
            ("\t3", "tags.tsv:1:1: the tag is empty"),
            ("a\t1\tl\ti\textra", "tags.tsv:1:5: too many tab-separated columns (expected tag, weight, link, id)"),
            ("# only\n\n  \n", "tags.tsv has no tags (only blank lines or comments)"),
            ("", "tags.tsv has no tags (only blank lines or comments)"),
        ])
    func lineErrors(text: String, message: String) {
        #expect(failure(text, "tags.tsv") == message)
    }

    // MARK: CSV

    @Test func csvForms() throws {
        let text = #"""
            swift,3
            "tag, cloud",2,https://x.org/?a=1,id1,#ff0000,langs
            "say ""hi""", 1.5 ,,,navy,
            plain

            "multi
            line",4
            """#
        #expect(
            try read(text, "tags.csv") == [
                Term("swift", weight: 3),
                Term(
                    "tag, cloud", weight: 2, id: "id1", link: "https://x.org/?a=1", color: Color(rgb: 0xFF0000),
                    group: "langs"),
                Term("say \"hi\"", weight: 1.5, color: Color(rgb: 0x000080)),
                Term("plain"),
                Term("multi line", weight: 4),  // a term is one line (see `TermText`)
            ])
    }

    @Test("CSV header rows are skipped", arguments: ["text,weight", "Word,Count", "tag, frequency", "\"term\",VALUE"])
    func csvHeader(header: String) throws {
        #expect(try read(header + "\r\nswift,3\r\n", "tags.csv") == [Term("swift", weight: 3)])
    }

    @Test func csvQuoteAfterSpaceAndCRLF() throws {
        #expect(
            try read("a, 2, \"https://x.org/a,b\" \r\n\"x\"\r\n", "t.csv")
                == [Term("a", weight: 2, link: "https://x.org/a,b"), Term("x")])
    }

    @Test(
        "CSV errors name file, line and column",
        arguments: [
            (
                "text,weight\nswift,3\nrust,abc\n",
                "tags.csv:3:2: weight \"abc\" is not a number (write text,weight with a number, e.g. swift,3)"
            ),
            (
                "text,weights\nswift,3\n",
                "tags.csv:1:2: weight \"weights\" is not a number (write text,weight with a number, e.g. swift,3)"
            ),
            ("\"a\nb\",x", "tags.csv:1:2: weight \"x\" is not a number (write text,weight with a number, e.g. swift,3)"),
            ("\"a\nb\",1\nc,-1", "tags.csv:3:2: weight \"-1\" is negative (weights must be 0 or more)"),
            (
                "a,1,,,blurple",
                "tags.csv:1:5: invalid colour \"blurple\": use a CSS name (navy), #rgb, #rrggbb, #rrggbbaa or rgb(r, g, b)"
            ),
            ("a,1\n\"b,2\n", "tags.csv:2:1: a quoted field is never closed (a \" is missing)"),
            ("a,1\n\"b\"x,2\n", "tags.csv:2:1: text after a closing quote (write \"\" for a quote inside quotes)"),
            (
                "a,1,2,3,navy,5,6,7,8,9,F,11",
                "tags.csv:1:12: too many columns (expected text, weight, link, id, color, group, x, y, angle, size, font)"
            ),
            (",3", "tags.csv:1:1: the tag is empty"),
            ("text,weight\n\n", "tags.csv has no tags (only blank lines or a header)"),
        ])
    func csvErrors(text: String, message: String) {
        #expect(failure(text, "tags.csv") == message)
    }

    // MARK: JSON

    @Test func jsonArrayOfStrings() throws {
        #expect(try read("[\"swift\", \"tag cloud\"]", "tags.json") == [Term("swift"), Term("tag cloud")])
    }

    @Test func jsonArrayOfObjects() throws {
        let text = """
            [
              {"text": "swift", "weight": 3, "link": "https://swift.org", "id": "s", "color": "#00f", "group": "lang"},
              {"word": "rust", "count": 2, "id": 7},
              {"tag": "go", "value": "1.5", "extra": true},
              {"text": "c", "weight": null},
              "plain"
            ]
            """
        #expect(
            try read(text, "tags.json") == [
                Term("swift", weight: 3, id: "s", link: "https://swift.org", color: Color(rgb: 0x0000FF), group: "lang"),
                Term("rust", weight: 2, id: "7"),
                Term("go", weight: 1.5),
                Term("c"),
                Term("plain"),
            ])
    }

    @Test func jsonObjectSortsByWeightThenKey() throws {
        let text = "{\"b\": 2, \"z\": 5, \"a\": 2, \"c\": 0.5}"
        #expect(try read(text, "tags.json").map(\.text) == ["z", "a", "b", "c"])
        #expect(try read(text, "tags.json").map(\.weight) == [5, 2, 2, 0.5])
    }

    @Test(
        "JSON errors name the file and the item",
        arguments: [
            ("[\"a\", ", "tags.json:1:7: not valid JSON ("),
            ("[1 2]", "tags.json:1:4: not valid JSON ("),
            ("[{\"weight\": 3}]", "tags.json: item 1: missing \"text\" (also accepted: \"word\", \"tag\")"),
            (
                "[\"a\", {\"text\": \"b\", \"weight\": -1}]",
                "tags.json: item 2: weight -1 is negative (weights must be 0 or more)"
            ),
            ("[{\"text\": \"b\", \"weight\": true}]", "tags.json: item 1: \"weight\" must be a number"),
            (
                "[{\"text\": \"b\", \"count\": \"lots\"}]",
                "tags.json: item 1: weight \"lots\" is not a number (give the weight as a number, e.g. {\"text\": \"swift\", \"weight\": 3})"
            ),
            (
                "[{\"text\": \"b\", \"color\": \"blurple\"}]",
                "tags.json: item 1: invalid colour \"blurple\": use a CSS name (navy), #rgb, #rrggbb, #rrggbbaa or rgb(r, g, b)"
            ),
            ("[{\"text\": 5}]", "tags.json: item 1: \"text\" must be a string"),
            ("[{\"text\": \"  \"}]", "tags.json: item 1: the tag is empty"),
            ("[3]", "tags.json: item 1: expected a string or an object like {\"text\": \"swift\", \"weight\": 3}"),
            ("{\"swift\": \"3\"}", "tags.json: key \"swift\": weight must be a number, e.g. {\"swift\": 3}"),
            ("{\"swift\": -2.5}", "tags.json: key \"swift\": weight -2.5 is negative (weights must be 0 or more)"),
            (
                "\"swift\"",
                "tags.json: top level: expected an array of tags or an object of tag-weight pairs, e.g. {\"swift\": 3}"
            ),
            ("[]", "tags.json has no tags (the array is empty)"),
            ("{}", "tags.json has no tags (the object is empty)"),
        ])
    func jsonErrors(text: String, message: String) throws {
        let actual = try #require(failure(text, "tags.json"))
        if message.hasSuffix("(") {
            #expect(actual.hasPrefix(message) && actual.hasSuffix(")") && actual.count > message.count + 1)
        } else {
            #expect(actual == message)
        }
    }

    // MARK: Decoding

    @Test func decodeTextStripsBOMAndKeepsText() throws {
        #expect(try TagListReader.decodeText(Data([0xEF, 0xBB, 0xBF, 0x61]), name: "x") == "a")
        #expect(try TagListReader.decodeText(Data("héllo ✓".utf8), name: "x") == "héllo ✓")
        #expect(try TagListReader.decodeText(Data(), name: "x") == "")
    }

    @Test(
        "invalid UTF-8 reports the offset of the first bad byte",
        arguments: [
            ([0xFF], 0),
            ([0x61, 0x62, 0xC3], 2),  // truncated two-byte sequence
            ([0x61, 0xC3, 0xA9, 0x80, 0x62], 3),  // stray continuation byte after "aé"
            ([0xE2, 0x9C, 0x93, 0xC0, 0xAF], 3),  // overlong encoding of "/"
            ([0x61, 0xED, 0xA0, 0x80], 1),  // UTF-16 surrogate
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(throws: TextError.invalidUTF8(name: "tags.txt", byteOffset: offset)) {
            try TagListReader.decodeText(Data(bytes), name: "tags.txt")
        }
        #expect(
            failure(Data(bytes), "tags.txt")
                == "tags.txt: not valid UTF-8 (first bad byte at offset \(offset)); save the file as UTF-8")
    }

    @Test(
        "NUL bytes mean binary input",
        arguments: [
            [0x61, 0x00, 0x62], [0xFF, 0xFE, 0x61, 0x00],  // the second is UTF-16LE with a BOM
        ] as [[UInt8]])
    func binary(bytes: [UInt8]) {
        #expect(throws: TextError.binaryInput(name: "tags.txt")) {
            try TagListReader.decodeText(Data(bytes), name: "tags.txt")
        }
        #expect(failure(Data(bytes), "tags.txt")?.hasPrefix("tags.txt: ") == true)
    }

    @Test func everyFormatRejectsBadEncoding() {
        for name in ["t.txt", "t.csv", "t.json"] {
            #expect(failure(Data([0x5B, 0xFF]), name)?.hasPrefix("\(name): not valid UTF-8") == true)
        }
    }
}
