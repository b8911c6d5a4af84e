import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// `tagcloud cloud --previous LAYOUT.json`, through the real fonts: a cloud laid out again keeps its
/// words where they were.
@Suite("cloud --previous")
struct PreviousCLITests {
    static let words = [
        "swift", "linux", "cairo", "harfbuzz", "freetype", "layout", "cloud", "glyph", "kerning", "pixel",
        "spiral", "margin", "canvas", "shape", "seed", "angle", "weight", "ink", "mask", "font",
    ]

    /// A tag list of `words` weighted by their rank in `Self.words`, as TSV.
    static func tsv(_ words: [String], extra: [(String, Int)] = []) -> String {
        let weighted = words.map { w in (w, 60 - 2 * (Self.words.firstIndex(of: w) ?? 0)) }
        return (weighted + extra).map { "\($0.0)\t\($0.1)\n" }.joined()
    }

    /// The placed words of a layout JSON, by text: frame centre, size and rotation.
    func placed(_ json: Data) throws -> [String: (x: Double, y: Double, size: Double, rotation: Double)] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let words = try #require(root["placed"] as? [[String: Any]])
        var out: [String: (x: Double, y: Double, size: Double, rotation: Double)] = [:]
        for w in words {
            let f = try #require(w["frame"] as? [String: Double])
            out[try #require(w["text"] as? String)] = (
                f["x"]! + f["width"]! / 2, f["y"]! + f["height"]! / 2, w["fontSize"] as? Double ?? 0,
                w["rotation"] as? Double ?? 0
            )
        }
        return out
    }

    /// A scratch folder holding `tags.tsv` with `tags`, and the first layout of them as
    /// `first.json` and `first.svg`.
    func firstLayout(_ tags: String) throws -> URL {
        let dir = try scratchFolder()
        try Data(tags.utf8).write(to: dir.appendingPathComponent("tags.tsv"))
        for out in ["first.json", "first.svg"] {
            let r = try ToolRun.run(
                ["cloud", "-i", dir.appendingPathComponent("tags.tsv").path, "--width", "500", "--height", "360"]
                    + ["--seed", "5", "--font", "DejaVu Sans", "-o", dir.appendingPathComponent(out).path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        return dir
    }

    func relayout(_ dir: URL, tags: String, _ out: String, extra: [String] = []) throws -> ToolRun {
        try Data(tags.utf8).write(to: dir.appendingPathComponent("next.tsv"))
        return try ToolRun.run(
            ["cloud", "-i", dir.appendingPathComponent("next.tsv").path, "--seed", "5", "--font", "DejaVu Sans"]
                + ["--previous", dir.appendingPathComponent("first.json").path] + extra
                + ["-o", dir.appendingPathComponent(out).path])
    }

    @Test("the same words and seed over their own layout: the same SVG and JSON, byte for byte; the canvas from the layout")
    func sameBytes() throws {
        let tags = Self.tsv(Self.words)
        let dir = try firstLayout(tags)
        defer { try? FileManager.default.removeItem(at: dir) }
        // No --width or --height: the canvas takes the previous layout's size.
        for out in ["next.json", "next.svg"] {
            let r = try relayout(dir, tags: tags, out)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("; 20 stayed, 0 moved, 0 new"), "\(r.stderr)")
        }
        for ext in ["json", "svg"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("first.\(ext)"))
            #expect(try Data(contentsOf: dir.appendingPathComponent("next.\(ext)")) == first, "\(ext)")
        }
    }

    @Test("two words added, one removed: the others keep their places; the summary counts them")
    func addedAndRemoved() throws {
        let dir = try firstLayout(Self.tsv(Self.words))
        defer { try? FileManager.default.removeItem(at: dir) }
        let fewer = Self.words.filter { $0 != "kerning" }
        let r = try relayout(dir, tags: Self.tsv(fewer, extra: [("bezier", 41), ("hinting", 13)]), "next.json")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("; 19 stayed, 0 moved, 2 new, 1 gone"), "\(r.stderr)")
        let before = try placed(try Data(contentsOf: dir.appendingPathComponent("first.json")))
        let after = try placed(try Data(contentsOf: dir.appendingPathComponent("next.json")))
        for w in fewer {
            let b = try #require(before[w]), a = try #require(after[w])
            #expect(a.x == b.x && a.y == b.y && a.size == b.size && a.rotation == b.rotation, "\(w)")
        }
        #expect(after["bezier"] != nil && after["hinting"] != nil && after["kerning"] == nil)
    }

    @Test("a word's weight doubled: it grows about its centre; the summary says what moved")
    func weightDoubled() throws {
        let dir = try firstLayout(Self.tsv(Self.words))
        defer { try? FileManager.default.removeItem(at: dir) }
        let tags = Self.tsv(Self.words).replacingOccurrences(of: "glyph\t46", with: "glyph\t92")
        let r = try relayout(dir, tags: tags, "next.json")
        #expect(r.status == 0, "\(r.stderr)")
        let before = try placed(try Data(contentsOf: dir.appendingPathComponent("first.json")))
        let after = try placed(try Data(contentsOf: dir.appendingPathComponent("next.json")))
        let b = try #require(before["glyph"]), a = try #require(after["glyph"])
        #expect(a.size > b.size, "it grows")
        #expect(hypot(a.x - b.x, a.y - b.y) < 30, "it stays near its place: \(b) → \(a)")
        let line = try #require(r.stderr.split(separator: "\n").first { $0.contains("stayed") })
        #expect(line.contains(" moved (largest ") || line.contains("20 stayed, 0 moved"), "\(line)")
    }

    @Test(
        "a previous layout that cannot be used: exit status 2 and one line naming the file and the fix",
        arguments: [
            ("no-such.json", nil, [], "cannot read --previous DIR/no-such.json: no such file"),
            ("bad.json", "{\"kind\": \"cloud\",\n  \"size\": }", [], "--previous DIR/bad.json:2:"),
            ("other.json", "{\"layout\": 1}", [], "--previous DIR/other.json is not a layout (no \"kind\" in the top level)"),
            ("flow.json", "FLOW", [], "--previous DIR/flow.json is a flow layout: give one written by tagcloud cloud"),
            (
                "first.json", nil, ["--width", "600"],
                "--previous DIR/first.json was laid out on 500x360, the canvas is 600x360: give --width 500 --height 360 (or leave both out), or no --previous for a new cloud"
            ),
            ("far.json", "FAR", [], "--previous DIR/far.json: the previous layout's word \"swift\": x "),
        ] as [(String, String?, [String], String)])
    func unusable(file: String, contents: String?, extra: [String], message: String) throws {
        let dir = try firstLayout(Self.tsv(Self.words))
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(file)
        if var contents {
            if contents == "FLOW" {
                let r = try ToolRun.run(["flow", "swift", "linux", "-o", path.path])
                #expect(r.status == 0, "\(r.stderr)")
                contents = try String(contentsOf: path, encoding: .utf8)
            } else if contents == "FAR" {
                // The first word's frame moved far off the canvas.
                let first = try String(contentsOf: dir.appendingPathComponent("first.json"), encoding: .utf8)
                let range = try #require(
                    first.range(of: "\"x\":", range: first.range(of: "\"frame\"")!.upperBound..<first.endIndex))
                let end = try #require(first[range.upperBound...].firstIndex(of: ","))
                contents = first.replacingCharacters(in: range.upperBound..<end, with: "99900")
            }
            try Data(contents.utf8).write(to: path)
        }
        try Data(Self.tsv(Self.words).utf8).write(to: dir.appendingPathComponent("next.tsv"))
        let r = try ToolRun.run(
            ["cloud", "-i", dir.appendingPathComponent("next.tsv").path, "--previous", path.path] + extra
                + ["-o", dir.appendingPathComponent("out.svg").path])
        #expect(r.status == 2, "\(r.stderr)")
        let expected = "tagcloud: error: " + message.replacingOccurrences(of: "DIR", with: dir.path)
        #expect(r.stderr.hasPrefix(expected), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
    }

    @Test("a request to the service cannot name a previous layout on the server's disk")
    func serviceRefusesPath() throws {
        let body = Data(#"{"previous": "/etc/passwd", "tags": ["a", "b"]}"#.utf8)
        do {
            _ = try RequestRecipe(body, command: "cloud")
            Issue.record("the path was taken")
        } catch let e as ServiceError {
            #expect(e.status == 400 && e.key == "previous", "\(e)")
        }
    }

    /// Each placed word's colour in a layout JSON, by text.
    func colours(_ json: Data) throws -> [String: String] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let words = try #require(root["placed"] as? [[String: Any]])
        return Dictionary(words.map { ($0["text"] as! String, $0["color"] as! String) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("colours: a kept word keeps its colour, an input colour wins, a new word is coloured as in a new cloud")
    func coloursKept() throws {
        let dir = try firstLayout(Self.tsv(Self.words))
        defer { try? FileManager.default.removeItem(at: dir) }
        // "bezier" comes before the lighter half in weight order, where the colours are drawn.
        var tags = Self.words.map { w in "{\"text\": \"\(w)\", \"weight\": \(60 - 2 * Self.words.firstIndex(of: w)!)}" }
        tags[0] = ##"{"text": "swift", "weight": 60, "color": "#ff0000"}"##
        tags.append(#"{"text": "bezier", "weight": 41}"#)
        let input = dir.appendingPathComponent("next.json")
        try Data("[\(tags.joined(separator: ",\n"))]".utf8).write(to: input)
        let common = ["cloud", "-i", input.path, "--seed", "5", "--font", "DejaVu Sans"]
        let kept = try ToolRun.run(
            common + [
                "--previous", dir.appendingPathComponent("first.json").path, "-o", dir.appendingPathComponent("kept.json").path,
            ])
        #expect(kept.status == 0, "\(kept.stderr)")
        let fresh = try ToolRun.run(
            common + ["--width", "500", "--height", "360", "-o", dir.appendingPathComponent("fresh.json").path])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let before = try colours(try Data(contentsOf: dir.appendingPathComponent("first.json")))
        let after = try colours(try Data(contentsOf: dir.appendingPathComponent("kept.json")))
        let anew = try colours(try Data(contentsOf: dir.appendingPathComponent("fresh.json")))
        for w in Self.words.dropFirst() { #expect(after[w] == before[w], "\(w)") }
        #expect(
            Self.words.dropFirst().contains { anew[$0] != before[$0] }, "a new cloud draws other colours, so the test can fail")
        #expect(after["swift"] == "#FF0000" || after["swift"] == "#ff0000", "\(after["swift"] ?? "none")")
        #expect(after["bezier"] != nil && after["bezier"] == anew["bezier"])
    }
}
