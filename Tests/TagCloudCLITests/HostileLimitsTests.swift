import Foundation
import TagCloudTestSupport
import Testing

/// Limits checked while the input is read, whatever its source, and outputs that would destroy an
/// input or land somewhere other than asked.
@Suite("hostile input: limits counted while reading, outputs that would destroy input")
struct HostileLimitsTests {
    private static func text(_ s: String) -> Data { Data(s.utf8) }

    /// A configuration whose `"tags"` holds one string tag more than the limit (4 MB).
    static let manyTags = Data(("{\"tags\": [" + Array(repeating: "\"a\"", count: 1_000_001).joined(separator: ",") + "]}").utf8)

    /// A layout with one word more than a layout may hold, every word an empty object.
    static let hugePrevious = Data(
        ("{\"kind\": \"cloud\", \"placed\": [" + Array(repeating: "{}", count: 100_001).joined(separator: ",") + "]}").utf8)

    /// A series table of `frames` frames of 100 words each.
    static func series(frames: Int) -> Data {
        var rows = ["frame,text,weight"]
        for f in 0..<frames { for w in 0..<100 { rows.append("\(f),w\(w),\(w + 1)") } }
        return Data(rows.joined(separator: "\n").utf8)
    }

    static let cases: [HostileCase] = [
        HostileCase(
            "string tags in a config past the tag limit", ["flow", "--config", "DIR/c.json", "-o", "DIR/o.json"],
            files: ["c.json": manyTags], status: 2, "more than 1000000"),
        HostileCase(
            "a config key given twice", ["flow", "a", "--config", "DIR/c.json", "-o", "DIR/o.png"],
            files: ["c.json": text(#"{"width": 300, "width": 400}"#)], status: 2, #""width" is given twice: keep one"#),
        HostileCase(
            "-o naming standard input's file as /dev/stdin", ["flow", "--input", "-", "-o", "/dev/stdin", "--format", "json"],
            files: ["t.txt": text("a\t3\nb\t2\n")], stdin: "t.txt", status: 1, "is also an input (--input standard input)"),
        HostileCase(
            "-o naming standard input's file as /proc/self/fd/0", ["count", "--text", "-", "-o", "/proc/self/fd/0"],
            files: ["t.txt": text("rabbit hole rabbit\n")], stdin: "t.txt", status: 1, "is also an input (--text standard input)"),
        HostileCase(
            "-o naming standard input's file as /dev/fd/0 with tag -", ["flow", "a", "-", "-o", "/dev/fd/0", "--format", "svg"],
            files: ["t.txt": text("b\n")], stdin: "t.txt", status: 1, "is also an input (tag standard input)"),
        HostileCase(
            "-o ending in a slash", ["flow", "a", "-o", "DIR/out.png/"], status: 1, "names a folder (it ends in /)"),
        HostileCase(
            "a previous layout of more words than a layout may hold, refused before decoding",
            ["cloud", "a", "--previous", "DIR/p.json", "-o", "DIR/o.svg"],
            files: ["p.json": hugePrevious], status: 2, "holds more than 100000 words"),
        HostileCase(
            "a series of more words over all frames than the limit, refused before the layout",
            ["series", "--input", "DIR/s.csv", "-o", "DIR/s.html"],
            files: ["s.csv": series(frames: 251)], status: 2, "25100 words over all its frames"),
        HostileCase(
            "an option out of effect is still checked", ["flow", "a", "--corner-radius", "abc", "-o", "DIR/o.svg"],
            status: 1, #"invalid value "abc" for --corner-radius"#),
    ]

    @Test("fails with its status and one line, leaves every file as it was", arguments: cases)
    func hostile(_ c: HostileCase) throws { try HostileInputTests.check(c) }

    @Test("series frames are never written through a link planted in the folder")
    func plantedLink() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("s.csv", Self.series(frames: 2))
        try scratch.add("victim.txt", Self.text("keep me"))
        let folder = scratch.file("frames")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/0.svg", withDestinationPath: scratch.file("victim.txt"))
        let r = try HostileRun.run(["series", "--input", scratch.file("s.csv"), "-o", folder + "/", "--format", "svg", "-q"])
        #expect(r.status == 4, "\(r.stderr)")
        #expect(r.stderr.contains("something other than a regular file is there"), "\(r.stderr)")
        #expect(try String(contentsOfFile: scratch.file("victim.txt"), encoding: .utf8) == "keep me")
    }
}
