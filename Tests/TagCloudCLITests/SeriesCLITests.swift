import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// `tagcloud series`, through the real tool and fonts: frames from tables and texts, every shared
/// word at one place, the page, the WebP and the per-frame files, and each mistake's message.
@Suite("series")
struct SeriesCLITests {
    /// A frame table: three years of languages, some absent from a year.
    static let table = """
        frame,text,weight
        2022,swift,40
        2022,rust,30
        2022,go,20
        2022,zig,5
        2023,swift,45
        2023,rust,40
        2023,go,10
        2023,kotlin,12
        2024,swift,50
        2024,rust,20
        2024,zig,15
        2024,kotlin,12

        """

    func run(_ args: [String], in dir: URL) throws -> ToolRun {
        try ToolRun.run(["series", "--seed", "4", "--font", "DejaVu Sans", "--width", "500", "--height", "340"] + args)
    }

    func layout(_ url: URL) throws -> [String: [String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let placed = try #require(root["placed"] as? [[String: Any]])
        return Dictionary(placed.map { ($0["text"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func center(_ w: [String: Any]) throws -> (Double, Double) {
        let f = try #require(w["frame"] as? [String: Double])
        return (f["x"]! + f["width"]! / 2, f["y"]! + f["height"]! / 2)
    }

    @Test("a frame table into a folder: a PNG, SVG and JSON per frame, named by frame; shared words at one place")
    func folder() throws {
        let dir = try scratchFolder()
        let csv = dir.appendingPathComponent("langs.csv")
        try Data(Self.table.utf8).write(to: csv)
        let out = dir.appendingPathComponent("years").path + "/"
        let r = try run(["--input", csv.path, "-o", out], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("3 frames, 5 distinct words"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            files == [
                "2022.json", "2022.png", "2022.svg", "2023.json", "2023.png", "2023.svg", "2024.json", "2024.png", "2024.svg",
            ])
        let years = try ["2022", "2023", "2024"].map { try layout(URL(fileURLWithPath: out + $0 + ".json")) }
        #expect(years.map(\.count) == [4, 4, 4])
        #expect(years[0]["kotlin"] == nil && years[1]["zig"] == nil)
        for word in ["swift", "rust"] {
            let centres = try years.map { try center($0[word]!) }
            for c in centres {
                #expect(abs(c.0 - centres[0].0) <= 1 && abs(c.1 - centres[0].1) <= 1, "\(word) moved")
            }
            #expect(Set(years.map { $0[word]!["rotation"] as? Double ?? 0 }).count == 1)
        }
        // One size scale: swift at 50 in 2024 is larger than at 40 in 2022; kotlin at 12 twice is one size.
        #expect((years[2]["swift"]!["fontSize"] as! Double) > (years[0]["swift"]!["fontSize"] as! Double))
        #expect((years[1]["kotlin"]!["fontSize"] as! Double) == (years[2]["kotlin"]!["fontSize"] as! Double))
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "2023.png"))
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--format picks one format per frame; several texts are a frame each, named after their files")
    func textsAndFormat() throws {
        let dir = try scratchFolder()
        var texts: [String] = []
        for (name, text) in [("first", "apple apple apple pear pear plum"), ("second", "apple pear pear pear fig fig")] {
            let url = dir.appendingPathComponent("\(name).txt")
            try Data(text.utf8).write(to: url)
            texts += ["--text", url.path]
        }
        let out = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let r = try run(texts + ["--format", "json", "-o", out], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["first.json", "second.json"])
        let second = try layout(URL(fileURLWithPath: out + "/second.json"))
        #expect(Set(second.keys) == ["apple", "pear", "fig"])
    }

    @Test("a text cut at --separator lines: a frame per part, named after its line")
    func separator() throws {
        let dir = try scratchFolder()
        let book = dir.appendingPathComponent("book.txt")
        try Data("CHAPTER ONE\ncat cat dog\nCHAPTER TWO\ndog dog bird\nCHAPTER THREE\nbird fish fish\n".utf8).write(to: book)
        let out = dir.appendingPathComponent("chapters").path + "/"
        let r = try run(["--text", book.path, "--separator", "CHAPTER .*", "--format", "svg", "-o", out], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                "CHAPTER-ONE.svg", "CHAPTER-THREE.svg", "CHAPTER-TWO.svg",
            ])
        let labels = try run(
            ["--text", book.path, "--separator", "CHAPTER .*", "--labels", "1,2,3", "--format", "json", "-o", out], in: dir)
        #expect(labels.status == 0, "\(labels.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "2.json"))
    }

    @Test("--frame names the frame column or key; number frames go by number, others as first seen")
    func frameColumn() throws {
        let dir = try scratchFolder()
        let csv = dir.appendingPathComponent("speeches.csv")
        try Data("year,text,weight\n2021,swift,5\n2019,rust,4\n2020,go,3\n2019,zig,2\n".utf8).write(to: csv)
        let page = dir.appendingPathComponent("speeches.html")
        var r = try run(["--input", csv.path, "--frame", "year", "-o", page.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let at = ["2019", "2020", "2021"].compactMap { html.range(of: "\"\($0)\"")?.lowerBound }
        #expect(at.count == 3 && at == at.sorted(), "the years are not in number order in the page")
        let json = dir.appendingPathComponent("chapters.json")
        try Data(#"[{"chapter": "two", "text": "a"}, {"chapter": "one", "text": "b"}, {"chapter": "two", "text": "c"}]"#.utf8)
            .write(to: json)
        let folder = dir.appendingPathComponent("chapters")
        r = try run(["--input", json.path, "--frame", "chapter", "--format", "json", "-o", folder.path + "/"], in: dir)
        #expect(r.status == 0 && r.stderr.contains("2 frames"), "\(r.stderr)")
        #expect(try layout(folder.appendingPathComponent("two.json")).keys.sorted() == ["a", "c"])
        r = try run(["--input", csv.path, "--frame", "month", "-o", page.path], in: dir)
        #expect(r.status == 2, "a table without the named column is read as one tag list and refused: \(r.stderr)")
    }

    @Test("the page holds every frame's label and word; the WebP is an animation")
    func pageAndWebP() throws {
        let dir = try scratchFolder()
        let csv = dir.appendingPathComponent("langs.csv")
        try Data(Self.table.utf8).write(to: csv)
        let page = dir.appendingPathComponent("langs.html")
        var r = try run(["--input", csv.path, "-o", page.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        for s in ["2022", "2023", "2024", "swift", "kotlin", "Content-Security-Policy"] { #expect(html.contains(s), "\(s)") }
        let webp = dir.appendingPathComponent("langs.webp")
        r = try run(["--input", csv.path, "--hold", "0.5", "--transition", "0.2", "--fps", "10", "-o", webp.path], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: webp)
        #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes[8..<12] == Data("WEBP".utf8))
        #expect(bytes.range(of: Data("ANIM".utf8)) != nil && bytes.range(of: Data("ANMF".utf8)) != nil)
    }

    @Test(
        "mistakes: one line naming the input and the fix, with the documented status",
        arguments: [
            (["-o", "x.png"], 1, "a series is written as"),
            (["--format", "svg", "-o", "x.html"], 1, "--format chooses the files written into a folder"),
            (["swift", "-o", "x.html"], 1, "a series needs frames"),
            (["--separator=---", "-o", "x.html"], 1, "--separator cuts a --text file"),
            (["--labels", "a,b", "-o", "x.html"], 1, "--labels names 2 frames, but the inputs make 3"),
            (["--transition", "0.01", "-o", "x.html"], 1, "too short"),
            (["--hold", "-1", "-o", "x.html"], 1, "--hold"),
        ])
    func mistakes(args: [String], status: Int32, message: String) throws {
        let dir = try scratchFolder()
        let csv = dir.appendingPathComponent("langs.csv")
        try Data(Self.table.utf8).write(to: csv)
        let paths = args.map { $0.hasPrefix("x.") ? dir.appendingPathComponent($0).path : $0 }
        let input = args.contains("swift") ? [] : ["--input", csv.path]
        let r = try run(input + paths, in: dir)
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "one line: \(r.stderr)")
    }

    @Test("bad tables: a word twice in a frame, a table without a text column, an unknown column")
    func badTables() throws {
        let dir = try scratchFolder()
        for (table, message) in [
            ("frame,text,weight\n1,a,2\n1,a,3\n", "frame \"1\" has the word \"a\" twice"),
            ("frame,weight\n1,2\n", "no text column"),
            ("frame,text,weight,size\n1,a,2,3\n", "unknown column \"size\""),
        ] {
            let csv = dir.appendingPathComponent("t.csv")
            try Data(table.utf8).write(to: csv)
            let r = try run(["--input", csv.path, "-o", dir.appendingPathComponent("t.html").path], in: dir)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.html").path))
        }
    }
}
