import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// `tagcloud flow --previous LAYOUT.json`, through the real fonts: a flow laid out again keeps its
/// tags where they were.
@Suite("flow --previous")
struct FlowPreviousCLITests {
    static let tags = PreviousCLITests.words

    /// A scratch folder holding the first flow of `tags` as `first.json` and `first.svg`.
    func firstFlow() throws -> URL {
        let dir = try scratchFolder()
        try Data(PreviousCLITests.tsv(Self.tags).utf8).write(to: dir.appendingPathComponent("tags.tsv"))
        for out in ["first.json", "first.svg"] {
            let r = try ToolRun.run(
                ["flow", "-i", dir.appendingPathComponent("tags.tsv").path, "--width", "420", "--pill"]
                    + [
                        "--font", "DejaVu Sans", "--font", "DejaVu Serif", "--seed", "3", "-o",
                        dir.appendingPathComponent(out).path,
                    ])
            #expect(r.status == 0, "\(r.stderr)")
        }
        return dir
    }

    /// `tags` laid out over `first.json` into `out`.
    func relayout(_ dir: URL, tags: String, _ out: String, extra: [String] = []) throws -> ToolRun {
        try Data(tags.utf8).write(to: dir.appendingPathComponent("next.tsv"))
        return try ToolRun.run(
            [
                "flow", "-i", dir.appendingPathComponent("next.tsv").path, "--pill", "--font", "DejaVu Sans", "--font",
                "DejaVu Serif",
            ]
                + ["--seed", "3", "--previous", dir.appendingPathComponent("first.json").path] + extra
                + ["-o", dir.appendingPathComponent(out).path])
    }

    /// Each placed tag of a layout JSON by text: its frame, colour and font file.
    func placed(_ json: Data) throws -> [String: (frame: [String: Double], color: String, font: String)] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let words = try #require(root["placed"] as? [[String: Any]])
        let fonts = try #require(root["fonts"] as? [[String: Any]])
        var out: [String: (frame: [String: Double], color: String, font: String)] = [:]
        for w in words {
            let font = fonts[try #require(w["font"] as? Int)]
            out[try #require(w["text"] as? String)] = (
                try #require(w["frame"] as? [String: Double]), try #require(w["color"] as? String),
                try #require(font["file"] as? String)
            )
        }
        return out
    }

    @Test("the same tags over their own flow: the same JSON and SVG, byte for byte; the width from the layout")
    func sameBytes() throws {
        let dir = try firstFlow()
        defer { try? FileManager.default.removeItem(at: dir) }
        for out in ["next.json", "next.svg"] {
            let r = try relayout(dir, tags: PreviousCLITests.tsv(Self.tags), out)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("placed 20 of 20 tags; 20 stayed, 0 moved, 0 new"), "\(r.stderr)")
        }
        for ext in ["json", "svg"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("first.\(ext)"))
            #expect(try Data(contentsOf: dir.appendingPathComponent("next.\(ext)")) == first, "\(ext)")
        }
    }

    @Test("two tags added, one removed: the others keep their frames, colours and fonts; the summary counts them")
    func addedAndRemoved() throws {
        let dir = try firstFlow()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fewer = Self.tags.filter { $0 != "kerning" }
        // "bezier" first: every draw of the tags after it shifts, the kept tags' looks must not.
        let tags = "bezier\t41\n" + PreviousCLITests.tsv(fewer, extra: [("hinting", 13)])
        let r = try relayout(dir, tags: tags, "next.json")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("placed 21 of 21 tags; 19 stayed, 0 moved, 2 new, 1 gone"), "\(r.stderr)")
        let before = try placed(try Data(contentsOf: dir.appendingPathComponent("first.json")))
        let after = try placed(try Data(contentsOf: dir.appendingPathComponent("next.json")))
        for w in fewer {
            let b = try #require(before[w]), a = try #require(after[w])
            #expect(a.frame == b.frame && a.color == b.color && a.font == b.font, "\(w)")
        }
        #expect(after["bezier"] != nil && after["hinting"] != nil && after["kerning"] == nil)
    }

    @Test(
        "a previous layout a flow cannot use: exit status 2 and one line naming the file and the fix",
        arguments: [
            ("cloud.json", ["--width", "420"], "--previous DIR/cloud.json is a cloud layout: give one written by tagcloud flow"),
            (
                "first.json", ["--width", "500"],
                "--previous DIR/first.json was laid out 420 points wide, the flow is 500: give --width 420 (or leave it out), or no --previous for a new flow"
            ),
            ("bad.json", [], "--previous DIR/bad.json:1:"),
        ])
    func unusable(file: String, extra: [String], message: String) throws {
        let dir = try firstFlow()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(file)
        if file == "cloud.json" {
            let r = try ToolRun.run(["cloud", "swift", "linux", "--width", "420", "-o", path.path])
            #expect(r.status == 0, "\(r.stderr)")
        } else if file == "bad.json" {
            try Data("{\"kind\": ".utf8).write(to: path)
        }
        try Data(PreviousCLITests.tsv(Self.tags).utf8).write(to: dir.appendingPathComponent("next.tsv"))
        let r = try ToolRun.run(
            ["flow", "-i", dir.appendingPathComponent("next.tsv").path, "--previous", path.path] + extra
                + ["-o", dir.appendingPathComponent("out.svg").path])
        #expect(r.status == 2, "\(r.stderr)")
        let expected = "tagcloud: error: " + message.replacingOccurrences(of: "DIR", with: dir.path)
        #expect(r.stderr.hasPrefix(expected), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
    }
}
