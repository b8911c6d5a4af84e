import Foundation
import TagCloudTestSupport
import Testing

/// Pins read from JSON and CSV tag lists, through the real fonts: the word lands at its pin.
@Suite("pinned words from tag lists")
struct PinInputTests {
    /// The placed words of a layout JSON, by text: frame centre, rotation and font size.
    func placed(_ json: Data) throws -> [String: (x: Double, y: Double, rotation: Double, size: Double)] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let words = try #require(root["placed"] as? [[String: Any]])
        var out: [String: (x: Double, y: Double, rotation: Double, size: Double)] = [:]
        for w in words {
            let f = try #require(w["frame"] as? [String: Double])
            let text = try #require(w["text"] as? String)
            out[text] = (
                f["x"]! + f["width"]! / 2, f["y"]! + f["height"]! / 2, w["rotation"] as? Double ?? 0,
                w["fontSize"] as? Double ?? 0
            )
        }
        return out
    }

    func run(_ name: String, _ contents: String, extra: [String] = []) throws -> (ToolRun, Data?) {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent(name), output = dir.appendingPathComponent("layout.json")
        try Data(contents.utf8).write(to: input)
        let r = try ToolRun.run(
            ["cloud", "--input", input.path, "--width", "500", "--height", "360", "--seed", "5", "--font", "DejaVu Sans"]
                + extra + ["-o", output.path])
        return (r, try? Data(contentsOf: output))
    }

    static let words = ["swift", "linux", "cairo", "harfbuzz", "freetype", "layout", "cloud", "glyph", "kerning", "pixel"]

    @Test("a JSON tag list with pins: each pinned word at its pin, at its angle and size")
    func json() throws {
        var items = Self.words.enumerated().map { i, w in "{\"text\": \"\(w)\", \"weight\": \(20 - i)}" }
        items[1] = "{\"text\": \"linux\", \"weight\": 19, \"x\": 40, \"y\": 180, \"angle\": 90, \"size\": 30}"
        items[4] = "{\"text\": \"freetype\", \"weight\": 3, \"x\": \"300.5\", \"y\": 180}"
        let (r, out) = try run("tags.json", "[" + items.joined(separator: ",\n") + "]")
        #expect(r.status == 0, "\(r.stderr)")
        let data = try #require(out)
        let layout = try placed(data)
        let linux = try #require(layout["linux"])
        #expect(abs(linux.x - 40) <= 0.5 && abs(linux.y - 180) <= 0.5, "\(linux)")
        #expect(linux.rotation == 90 && linux.size == 30)
        let freetype = try #require(layout["freetype"])
        #expect(abs(freetype.x - 300.5) <= 0.5 && abs(freetype.y - 180) <= 0.5, "\(freetype)")
        #expect(freetype.rotation == 0)
        #expect(layout.count == Self.words.count, "every word placed")
    }

    @Test("a configuration's \"tags\" may be term objects with pins, as tagcloud serve saves them")
    func configTermObjects() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("saved.json"), output = dir.appendingPathComponent("layout.json")
        let tags = Self.words.enumerated().map { i, w in
            i == 2
                ? "{\"text\": \"cairo\", \"weight\": 18, \"x\": 120, \"y\": 90, \"size\": 24}"
                : "{\"text\": \"\(w)\", \"weight\": \(20 - i)}"
        }
        let body =
            "{\"command\": \"cloud\", \"width\": 500, \"height\": 360, \"seed\": 5, \"tags\": [" + tags.joined(separator: ", ")
            + "]}"
        try Data(body.utf8).write(to: config)
        let r = try ToolRun.run(["cloud", "--config", config.path, "-o", output.path])
        #expect(r.status == 0, "\(r.stderr)")
        let layout = try placed(try Data(contentsOf: output))
        let cairo = try #require(layout["cairo"])
        #expect(abs(cairo.x - 120) <= 0.5 && abs(cairo.y - 90) <= 0.5 && cairo.size == 24, "\(cairo)")
        #expect(layout.count == Self.words.count)
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"tags": [{"text": "a", "x": 3}]}"#.utf8).write(to: bad)
        let refused = try ToolRun.run(["cloud", "--config", bad.path, "-o", output.path])
        #expect(refused.status == 2 && refused.stderr.contains("bad.json"), "\(refused.stderr)")
    }

    @Test("a CSV tag list with pins in columns 7 to 10")
    func csv() throws {
        let rows = Self.words.enumerated().map { i, w in
            i == 2 ? "\(w),18,,,,,250,180,-20,40" : "\(w),\(20 - i)"
        }
        let (r, out) = try run("tags.csv", "text,weight,link,id,color,group,x,y,angle,size\n" + rows.joined(separator: "\n"))
        #expect(r.status == 0, "\(r.stderr)")
        let data = try #require(out)
        let cairo = try #require(try placed(data)["cairo"])
        #expect(abs(cairo.x - 250) <= 0.5 && abs(cairo.y - 180) <= 0.5, "\(cairo)")
        #expect(cairo.rotation == -20 && cairo.size == 40)
    }

    static let errorCases: [RecipeErrorCase] = [
        RecipeErrorCase(
            name: "x without y", args: ["cloud", "--input", "DIR/t.json", "-o", "OUT.png"],
            files: ["t.json": Array(#"[{"text": "swift", "x": 10}]"#.utf8)], status: 2,
            message: "DIR/t.json: item 1: tag \"swift\": x given without y: a pin needs both x and y"),
        RecipeErrorCase(
            name: "a size that is negative", args: ["cloud", "--input", "DIR/t.json", "-o", "OUT.png"],
            files: ["t.json": Array(#"["a", {"text": "swift", "x": 10, "y": 20, "size": -4}]"#.utf8)], status: 2,
            message: "DIR/t.json: item 2: tag \"swift\": size -4 is out of range: give a font size in points from 0.5 to 2000"),
        RecipeErrorCase(
            name: "an x that is not a number", args: ["cloud", "--input", "DIR/t.csv", "-o", "OUT.png"],
            files: ["t.csv": Array("swift,3,,,,,left,20\n".utf8)], status: 2,
            message: "DIR/t.csv:1:7: tag \"swift\": x \"left\" is not a number"),
        RecipeErrorCase(
            name: "a y that is not finite", args: ["cloud", "--input", "DIR/t.csv", "-o", "OUT.png"],
            files: ["t.csv": Array("swift,3,,,,,10,inf\n".utf8)], status: 2,
            message: "DIR/t.csv:1:8: tag \"swift\": y inf is not a finite number"),
        RecipeErrorCase(
            name: "an angle and a size without a place", args: ["cloud", "--input", "DIR/t.csv", "-o", "OUT.png"],
            files: ["t.csv": Array("swift,3,,,,,,,45,20\n".utf8)], status: 2,
            message: "DIR/t.csv:1:7: tag \"swift\": angle, size given without x: a pin needs both x and y"),
        RecipeErrorCase(
            name: "a JSON x that is not a number", args: ["cloud", "--input", "DIR/t.json", "-o", "OUT.png"],
            files: ["t.json": Array(#"[{"text": "swift", "x": true, "y": 3}]"#.utf8)], status: 2,
            message: "DIR/t.json: item 1: \"x\" must be a number"),
        RecipeErrorCase(
            name: "a pin off the canvas", args: ["cloud", "--input", "DIR/t.json", "--width", "200", "-o", "OUT.png"],
            files: ["t.json": Array(#"[{"text": "swift", "x": 900, "y": 30}, "linux"]"#.utf8)], status: 2,
            message: "the pinned word \"swift\" leaves the canvas: move its pin (x, y) inside, or make it smaller"),
        RecipeErrorCase(
            name: "two pins on one spot", args: ["cloud", "--input", "DIR/t.json", "-o", "OUT.png"],
            files: [
                "t.json": Array(
                    #"[{"text": "swift", "weight": 2, "x": 200, "y": 200, "size": 30}, {"text": "linux", "x": 205, "y": 200, "size": 30}]"#
                        .utf8)
            ], status: 2,
            message: "the pinned words \"swift\" and \"linux\" overlap"),
    ]

    @Test("a bad pin: one line naming the tag and the field, exit status 2, no output", arguments: errorCases)
    func badPin(_ c: RecipeErrorCase) throws {
        try CLIProcessTests().badInput(c)
    }
}
