import Foundation
import TagCloudTestSupport
import Testing

/// One hostile run that must fail cleanly: its exit status, the one line it prints, and that every
/// file given to it is intact and nothing else is left.
struct HostileCase: CustomStringConvertible, Sendable {
    var name: String
    /// Arguments; `DIR/` is the run's scratch folder.
    var args: [String]
    /// Files written to the scratch folder first.
    var files: [String: Data] = [:]
    /// A file of the scratch folder given as standard input.
    var stdin: String? = nil
    var status: Int32
    /// Part of the one error line (`DIR` stands for the scratch folder).
    var message: String
    var description: String { name }

    init(_ name: String, _ args: [String], files: [String: Data] = [:], stdin: String? = nil, status: Int32, _ message: String) {
        self.name = name; self.args = args; self.files = files; self.stdin = stdin; self.status = status; self.message = message
    }
}

private func text(_ s: String) -> Data { Data(s.utf8) }

@Suite("hostile input: bounded, one clear line, nothing lost")
struct HostileInputTests {
    static let million = Data((0...1_000_000).map { "w\($0)\n" }.joined().utf8)
    static let bigStdin = Data(repeating: UInt8(ascii: "y"), count: 65 << 20).withNewlines(every: 2)

    /// A 235-byte PNG whose header says 20000×20000 (1.6 GB decoded): the fuzz corpus keeps it.
    static let bomb: Data = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? Data(contentsOf: root.appendingPathComponent("Fuzz/corpus/png/bomb-20000x20000.png"))) ?? Data()
    }()

    /// `data` with the byte at `index` inverted.
    static func damaged(_ data: Data, at index: Int) -> Data {
        var copy = data
        if index < copy.count { copy[index] ^= 0xFF }
        return copy
    }

    /// One tag per line, `count` of them.
    static func tags(_ count: Int) -> Data { Data((0..<count).map { "word\($0)\n" }.joined().utf8) }

    static let cases: [HostileCase] = [
        HostileCase(
            "a PNG bomb as --mask, refused from its header", ["cloud", "a", "--mask", "DIR/bomb.png", "-o", "DIR/o.png"],
            files: ["bomb.png": bomb], status: 2, "is 20000×20000 pixels, over the limit of 67108864 pixels"),
        HostileCase(
            "a PNG bomb as --color-image", ["cloud", "a", "--color-image", "DIR/bomb.png", "-o", "DIR/o.png"],
            files: ["bomb.png": bomb], status: 2, "is 20000×20000 pixels"),
        HostileCase(
            "a damaged PNG is damaged, not out of memory", ["cloud", "a", "--mask", "DIR/bad.png", "-o", "DIR/o.png"],
            files: ["bad.png": damaged(bomb, at: 30)], status: 2, "is not a valid PNG: bad CRC in its IHDR header chunk"),
        HostileCase(
            "a flow PDF taller than a PDF page may be, refused before drawing",
            ["flow", "--input", "DIR/t.txt", "--row-spacing", "10000", "--width", "600", "-o", "DIR/o.pdf"],
            files: ["t.txt": tags(1000)], status: 1, "the flow is 600x"),
        HostileCase(
            "a flow PDF too wide, refused before the layout", ["flow", "a", "--width", "3000000", "-o", "DIR/o.pdf"], status: 1,
            "--width"),
        HostileCase(
            "a canvas side one past the PNG limit", ["cloud", "a", "--width", "32768", "-o", "DIR/o.png"], status: 1,
            "expected a whole number between 1 and 32767"),
        // Resources: every bound is checked before the work it guards.
        // As long as one argument may be (128 KiB); 5,000 angles took 1.9 GB before the bound.
        HostileCase(
            "an explicit --rotate list of 60,000 angles",
            ["cloud", "a", "b", "--rotate", (1...60_000).map { _ in "1" }.joined(separator: ","), "-o", "DIR/o.png"],
            status: 1, "--rotate lists 60000 angles, more than 720"),
        HostileCase(
            "--input /dev/zero", ["flow", "--input", "/dev/zero", "-o", "DIR/o.png"], status: 2,
            "cannot read /dev/zero: it holds more than 64 MB, the most read for a tag list"),
        HostileCase(
            "--config /dev/zero", ["flow", "a", "--config", "/dev/zero", "-o", "DIR/o.png"], status: 2,
            "cannot read config /dev/zero: it holds more than 16 MB"),
        HostileCase(
            "--stopwords /dev/zero", ["count", "--text", "DIR/t.txt", "--stopwords", "/dev/zero"],
            files: ["t.txt": text("cat dog")],
            status: 2, "/dev/zero is larger than 4 MB, the most a stop-word file may be"),
        HostileCase(
            "--add-stopwords /dev/zero", ["count", "--text", "DIR/t.txt", "--add-stopwords", "/dev/zero"],
            files: ["t.txt": text("cat dog")],
            status: 2, "/dev/zero is larger than 4 MB"),
        HostileCase(
            "a tag list of more than a million tags", ["flow", "--input", "DIR/m.txt", "-o", "DIR/o.json"],
            files: ["m.txt": million],
            status: 2, "DIR/m.txt: it holds more than 1000000 tags"),
        HostileCase(
            "tags from standard input that never end", ["flow", "--input", "-", "-o", "DIR/o.png"], files: ["in.txt": bigStdin],
            stdin: "in.txt", status: 2, "cannot read standard input: it holds more than 64 MB"),
        HostileCase(
            "--max-words beyond the bound", ["cloud", "a", "--repeat", "--max-words", "10000000", "-o", "DIR/o.png"], status: 1,
            "--max-words"),
        HostileCase(
            "a flow too wide for a PNG, refused before the layout", ["flow", "a", "--width", "40000", "-o", "DIR/o.png"],
            status: 1,
            "--width 40000 at --scale 1: an image of 40000×"),
        HostileCase(
            "a flow too tall for a PNG", ["flow", "--input", "DIR/t.txt", "--width", "60", "--scale", "8", "-o", "DIR/o.png"],
            files: ["t.txt": tags(5000)], status: 1, "5000 tags at --width 60 make a flow at least 7518 pt tall at --scale 8"),
        // Without row spacing the least height fits: the layout runs, and its height is refused.
        HostileCase(
            "a flow found too tall for a PNG after its layout",
            ["flow", "--input", "DIR/t.txt", "--width", "60", "--row-spacing", "0", "--scale", "8", "-o", "DIR/o.png"],
            files: ["t.txt": tags(5000)], status: 1, "the flow is 60x"),
        // Output files that are inputs.
        HostileCase(
            "-o is the --input file", ["flow", "--input", "DIR/s.json", "-o", "DIR/s.json"],
            files: ["s.json": text(#"["a","b"]"#)],
            status: 1, "-o DIR/s.json is also an input (--input DIR/s.json)"),
        HostileCase(
            "-o is the --text file", ["cloud", "--text", "DIR/t.txt", "--format", "png", "-o", "DIR/t.txt"],
            files: ["t.txt": text("rabbit hole rabbit")], status: 1, "is also an input (--text DIR/t.txt)"),
        HostileCase(
            "-o is the --config file", ["flow", "a", "--config", "DIR/c.json", "--format", "json", "-o", "DIR/c.json"],
            files: ["c.json": text(#"{"width": 300}"#)], status: 1, "is also an input (--config DIR/c.json)"),
        HostileCase(
            "-o is the input through another spelling", ["flow", "--input", "DIR/s.json", "-o", "DIR/./s.json"],
            files: ["s.json": text(#"["a"]"#)], status: 1, "is also an input"),
        HostileCase(
            "-o is read-only", ["flow", "a", "-o", "DIR/ro.png"], files: ["ro.png": text("keep")], status: 4,
            "cannot write DIR/ro.png: the file is read-only"),
        // Inputs that are empty or invisible.
        HostileCase("an empty tag argument", ["flow", "a", "", "-o", "DIR/o.png"], status: 2, "tag argument 2 (\"\") is empty"),
        HostileCase("a blank tag argument", ["cloud", " ", "-o", "DIR/o.png"], status: 2, "tag argument 1 (\" \") is empty"),
        // Messages: input never reaches the terminal raw.
        HostileCase(
            "control characters in a bad weight", ["flow", "--input", "DIR/e.tsv", "-o", "DIR/o.png"],
            files: ["e.tsv": text("a\tx\u{1B}]0;HACKED\u{07}\u{1B}[2J\n")], status: 2,
            #"weight "x\x1B]0;HACKED\x07\x1B[2J" is not a number"#),
        HostileCase(
            "control characters in a font name", ["flow", "a", "--font", "Bad\u{1B}[2J\nline", "-o", "DIR/o.png"], status: 1,
            #"unknown font family "Bad\x1B[2J\nline""#),
        // Text counting.
        HostileCase(
            "a word pattern that backtracks catastrophically", ["count", "--text", "DIR/a.txt", "--word-pattern", "(a+)+b"],
            files: ["a.txt": Data(String(repeating: "a", count: 5000).utf8)], status: 2, "backtracks too much"),
        HostileCase(
            "a word pattern that matches the empty text", ["count", "--text", "DIR/a.txt", "--word-pattern", "\\w*"],
            files: ["a.txt": text("cat")], status: 1, "matches the empty text"),
        HostileCase(
            "a lone surrogate in a JSON tag list", ["flow", "--input", "DIR/t.json", "-o", "DIR/o.png"],
            files: ["t.json": text("[\"ok\",\n \"bad\\ud800\"]")], status: 2, "t.json:2:6: not valid JSON"),
        HostileCase(
            "a lone surrogate in a config", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
            files: ["c.json": text("{\"font\": \"x\\udc00\"}")], status: 2,
            "config DIR/c.json:1:12: not valid JSON (\\udc00 is a low surrogate"),
        // Configuration files.
        HostileCase(
            "a config naming a config", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
            files: ["c.json": text(#"{"config": "other.json"}"#)], status: 2, #""config" cannot be set in a configuration file"#),
        HostileCase(
            "a config listing thousands of phrases", ["count", "--text", "DIR/t.txt", "--config", "DIR/c.json"],
            files: [
                "t.txt": text("cat dog"),
                "c.json": Data(("{\"phrase\": [" + (0..<5000).map { "\"p\($0) q\"" }.joined(separator: ",") + "]}").utf8),
            ],
            status: 1, "--phrase is given 5000 times, more than 1000"),
        HostileCase(
            "a config seed past 2^53 as a number", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
            files: ["c.json": text(#"{"seed": 18446744073709551615}"#)], status: 2,
            #""seed" is a number too large to read exactly"#),
    ]

    @Test("fails with its status and one line, leaves every file as it was", arguments: cases)
    func hostile(_ c: HostileCase) throws { try Self.check(c) }

    /// Runs `c` and checks its status, its one line, and that its files are as they were.
    static func check(_ c: HostileCase) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        for (name, bytes) in c.files { try scratch.add(name, bytes) }
        if c.name == "-o is read-only" { chmod(scratch.file("ro.png"), 0o444) }
        let args = c.args.map { $0.replacingOccurrences(of: "DIR", with: scratch.path) }
        let r = try HostileRun.run(args, stdinPath: c.stdin.map(scratch.file))
        #expect(r.status == c.status, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("tagcloud: error: "), "stderr: \(r.stderr)")
        #expect(r.stderr.contains(c.message.replacingOccurrences(of: "DIR", with: scratch.path)), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        #expect(
            !r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "raw control characters: \(r.stderr.debugDescription)")
        #expect(r.stdout.isEmpty)
        try scratch.expectUntouched()
    }

    /// Commands whose only output is standard output, each of which must report a failed write.
    static let printing: [[String]] = [
        ["flow", "a", "-o", "-"], ["count", "--text", "TEXT"], ["palettes"], ["shapes"], ["fonts"], ["--help"],
        ["flow", "--help"], ["config", "--print", "cloud"], ["--version"],
    ]

    @Test("a full or closed standard output is an output error, not a crash or a silent success", arguments: printing)
    func standardOutput(_ args: [String]) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("t.txt", text("rabbit hole rabbit"))
        let args = args.map { $0 == "TEXT" ? scratch.file("t.txt") : $0 }
        let full = try HostileRun.run(args, output: .path("/dev/full"))
        #expect(full.status == 4, "\(full.stderr)")
        #expect(full.stderr == "tagcloud: error: cannot write to standard output: No space left on device\n")
        let closed = try HostileRun.run(args, output: .closed)
        #expect(closed.status == 4, "\(closed.stderr)")
        #expect(closed.stderr == "tagcloud: error: cannot write to standard output: Bad file descriptor\n")
        try scratch.expectUntouched()
    }
}

extension Data {
    /// `self` with every `every`-th byte a newline.
    func withNewlines(every: Int) -> Data {
        var copy = self
        for i in Swift.stride(from: every - 1, to: copy.count, by: every) { copy[i] = UInt8(ascii: "\n") }
        return copy
    }
}

/// Hostile input that a run handles and says so: the output is safe and the note names the input.
@Suite("hostile input that is handled with a note")
struct HandledHostileInputTests {
    static let dangerousLinks = [
        "javascript:alert(document.domain)", " JavaScript:alert(1)", "JAVASCRIPT:alert(1)", "java\tscript:alert(1)",
        "\u{1}javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>",
    ]

    @Test(
        "dangerous links are left out of every format with a note naming the tag; safe links stay",
        arguments: ["tsv", "csv", "json"])
    func links(_ format: String) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        let rows =
            Self.dangerousLinks.enumerated().map { (text: "bad\($0.offset)", link: $0.element) } + [
                (text: "good", link: "https://example.org/a?b=1")
            ]
        let input: String
        switch format {
        case "tsv":
            input = rows.map { "\($0.text)\t2\t\($0.link.replacingOccurrences(of: "\t", with: "%09"))" }.joined(separator: "\n")
        case "csv":
            input = rows.map { "\($0.text),2,\"\($0.link.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(
                separator: "\n")
        default:
            input =
                "["
                + rows.map { "{\"text\": \"\($0.text)\", \"weight\": 2, \"link\": \(jsonQuoted($0.link))}" }.joined(
                    separator: ",") + "]"
        }
        try scratch.add("tags.\(format)", Data(input.utf8))
        for out in ["o.svg", "o.html", "o.json"] {
            let r = try HostileRun.run([
                "flow", "--input", scratch.file("tags.\(format)"), "--seed", "1", "-o", scratch.file(out),
            ])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("tag \"bad0\": link left out: scheme \"javascript:\" is not allowed"), "\(r.stderr)")
            #expect(r.stderr.contains("more links left out"), "\(r.stderr)")
            let written = String(decoding: try Data(contentsOf: scratch.url.appendingPathComponent(out)), as: UTF8.self)
                .lowercased()
            for scheme in ["javascript:", "vbscript:", "data:text/html"] {
                #expect(!written.contains(scheme), "\(out) carries \(scheme)")
            }
            #expect(written.contains("https://example.org/a?b=1"), "\(out) lost the safe link")
        }
    }

    private func jsonQuoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("weights beyond Int64 are drawn and written in every format", arguments: ["svg", "html", "json", "png", "pdf"])
    func hugeWeights(_ format: String) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("w.tsv", Data("huge\t9223372036855\nhuger\t1e300\nsmall\t3\n".utf8))
        let r = try HostileRun.run(["flow", "--input", scratch.file("w.tsv"), "-q", "-o", scratch.file("o.\(format)")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try Data(contentsOf: scratch.url.appendingPathComponent("o.\(format)"))).count > 100)
    }

    @Test("a word longer than 1 MB is skipped with a note, not cut into words")
    func longWord() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("t.txt", Data(("rabbit hole " + String(repeating: "a", count: 3_000_000) + " rabbit").utf8))
        let r = try HostileRun.run(["count", "--text", scratch.file("t.txt")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: r.stdout, as: UTF8.self) == "rabbit\t2\nhole\t1\n")
        #expect(r.stderr.contains("1 word longer than 1 MB skipped"), "\(r.stderr)")
    }

    @Test("word-pattern matches with tabs and newlines stay one word<TAB>count line")
    func patternWhitespace() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("t.txt", Data("key:a\tb key:a\tb key:c\nd\n".utf8))
        let r = try HostileRun.run(["count", "--text", scratch.file("t.txt"), "--word-pattern", "key:\\S\\s\\S"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 }, "\(lines)")
        #expect(lines.first == "key:a b\t2")
    }
}
