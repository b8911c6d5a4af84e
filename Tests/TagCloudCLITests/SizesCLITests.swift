import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// `--sizes exact`, `--weight-range` and `--legend`, through the real fonts.
@Suite("sizes that tell the truth")
struct SizesCLITests {
    /// The layout JSON's placed words, by text: font size and weight.
    func words(_ json: Data) throws -> [String: (size: Double, weight: Double)] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var out: [String: (size: Double, weight: Double)] = [:]
        for w in try #require(root["placed"] as? [[String: Any]]) {
            out[try #require(w["text"] as? String)] = (
                try #require(w["fontSize"] as? Double), try #require(w["weight"] as? Double)
            )
        }
        return out
    }

    /// Runs `tagcloud` with `args` (and DejaVu Sans), writing `name` in `dir`; returns its bytes.
    /// `tags`, as `word:weight`, are given as a tag list on standard input.
    func draw(_ args: [String], _ name: String, in dir: URL, tags: [String] = []) throws -> Data {
        let out = dir.appendingPathComponent(name)
        let tsv = tags.map { $0.replacingOccurrences(of: ":", with: "\t") + "\n" }.joined()
        let input = tags.isEmpty ? [] : ["-i", "-"]
        let r = try ToolRun.run(
            args + input + ["--font", "DejaVu Sans", "--seed", "4", "-o", out.path], stdin: tags.isEmpty ? nil : Data(tsv.utf8))
        #expect(r.status == 0, "\(args): \(r.stderr)")
        return try Data(contentsOf: out)
    }

    @Test("tagcloud cloud Swift Rust Go --sizes exact: three equal weights, three equal sizes")
    func equalWordsEqualSizes() throws {
        let dir = try scratchFolder()
        for extra in [["--sizes", "exact"], ["--sizes", "exact", "--rotate", "0", "--width", "300", "--height", "200"]] {
            let sizes = try words(draw(["cloud", "Swift", "Rust", "Go"] + extra, "three.json", in: dir))
            #expect(sizes.count == 3)
            #expect(Set(sizes.values.map(\.size)).count == 1, "\(extra): \(sizes)")
        }
        // Many words on a small canvas: every word placed, sizes never falling as weights rise.
        var tsv = ""
        for i in 0..<80 { tsv += "word\(i)\t\([1, 2, 2, 3, 8, 8, 20, 50][i % 8])\n" }
        let input = dir.appendingPathComponent("many.tsv")
        try Data(tsv.utf8).write(to: input)
        let many = try words(
            draw(["cloud", "-i", input.path, "--sizes", "exact", "--width", "300", "--height", "200"], "many.json", in: dir))
        #expect(many.count == 80, "all placed")
        let sorted = many.values.sorted { $0.weight < $1.weight }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            #expect(a.weight == b.weight ? a.size == b.size : a.size <= b.size, "\(a) then \(b)")
        }
    }

    @Test("--weight-range: one weight, one size, in two clouds of different words")
    func weightRange() throws {
        let dir = try scratchFolder()
        let range = ["--weight-range", "0,200"]
        let a = try words(draw(["cloud"] + range, "a.json", in: dir, tags: ["apple:40", "pear:10", "plum:100"]))
        let b = try words(draw(["cloud"] + range, "b.json", in: dir, tags: ["oak:40", "elm:200", "ash:10", "yew:3"]))
        #expect(a["apple"]?.size == b["oak"]?.size)
        #expect(a["pear"]?.size == b["ash"]?.size)
        #expect(b["elm"]?.size == 60, "the range's top at a tenth of the 600 pt side")
        // A flow too.
        let fa = try words(draw(["flow", "--weight-range", "0,100"], "fa.json", in: dir, tags: ["apple:40", "pear:10"]))
        let fb = try words(draw(["flow", "--weight-range", "0,100"], "fb.json", in: dir, tags: ["oak:40", "elm:90"]))
        #expect(fa["apple"]?.size == fb["oak"]?.size)
    }

    @Test("--legend: a band below the canvas in PNG, SVG, HTML and JSON; --previous reads the canvas's size")
    func legend() throws {
        let dir = try scratchFolder()
        let args = ["cloud", "--legend", "--width", "400", "--height", "300"]
        let tags = ["red:30", "green:20", "blue:10", "cyan:1"]
        let png = try draw(args, "l.png", in: dir, tags: tags)
        let (w, h) = pngSize(png)
        #expect(w == 400 && h > 300)
        let svg = String(decoding: try draw(args, "l.svg", in: dir, tags: tags), as: UTF8.self)
        #expect(svg.contains("<g class=\"legend\">") && svg.contains("class=\"legend-sample\""))
        #expect(svg.contains("height=\"\(h)\""))
        let html = String(decoding: try draw(args, "l.html", in: dir, tags: tags), as: UTF8.self)
        #expect(html.contains("<g class=\"legend\">") && html.contains(">weight</text>"))
        let json = try draw(args, "l.json", in: dir, tags: tags)
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((root["size"] as? [String: Double]) == ["width": 400, "height": 300])
        let entries = try #require((root["legend"] as? [String: Any])?["entries"] as? [[String: Any]])
        let sizes = try words(json)
        // The lightest weight has its own sample; the samples stay a key's size (an eighth of 300 pt).
        #expect(entries.last?["weight"] as? Double == 1 && entries.last?["fontSize"] as? Double == sizes["cyan"]?.size)
        #expect(entries.count >= 3 && entries.allSatisfy { ($0["fontSize"] as? Double ?? 99) <= 48 })
        // Laid out again over it: the canvas is 400 x 300, not the picture with its band.
        let again = try draw(
            ["cloud", "--previous", dir.appendingPathComponent("l.json").path], "again.json", in: dir,
            tags: ["red:30", "green:25"])
        let againRoot = try #require(try JSONSerialization.jsonObject(with: again) as? [String: Any])
        #expect((againRoot["size"] as? [String: Double]) == ["width": 400, "height": 300])
        // A flow's band.
        let flow = try draw(["flow", "--legend"], "f.png", in: dir, tags: ["red:30", "green:20"])
        let plainFlow = try draw(["flow"], "g.png", in: dir, tags: ["red:30", "green:20"])
        #expect(pngSize(flow).1 > pngSize(plainFlow).1 && pngSize(flow).0 == pngSize(plainFlow).0)
    }

    @Test(
        "bad --weight-range values, and sizes that contradict: exit 1 with one line naming the option",
        arguments: [
            (["cloud", "a", "--weight-range", "5,1"], "--weight-range"),
            (["cloud", "a", "--weight-range", "3,3"], "--weight-range"),
            (["cloud", "a", "--weight-range", "nan,3"], "--weight-range"),
            (["cloud", "a", "--weight-range", "0,inf"], "--weight-range"),
            (["cloud", "a", "--weight-range", "10"], "--weight-range"),
            (["cloud", "a", "--weight-range", "1,2,3"], "--weight-range"),
            (["cloud", "a", "--weight-range", "x,y"], "--weight-range"),
            (["flow", "a", "--weight-range", "1e400,2"], "--weight-range"),
            (["cloud", "a", "--legend", "--sizes", "shrink"], "--sizes"),
            (["cloud", "a", "--weight-range", "0,9", "--sizes", "shrink"], "--sizes"),
            (["cloud", "a", "--sizes", "exact", "--repeat"], "--repeat"),
            (["cloud", "a", "--sizes", "most"], "--sizes"),
            (["flow", "a", "--random-sizes", "--legend"], "--legend"),
            (["flow", "a", "--random-sizes", "--weight-range", "0,9"], "--weight-range"),
        ])
    func refused(args: [String], names: String) throws {
        let dir = try scratchFolder()
        let r = try ToolRun.run(args + ["-o", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 1, "\(args): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): \(r.stderr)")
        #expect(r.stderr.hasPrefix("tagcloud: error: ") && r.stderr.contains(names), "\(args): \(r.stderr)")
    }

    @Test("--weight-range keeps one scale: words that fit nowhere at their sizes end in exit status 3")
    func rangeTooLarge() throws {
        let dir = try scratchFolder()
        let words = (0..<40).map { "word\($0)" }
        let r = try ToolRun.run(
            ["cloud"] + words + [
                "--weight-range", "0,1", "--max-size", "60", "--width", "200", "--height", "150", "-o",
                dir.appendingPathComponent("x.json").path,
            ])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("--weight-range keeps one size scale"))
    }
}
