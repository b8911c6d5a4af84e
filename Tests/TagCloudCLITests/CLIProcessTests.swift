import Foundation
import TagCloud
import TagCloudGraphics
import TagCloudTestSupport
import Testing

struct RecipeErrorCase: CustomStringConvertible, Sendable {
    var name: String
    var args: [String]
    var files: [String: [UInt8]] = [:]
    var status: Int32
    var message: String
    var description: String { name }
}

@Suite("tagcloud command line")
struct CLIProcessTests {
    static let errorCases: [RecipeErrorCase] = [
        RecipeErrorCase(
            name: "unknown flag", args: ["flow", "--widht", "300", "swift", "-o", "OUT.png"], status: 1,
            message: "did you mean --width"),
        RecipeErrorCase(
            name: "missing value", args: ["flow", "swift", "-o", "OUT.png", "--width"], status: 1, message: "--width"),
        RecipeErrorCase(
            name: "PNG too large, refused before the layout",
            args: ["cloud", "swift", "--width", "4000", "--height", "4000", "--scale", "64", "-o", "OUT.png"], status: 1,
            message: "--width 4000 and --height 4000 at --scale 64: an image of 256000×256000 pixels is too large"),
        RecipeErrorCase(
            name: "width inside the insets", args: ["flow", "swift", "--width", "5", "-o", "OUT.png"], status: 1,
            message: "--width 5 leaves no room inside --insets (12 left, 12 right): give a --width above 24"),
        RecipeErrorCase(
            name: "sizes the wrong way round", args: ["cloud", "swift", "--min-size", "50", "--max-size", "20", "-o", "OUT.png"],
            status: 1, message: "--min-size 50 is larger than --max-size 20: the minimum must not exceed the maximum"),
        RecipeErrorCase(
            name: "flow sizes the wrong way round",
            args: ["flow", "swift", "--min-size", "30", "--max-size", "12.5", "-o", "OUT.png"],
            status: 1, message: "--min-size 30 is larger than --max-size 12.5"),
        RecipeErrorCase(
            name: "bad colour", args: ["flow", "swift", "--background", "blurple", "-o", "OUT.png"], status: 1,
            message: "\"blurple\""),
        RecipeErrorCase(
            name: "bad palette", args: ["flow", "swift", "--palette", "rainbowz", "-o", "OUT.png"], status: 1,
            message: "tableau10"),
        RecipeErrorCase(
            name: "unknown font", args: ["flow", "swift", "--font", "DejaVu Sanz", "-o", "OUT.png"], status: 1,
            message: "DejaVu Sans"),
        RecipeErrorCase(
            name: "font file that is not a font", args: ["flow", "swift", "--font", "DIR/notafont.ttf", "-o", "OUT.png"],
            files: ["notafont.ttf": Array("hello".utf8)], status: 2, message: "notafont.ttf"),
        RecipeErrorCase(
            name: "unreadable file", args: ["flow", "--input", "DIR/missing.tsv", "-o", "OUT.png"], status: 2,
            message: "missing.tsv"),
        RecipeErrorCase(
            name: "invalid UTF-8", args: ["flow", "--input", "DIR/bad.tsv", "-o", "OUT.png"],
            files: ["bad.tsv": [0x73, 0x77, 0x69, 0x66, 0x74, 0x0A, 0x61, 0xFF, 0x62, 0x0A]], status: 2, message: "UTF-8"),
        RecipeErrorCase(
            name: "binary file", args: ["flow", "--input", "DIR/bin.tsv", "-o", "OUT.png"],
            files: ["bin.tsv": [0x61, 0x00, 0x62, 0x0A]], status: 2, message: "bin.tsv"),
        RecipeErrorCase(
            name: "zero width", args: ["flow", "swift", "--width", "0", "-o", "OUT.png"], status: 1, message: "--width"),
        RecipeErrorCase(
            name: "negative width", args: ["flow", "swift", "--width", "-20", "-o", "OUT.png"], status: 1, message: "--width"),
        RecipeErrorCase(
            name: "width narrower than the insets", args: ["flow", "swift", "--width", "20", "-o", "OUT.png"], status: 1,
            message: "width"),
        RecipeErrorCase(name: "no tags", args: ["flow", "-o", "OUT.png"], status: 2, message: "no tags"),
        RecipeErrorCase(
            name: "empty tag file", args: ["flow", "--input", "DIR/empty.tsv", "-o", "OUT.png"],
            files: ["empty.tsv": Array("# only a comment\n\n".utf8)], status: 2, message: "empty.tsv"),
        RecipeErrorCase(
            name: "bad weight", args: ["flow", "--input", "DIR/w.tsv", "-o", "OUT.png"],
            files: ["w.tsv": Array("swift\t3\nlinux\tlots\n".utf8)], status: 2, message: ":2"),
        RecipeErrorCase(
            name: "unknown output format", args: ["flow", "swift", "-o", "DIR/out.bmp"], status: 1, message: "out.bmp"),
        RecipeErrorCase(name: "no output", args: ["flow", "swift"], status: 1, message: "-o"),
        RecipeErrorCase(
            name: "folder that does not exist", args: ["flow", "swift", "-o", "DIR/nope/out.png"], status: 4, message: "nope"),
        RecipeErrorCase(
            name: "absurd font size", args: ["flow", "swift", "--max-size", "1e9", "-o", "OUT.png"], status: 1,
            message: "--max-size"),
        RecipeErrorCase(name: "unknown command", args: ["flwo", "swift"], status: 1, message: "did you mean flow"),
        RecipeErrorCase(name: "a mistyped serve", args: ["serv"], status: 1, message: "did you mean serve"),
        RecipeErrorCase(
            name: "unknown command like none", args: ["bogus", "swift"], status: 1,
            message: "unknown command \"bogus\": run tagcloud --help"),
        RecipeErrorCase(
            name: "output path that is a folder", args: ["flow", "swift", "-o", "DIR", "--format", "png"], status: 4,
            message: "it is a folder"),
        // A text that leaves no words: the error names the filter that removed them, and the way out.
        RecipeErrorCase(
            name: "text of stop words only", args: ["flow", "--text", "DIR/speech.txt", "-o", "OUT.png"],
            files: ["speech.txt": Array("The and of it. To be or not to be!\n".utf8)], status: 2,
            message:
                "no words left in DIR/speech.txt: 10 words read, all removed by the English stop-word list (use --no-stopwords or --language)"
        ),
        RecipeErrorCase(
            name: "text of numbers only", args: ["cloud", "--text", "DIR/n.txt", "-o", "OUT.png"],
            files: ["n.txt": Array("1999 2001 3.14\n".utf8)], status: 2,
            message: "3 words read, all removed by the number filter (use --numbers to count numbers)"),
        RecipeErrorCase(
            name: "text of words shorter than --min-length",
            args: ["flow", "--text", "DIR/s.txt", "--min-length", "6", "-o", "OUT.png"],
            files: ["s.txt": Array("cats dogs birds\n".utf8)], status: 2,
            message: "3 words read, all removed by --min-length 6 (words shorter than 6 characters; use --min-length 1)"),
        RecipeErrorCase(
            name: "text emptied by several filters", args: ["cloud", "--text", "DIR/m.txt", "-o", "OUT.png"],
            files: ["m.txt": Array("the of 42 x\n".utf8)], status: 2,
            message: "4 words read, all removed: 2 by the English stop-word list"),
        RecipeErrorCase(
            name: "text emptied by added stop words",
            args: ["flow", "--text", "DIR/a.txt", "--add-stopwords", "DIR/stop.txt", "-o", "OUT.png"],
            files: ["a.txt": Array("rabbit rabbit hole\n".utf8), "stop.txt": Array("rabbit\nhole\n".utf8)], status: 2,
            message: "all removed by the words of --add-stopwords"),
        RecipeErrorCase(
            name: "word pattern that matches nothing",
            args: ["flow", "--text", "DIR/p.txt", "--word-pattern", "#\\w+", "-o", "OUT.png"],
            files: ["p.txt": Array("no hashtags here\n".utf8)], status: 2,
            message: "no words in DIR/p.txt: --word-pattern \"#\\w+\" matched nothing in 17 bytes"),
        RecipeErrorCase(
            name: "empty text", args: ["cloud", "--text", "DIR/e.txt", "-o", "OUT.png"], files: ["e.txt": []], status: 2,
            message: "no words in DIR/e.txt: the text is empty"),
        RecipeErrorCase(
            name: "text without words", args: ["flow", "--text", "DIR/p.txt", "-o", "OUT.png"],
            files: ["p.txt": Array("... !!! --- ???\n".utf8)], status: 2, message: "hold only punctuation, symbols and spaces"),
    ]

    @Test("bad input: one clear line, its exit status, no output file", arguments: errorCases)
    func badInput(_ c: RecipeErrorCase) throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in c.files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let args = c.args.map {
            $0.replacingOccurrences(of: "OUT", with: dir.appendingPathComponent("out").path)
                .replacingOccurrences(of: "DIR", with: dir.path)
        }
        let r = try ToolRun.run(args)
        #expect(r.status == c.status, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("tagcloud: error: "), "stderr: \(r.stderr)")
        #expect(r.stderr.contains(c.message.replacingOccurrences(of: "DIR", with: dir.path)), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !c.files.keys.contains($0) }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("same input and seed give byte-identical PNG, SVG and JSON")
    func determinism() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in ["png", "svg", "json"] {
            var outputs: [Data] = []
            for run in 0..<2 {
                let path = dir.appendingPathComponent("\(run).\(ext)").path
                let r = try ToolRun.run([
                    "flow", "--seed", "11", "--random-sizes", "--font", "DejaVu Sans", "--font", "DejaVu Serif",
                    "swift", "ios", "linux", "machine learning", "你好", "مرحبا", "-o", path,
                ])
                #expect(r.status == 0, "\(r.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(outputs[0] == outputs[1], "\(ext) differs between runs")
            #expect(outputs[0].count > 100)
        }
    }

    @Test("--scale 2 doubles the PNG's pixel size and keeps the layout")
    func scale() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func size(_ scale: String) throws -> (Int, Int) {
            let path = dir.appendingPathComponent("s\(scale).png").path
            let r = try ToolRun.run(["flow", "--seed", "1", "--width", "300", "a", "bb", "ccc", "--scale", scale, "-o", path])
            #expect(r.status == 0, "\(r.stderr)")
            return try pngSize(path)
        }
        let one = try size("1"), two = try size("2")
        #expect(one.0 == 300)
        #expect(two.0 == 2 * one.0 && two.1 == 2 * one.1)
    }

    @Test("tags from standard input, output to standard output")
    func stdio() throws {
        let r = try ToolRun.run(
            ["flow", "--seed", "2", "--input", "-", "-o", "-", "--format", "json"],
            stdin: Data("swift\t5\nlinux\t3\n# comment\n".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        let placed = json?["placed"] as? [[String: Any]]
        #expect(placed?.map { $0["text"] as? String } == ["swift", "linux"])
    }

    @Test("a seed is printed when none is given")
    func seedPrinted() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ToolRun.run(["flow", "swift", "-o", dir.appendingPathComponent("a.json").path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("--seed "))
    }

    @Test("the JSON layout records the seed the cloud or flow was made with", arguments: ["flow", "cloud"])
    func seedRecorded(command: String) throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("a.json")
        let r = try ToolRun.run([command, "swift", "rust", "--seed", "31337", "-o", out.path])
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        #expect((json?["seed"] as? NSNumber)?.uint64Value == 31337)
        #expect(json?["kind"] as? String == command)
    }

    @Test("help and version")
    func help() throws {
        let top = try ToolRun.run(["--help"])
        #expect(top.status == 0)
        #expect(String(decoding: top.stdout, as: UTF8.self).contains("flow"))
        let flow = try ToolRun.run(["flow", "--help"])
        #expect(flow.status == 0)
        let text = String(decoding: flow.stdout, as: UTF8.self)
        #expect(text.contains("--justify") && text.contains("Examples"))
        let v = try ToolRun.run(["--version"])
        #expect(String(decoding: v.stdout, as: UTF8.self).hasPrefix("tagcloud "))
    }

    /// Usage lines name the command once; each default is said once, the numbers taken from the
    /// library's own options; "repeatable" is said once.
    @Test("help pages: usage, defaults and repeatable options said once", arguments: ["flow", "cloud", "count"])
    func helpPages(command: String) throws {
        let page = String(decoding: try ToolRun.run([command, "--help"]).stdout, as: UTF8.self)
        let lines = page.split(separator: "\n").map(String.init)
        let usage = lines.filter { $0.hasPrefix("  tagcloud \(command)") && !$0.contains("--text corpus") }
        #expect(!usage.isEmpty)
        #expect(!page.contains("tagcloud \(command) tagcloud"))
        #expect(!page.contains("Repeatable. (repeatable)"))
        // One option's help, joined across its wrapped lines.
        func help(_ option: String) -> String {
            guard let i = lines.firstIndex(where: { $0.contains("--\(option) ") || $0.hasSuffix("--\(option)") }) else {
                return ""
            }
            var text = lines[i]
            var j = i + 1
            while j < lines.count, lines[j].hasPrefix("      "), !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("-") {
                text += " " + lines[j].trimmingCharacters(in: .whitespaces); j += 1
            }
            return text
        }
        for option in ["font-style", "font-choice", "scale"] where command != "count" {
            let h = help(option)
            #expect(h.components(separatedBy: "Default:").count == 2, "--\(option): \(h)")
        }
        if command == "cloud" {
            let o = WordCloudOptions()
            #expect(help("width").hasSuffix("Default: \(o.width); with a mask, the mask's width."))
            #expect(help("max-words").hasSuffix("Default: \(o.maximumWords)."))
            #expect(help("margin").hasSuffix("Default: \(o.margin)."))
        }
    }

    @Test("max rows reports the hidden tags")
    func maxRows() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("m.json").path
        let tags = (0..<60).map { "tag\($0)" }
        let r = try ToolRun.run(["flow", "--seed", "1", "--max-rows", "2", "--width", "300", "-o", path] + tags)
        #expect(r.status == 0)
        #expect(r.stderr.contains("hidden by --max-rows"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let unplaced = json?["unplaced"] as? [[String: Any]] ?? []
        let placed = json?["placed"] as? [[String: Any]] ?? []
        #expect(placed.count + unplaced.count == 60)
        #expect(!unplaced.isEmpty && unplaced.allSatisfy { $0["reason"] as? String == "rowLimit" })
    }
}

@Suite("tagcloud cloud")
struct CloudCLITests {
    /// A 200x150 PNG: a disc of radius 60 in the middle, dark on white (no alpha) or opaque on
    /// transparent; `empty` makes it all white (no room at all).
    func discPNG(_ dir: URL, alpha: Bool, empty: Bool = false) throws -> String {
        let path = dir.appendingPathComponent("mask-\(alpha)-\(empty).png").path
        let inside = BitMask(width: 200, height: 150) { x, y in !empty && (x - 100) * (x - 100) + (y - 75) * (y - 75) < 3600 }
        let data =
            alpha
            ? try ImageWriter.pngData(inside, set: .black, clear: .transparent)
            : try ImageWriter.pngData(inside, set: Color(rgb: 0x202020), clear: .white)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs a masked cloud and returns the placed words' frames.
    func maskedCloud(_ dir: URL, mask: String, extra: [String] = []) throws -> [[String: Double]] {
        let out = dir.appendingPathComponent("m.json").path
        let words = (0..<40).map { "w\($0)" }
        let r = try ToolRun.run(
            ["cloud", "--width", "200", "--height", "150", "--mask", mask, "--seed", "1", "-o", out] + extra + words)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        return (json?["placed"] as? [[String: Any]] ?? []).compactMap { $0["frame"] as? [String: Double] }
    }

    @Test("masks: with alpha, without alpha, inverted; no room is an error")
    func masks() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func inDisc(_ f: [String: Double]) -> Bool {
            let corners = [
                (f["x"]!, f["y"]!), (f["x"]! + f["width"]!, f["y"]!), (f["x"]!, f["y"]! + f["height"]!),
                (f["x"]! + f["width"]!, f["y"]! + f["height"]!),
            ]
            return corners.allSatisfy { ($0.0 - 100) * ($0.0 - 100) + ($0.1 - 75) * ($0.1 - 75) <= 3600 + 300 }
        }
        for alpha in [true, false] {
            let frames = try maskedCloud(dir, mask: try discPNG(dir, alpha: alpha))
            #expect(frames.count > 5)
            #expect(frames.allSatisfy(inDisc), "alpha \(alpha): a word outside the disc")
        }
        let inverted = try maskedCloud(dir, mask: try discPNG(dir, alpha: false), extra: ["--mask-invert"])
        #expect(inverted.count > 5)
        #expect(
            inverted.allSatisfy { f in
                // Outside the disc: the frame's centre is not deep inside it.
                let cx = f["x"]! + f["width"]! / 2, cy = f["y"]! + f["height"]! / 2
                return (cx - 100) * (cx - 100) + (cy - 75) * (cy - 75) > 900
            })
        let out = dir.appendingPathComponent("none.png").path
        let r = try ToolRun.run([
            "cloud", "a", "b", "--width", "200", "--height", "150", "--mask",
            try discPNG(dir, alpha: false, empty: true), "-o", out,
        ])
        #expect(r.status == 2, "a mask is an input: \(r.stderr)")
        #expect(r.stderr.contains("no room"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a shape too large for its canvas is a usage error that says to enlarge the canvas")
    func shapeLeavesNoRoom() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("s.png").path
        let r = try ToolRun.run([
            "cloud", "a", "b", "--shape", "heart", "--width", "3", "--height", "2",
            "--contour", "3", "-o", out,
        ])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the shape heart on a 3x2 canvas inside a contour 3 px wide leaves no room"), "\(r.stderr)")
        #expect(r.stderr.contains("larger --width/--height or a thinner --contour"), "\(r.stderr)")
        #expect(!r.stderr.contains("--mask-invert"), "a shape has no mask to invert: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a cloud from a frequency file, in a shape, every format")
    func formats() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tsv = dir.appendingPathComponent("f.tsv")
        try Data((0..<80).map { "word\($0)\t\(100 - $0)" }.joined(separator: "\n").utf8).write(to: tsv)
        for ext in ["png", "svg", "json", "pdf"] {
            let out = dir.appendingPathComponent("c.\(ext)").path
            let r = try ToolRun.run([
                "cloud", "--input", tsv.path, "--width", "400", "--height", "300", "--shape", "heart",
                "--contour", "2", "--contour-color", "navy", "--seed", "3", "-o", out,
            ])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("placed "), "summary line: \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out))
        }
        #expect(try pngSize(dir.appendingPathComponent("c.png").path) == (400, 300))
        let svg = try String(contentsOf: dir.appendingPathComponent("c.svg"), encoding: .utf8)
        #expect(svg.contains("class=\"contour\""))
    }

    @Test("--repeat: the summary counts words and placements apart")
    func repeatSummary() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("r.json").path
        let r = try ToolRun.run(["cloud", "swift", "linux", "--repeat", "--max-words", "40", "--seed", "2", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let placed = json?["placed"] as? [[String: Any]] ?? []
        #expect(placed.count > 2, "the words were not repeated")
        #expect(r.stderr.contains("placed 2 of 2 words, \(placed.count) times with --repeat ("), "\(r.stderr)")
    }

    @Test("--fit all that cannot fit exits 3 and still writes the cloud")
    func fitAllFails() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("c.png").path
        let words = (0..<60).map { "longword\($0)" }
        let r = try ToolRun.run(
            ["cloud", "--width", "120", "--height", "80", "--min-size", "30", "--fit", "all", "-o", out] + words)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("--fit all"))
        #expect(try pngSize(out) == (120, 80), "the words that fit are still drawn")
    }

    @Test("--fit all places every word")
    func fitAll() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("c.json").path
        let words = (0..<150).map { "word\($0)" }
        let r = try ToolRun.run(["cloud", "--width", "300", "--height", "200", "--fit", "all", "--seed", "1", "-o", out] + words)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect((json?["placed"] as? [Any])?.count == 150)
    }

    static let errorCases: [RecipeErrorCase] = [
        RecipeErrorCase(
            name: "unknown shape", args: ["cloud", "a", "--shape", "hexagon", "-o", "OUT.png"], status: 1, message: "heart"),
        RecipeErrorCase(
            name: "mask that is not a PNG", args: ["cloud", "a", "--mask", "DIR/m.png", "-o", "OUT.png"],
            files: ["m.png": Array("not a png".utf8)], status: 2, message: "m.png"),
        RecipeErrorCase(
            name: "missing mask", args: ["cloud", "a", "--mask", "DIR/none.png", "-o", "OUT.png"], status: 2, message: "none.png"),
        RecipeErrorCase(
            name: "huge canvas", args: ["cloud", "a", "--width", "40000", "-o", "OUT.png"], status: 1, message: "--width"),
        RecipeErrorCase(
            name: "zero max words", args: ["cloud", "a", "--max-words", "0", "-o", "OUT.png"], status: 1,
            message: "invalid value \"0\" for --max-words: expected a whole number from 1 to 100000"),
        RecipeErrorCase(
            name: "shapes with an argument", args: ["shapes", "heart"], status: 1, message: "tagcloud shapes takes no arguments"),
        RecipeErrorCase(
            name: "palettes with an argument", args: ["palettes", "--all"], status: 1,
            message: "tagcloud palettes takes no arguments"),
        RecipeErrorCase(
            name: "unknown alignment", args: ["flow", "a", "--align", "middle", "-o", "OUT.svg"], status: 1,
            message: "expected one of leading, center, trailing, justified"),
        RecipeErrorCase(
            name: "flow spacing past its bound", args: ["flow", "a", "--spacing", "20000", "-o", "OUT.svg"], status: 1,
            message: "invalid value \"20000\" for --spacing: expected a length in points from 0 to 10000"),
        RecipeErrorCase(
            name: "negative corner radius", args: ["flow", "a", "--pill", "--corner-radius", "-1", "-o", "OUT.svg"], status: 1,
            message: "invalid value \"-1\" for --corner-radius"),
        RecipeErrorCase(
            name: "tiny minimum size", args: ["flow", "a", "--min-size", "0.1", "-o", "OUT.svg"], status: 1,
            message: "invalid value \"0.1\" for --min-size: expected a size in points from 0.5 to 2000"),
        RecipeErrorCase(
            name: "tiny cloud minimum size", args: ["cloud", "a", "--min-size", "0.1", "-o", "OUT.svg"], status: 1,
            message: "invalid value \"0.1\" for --min-size: expected a size in points from 0.5 to 2000"),
        RecipeErrorCase(
            name: "relative scaling past 1", args: ["cloud", "a", "--relative-scaling", "3", "-o", "OUT.png"], status: 1,
            message: "invalid value \"3\" for --relative-scaling: expected a number from 0 to 1"),
        RecipeErrorCase(
            name: "font step of 0", args: ["cloud", "a", "--font-step", "0", "-o", "OUT.png"], status: 1,
            message: "invalid value \"0\" for --font-step: expected a number of points from 0.1 to 1000"),
        RecipeErrorCase(
            name: "bad rotation", args: ["cloud", "a", "--rotate", "sideways", "-o", "OUT.png"], status: 1, message: "--rotate"),
        RecipeErrorCase(
            name: "bad cjk-vertical", args: ["cloud", "a", "--cjk-vertical", "sideways", "-o", "OUT.png"], status: 1,
            message: "--cjk-vertical"),
        RecipeErrorCase(
            name: "bad prefer-horizontal", args: ["cloud", "a", "--prefer-horizontal", "2", "-o", "OUT.png"], status: 1,
            message: "--prefer-horizontal"),
        RecipeErrorCase(
            name: "invert without mask", args: ["cloud", "a", "--mask-invert", "-o", "OUT.png"], status: 1, message: "--mask"),
        RecipeErrorCase(
            name: "over the pixel budget",
            args: ["cloud", "a", "--width", "2000", "--height", "2000", "--max-pixels", "1000000", "-o", "OUT.png"], status: 1,
            message: "--max-pixels"),
        RecipeErrorCase(
            name: "bad config file", args: ["cloud", "a", "--config", "DIR/c.json", "-o", "OUT.png"],
            files: ["c.json": Array(#"{"widht": 3}"#.utf8)], status: 2, message: "did you mean \"width\""),
    ]

    @Test("--strict refuses a mask of another size; without it the mask is resized with a note")
    func strictMask() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mask = try discPNG(dir, alpha: true)  // 200x150
        let out = dir.appendingPathComponent("s.png").path
        let strict = try ToolRun.run([
            "cloud", "a", "b", "--width", "300", "--height", "200", "--mask", mask, "--strict", "-o", out,
        ])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("--strict"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let loose = try ToolRun.run(["cloud", "a", "b", "--width", "300", "--height", "200", "--mask", mask, "-o", out])
        #expect(loose.status == 0)
        #expect(loose.stderr.contains("resized"), "\(loose.stderr)")
        #expect(try pngSize(out) == (300, 200))
    }

    @Test("without --width and --height the canvas takes the mask's size; with one, its proportions")
    func canvasFromMask() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mask = try discPNG(dir, alpha: false)  // 200x150
        let out = dir.appendingPathComponent("c.png").path
        let own = try ToolRun.run(["cloud", "a", "b", "c", "--mask", mask, "--seed", "1", "-o", out])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try pngSize(out) == (200, 150))
        #expect(!own.stderr.contains("resized"), "a mask at its own size is not resized: \(own.stderr)")
        let wide = try ToolRun.run(["cloud", "a", "b", "c", "--mask", mask, "--width", "400", "-o", out])
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(try pngSize(out) == (400, 300))
        let tall = try ToolRun.run(["cloud", "a", "b", "c", "--mask", mask, "--height", "75", "-o", out])
        #expect(tall.status == 0, "\(tall.stderr)")
        #expect(try pngSize(out) == (100, 75))
        // Without a mask the defaults stay.
        let plain = try ToolRun.run(["cloud", "a", "b", "c", "-o", out])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try pngSize(out) == (800, 600))
        // The configuration printed for a masked cloud has the mask's size.
        let config = try ToolRun.run(["config", "--print", "cloud", "--mask", mask])
        let json = try JSONSerialization.jsonObject(with: config.stdout) as? [String: Any]
        #expect(
            json?["width"] as? Int == 200 && json?["height"] as? Int == 150, "\(String(decoding: config.stdout, as: UTF8.self))")
    }

    @Test("an --input file of running text gets a note pointing to --text; a list of phrases does not")
    func runningTextHint() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let prose = dir.appendingPathComponent("story.txt")
        try
            ("It was the best of times, it was the worst of times,\n"
            + "it was the age of wisdom, it was the age of foolishness,\n"
            + "it was the epoch of belief, it was the epoch of incredulity,\n"
            + "it was the season of Light, it was the season of Darkness,\n"
            + "Chapter One\n"
            + "it was the spring of hope, it was the winter of despair.\n").write(to: prose, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("o.svg").path
        let r = try ToolRun.run(["cloud", "--input", prose.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("looks like running text"), "\(r.stderr)")
        #expect(r.stderr.contains("--text \(prose.path)"), "\(r.stderr)")
        let quiet = try ToolRun.run(["cloud", "-q", "--input", prose.path, "-o", out])
        #expect(quiet.status == 0 && !quiet.stderr.contains("running text"), "\(quiet.stderr)")
        let cities = dir.appendingPathComponent("cities.txt")
        try "New York City\nSan Francisco\nLos Angeles\nRio de Janeiro\nBuenos Aires\nParis\n"
            .write(to: cities, atomically: true, encoding: .utf8)
        let list = try ToolRun.run(["cloud", "--input", cities.path, "-o", out])
        #expect(list.status == 0 && !list.stderr.contains("running text"), "\(list.stderr)")
    }

    @Test("--verbose prints a summary per phase")
    func verbose() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ToolRun.run([
            "cloud", "--verbose", "--max-words", "3", "--seed", "1", "a", "b", "c", "d", "-o",
            dir.appendingPathComponent("v.svg").path,
        ])
        #expect(r.status == 0)
        for phase in ["read: 4 words", "layout: 3 kept", "unplaced: maxWords 1", "render: svg in ", "write: "] {
            #expect(r.stderr.contains(phase), "missing \(phase) in \(r.stderr)")
        }
    }

    @Test("bad cloud input: one line, its status, no output", arguments: errorCases)
    func badInput(_ c: RecipeErrorCase) throws {
        try CLIProcessTests().badInput(c)
    }
}

@Suite("interrupts")
struct InterruptTests {
    @Test("Ctrl-C during a long cloud leaves no file and exits 130")
    func interrupt() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tsv = dir.appendingPathComponent("w.tsv")
        try Data((0..<4000).map { "word\($0)\t\(5000 - $0)" }.joined(separator: "\n").utf8).write(to: tsv)
        let out = dir.appendingPathComponent("big.png")
        let p = Process()
        p.executableURL = try ToolRun.binary
        p.arguments = [
            "cloud", "--input", tsv.path, "--width", "6000", "--height", "6000", "--max-words", "4000",
            "--seed", "1", "-o", out.path,
        ]
        p.standardError = Pipe()
        try p.run()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(p.isRunning, "the cloud finished before the interrupt; make it bigger")
        p.interrupt()
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "w.tsv" }
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
