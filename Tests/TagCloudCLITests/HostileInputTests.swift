import Foundation
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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
        HostileCase("a PNG bomb as --mask, refused from its header", ["cloud", "a", "--mask", "DIR/bomb.png", "-o", "DIR/o.png"],
                    files: ["bomb.png": bomb], status: 2, "is 20000×20000 pixels, over the limit of 67108864 pixels"),
        HostileCase("a PNG bomb as --color-image", ["cloud", "a", "--color-image", "DIR/bomb.png", "-o", "DIR/o.png"],
                    files: ["bomb.png": bomb], status: 2, "is 20000×20000 pixels"),
        HostileCase("a damaged PNG is damaged, not out of memory", ["cloud", "a", "--mask", "DIR/bad.png", "-o", "DIR/o.png"],
                    files: ["bad.png": damaged(bomb, at: 30)], status: 2, "is not a valid PNG: bad CRC in its IHDR header chunk"),
        HostileCase("a flow PDF taller than a PDF page may be, refused before drawing",
                    ["flow", "--input", "DIR/t.txt", "--row-spacing", "10000", "--width", "600", "-o", "DIR/o.pdf"],
                    files: ["t.txt": tags(1000)], status: 1, "the flow is 600x"),
        HostileCase("a flow PDF too wide, refused before the layout", ["flow", "a", "--width", "3000000", "-o", "DIR/o.pdf"], status: 1,
                    "--width"),
        HostileCase("a canvas side one past the PNG limit", ["cloud", "a", "--width", "32768", "-o", "DIR/o.png"], status: 1,
                    "expected a whole number between 1 and 32767"),
        // Resources: every bound is checked before the work it guards.
        // As long as one argument may be (128 KiB); 5,000 angles took 1.9 GB before the bound.
        HostileCase("an explicit --rotate list of 60,000 angles", ["cloud", "a", "b", "--rotate", (1...60_000).map { _ in "1" }.joined(separator: ","), "-o", "DIR/o.png"],
                    status: 1, "--rotate lists 60000 angles, more than 720"),
        HostileCase("--input /dev/zero", ["flow", "--input", "/dev/zero", "-o", "DIR/o.png"], status: 2,
                    "cannot read /dev/zero: it holds more than 64 MB, the most read for a tag list"),
        HostileCase("--config /dev/zero", ["flow", "a", "--config", "/dev/zero", "-o", "DIR/o.png"], status: 2,
                    "cannot read config /dev/zero: it holds more than 16 MB"),
        HostileCase("--stopwords /dev/zero", ["count", "--text", "DIR/t.txt", "--stopwords", "/dev/zero"], files: ["t.txt": text("cat dog")],
                    status: 2, "cannot read /dev/zero: it holds more than 4 MB, the most read for a stop-word list"),
        HostileCase("--add-stopwords /dev/zero", ["count", "--text", "DIR/t.txt", "--add-stopwords", "/dev/zero"], files: ["t.txt": text("cat dog")],
                    status: 2, "cannot read /dev/zero: it holds more than 4 MB"),
        HostileCase("a tag list of more than a million tags", ["flow", "--input", "DIR/m.txt", "-o", "DIR/o.json"], files: ["m.txt": million],
                    status: 2, "DIR/m.txt: it holds more than 1000000 tags"),
        HostileCase("tags from standard input that never end", ["flow", "--input", "-", "-o", "DIR/o.png"], files: ["in.txt": bigStdin],
                    stdin: "in.txt", status: 2, "cannot read standard input: it holds more than 64 MB"),
        HostileCase("--max-words beyond the bound", ["cloud", "a", "--repeat", "--max-words", "10000000", "-o", "DIR/o.png"], status: 1,
                    "--max-words"),
        HostileCase("a flow too wide for a PNG, refused before the layout", ["flow", "a", "--width", "40000", "-o", "DIR/o.png"], status: 1,
                    "--width 40000 at --scale 1: an image of 40000×"),
        HostileCase("a flow too tall for a PNG", ["flow", "--input", "DIR/t.txt", "--width", "60", "--scale", "8", "-o", "DIR/o.png"],
                    files: ["t.txt": tags(5000)], status: 1, "the flow is 60x"),
        // Output files that are inputs.
        HostileCase("-o is the --input file", ["flow", "--input", "DIR/s.json", "-o", "DIR/s.json"], files: ["s.json": text(#"["a","b"]"#)],
                    status: 1, "-o DIR/s.json is also an input (--input DIR/s.json)"),
        HostileCase("-o is the --text file", ["cloud", "--text", "DIR/t.txt", "--format", "png", "-o", "DIR/t.txt"],
                    files: ["t.txt": text("rabbit hole rabbit")], status: 1, "is also an input (--text DIR/t.txt)"),
        HostileCase("-o is the --config file", ["flow", "a", "--config", "DIR/c.json", "--format", "json", "-o", "DIR/c.json"],
                    files: ["c.json": text(#"{"width": 300}"#)], status: 1, "is also an input (--config DIR/c.json)"),
        HostileCase("-o is the input through another spelling", ["flow", "--input", "DIR/s.json", "-o", "DIR/./s.json"],
                    files: ["s.json": text(#"["a"]"#)], status: 1, "is also an input"),
        HostileCase("-o is read-only", ["flow", "a", "-o", "DIR/ro.png"], files: ["ro.png": text("keep")], status: 4,
                    "cannot write DIR/ro.png: the file is read-only"),
        // Inputs that are empty or invisible.
        HostileCase("an empty tag argument", ["flow", "a", "", "-o", "DIR/o.png"], status: 2, "tag argument 2 (\"\") is empty"),
        HostileCase("a blank tag argument", ["cloud", " ", "-o", "DIR/o.png"], status: 2, "tag argument 1 (\" \") is empty"),
        // Messages: input never reaches the terminal raw.
        HostileCase("control characters in a bad weight", ["flow", "--input", "DIR/e.tsv", "-o", "DIR/o.png"],
                    files: ["e.tsv": text("a\tx\u{1B}]0;HACKED\u{07}\u{1B}[2J\n")], status: 2, #"weight "x\x1B]0;HACKED\x07\x1B[2J" is not a number"#),
        HostileCase("control characters in a font name", ["flow", "a", "--font", "Bad\u{1B}[2J\nline", "-o", "DIR/o.png"], status: 1,
                    #"unknown font family "Bad\x1B[2J\nline""#),
        // Configuration files.
        HostileCase("a config naming a config", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
                    files: ["c.json": text(#"{"config": "other.json"}"#)], status: 2, #""config" cannot be set in a configuration file"#),
        HostileCase("a config seed past 2^53 as a number", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
                    files: ["c.json": text(#"{"seed": 18446744073709551615}"#)], status: 2, #""seed" is a number too large to read exactly"#),
    ]

    @Test("fails with its status and one line, leaves every file as it was", arguments: cases)
    func hostile(_ c: HostileCase) throws {
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
        #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters: \(r.stderr.debugDescription)")
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
