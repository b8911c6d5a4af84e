import Foundation
import TagCloudTestSupport
import Testing

/// `tagcloud count` and `--text` as a user runs them (ToolRun and scratchFolder come from TagCloudTestSupport).
@Suite("tagcloud count")
struct CountCLITests {
    static let story = """
        The White Rabbit ran past Alice. Alice followed the White Rabbit down the hole.
        The White Rabbit was late; Alice was curious. Rabbits, rabbits everywhere, said Alice.
        New York is far from Wonderland, but new york has rabbits too.

        """

    /// `word<TAB>count` lines as pairs, in order.
    private func table(_ data: Data) -> [(String, Int)] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            let f = $0.split(separator: "\t")
            return (String(f[0]), Int(f[1]) ?? -1)
        }
    }

    @Test("Counts a file into word<TAB>count lines, most frequent first")
    func countFile() throws {
        let dir = try scratchFolder()
        let file = dir.appendingPathComponent("story.txt")
        try Data(Self.story.utf8).write(to: file)
        let r = try ToolRun.run(["count", "--text", file.path, "--no-collocations"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = table(r.stdout)
        // English: plurals merge ("Rabbit" 3 times, "rabbits" 3 times), stop words go.
        #expect(rows.first.map { $0 == ("Rabbit", 6) } == true)
        #expect(rows.contains { $0 == ("Alice", 4) })
        #expect(!rows.contains { $0.0.lowercased() == "the" })
        let counts = rows.map(\.1)
        #expect(counts == counts.sorted(by: >))
    }

    @Test("Reads standard input; --top, --phrase and collocations")
    func stdinTopPhrase() throws {
        let r = try ToolRun.run(["count", "--text", "-", "--top", "3", "--phrase", "New York"], stdin: Data(Self.story.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let rows = table(r.stdout)
        #expect(rows.count == 3)
        let all = try ToolRun.run(["count", "--text", "-", "--phrase", "New York"], stdin: Data(Self.story.utf8))
        let full = table(all.stdout)
        #expect(full.contains { $0 == ("New York", 2) })
        #expect(!full.contains { $0.0 == "York" })
    }

    @Test("Language, stop-word files and numbers")
    func options() throws {
        let dir = try scratchFolder()
        let stop = dir.appendingPathComponent("stop.txt")
        try Data("# mine\nalice\n".utf8).write(to: stop)
        let added = try ToolRun.run(["count", "--text", "-", "--add-stopwords", stop.path], stdin: Data(Self.story.utf8))
        #expect(!table(added.stdout).contains { $0.0 == "Alice" })
        let none = try ToolRun.run(["count", "--text", "-", "--no-stopwords", "--no-collocations"], stdin: Data(Self.story.utf8))
        #expect(table(none.stdout).contains { $0.0 == "The" || $0.0 == "the" })
        let numbers = try ToolRun.run(["count", "--text", "-", "--numbers"], stdin: Data("In 1999 and 1999 again".utf8))
        #expect(table(numbers.stdout).contains { $0 == ("1999", 2) })
        let german = try ToolRun.run(["count", "--text", "-", "--language", "de"], stdin: Data("der Hund und der Hund".utf8))
        #expect(table(german.stdout).map(\.0) == ["Hund"])
    }

    @Test("Chinese text is counted by words")
    func chinese() throws {
        let r = try ToolRun.run(["count", "--text", "-"], stdin: Data("北京很大。我爱北京。北京的天气很好。".utf8))
        #expect(r.status == 0)
        #expect(table(r.stdout).first.map { $0 == ("北京", 3) } == true)
    }

    @Test("Invalid UTF-8 is reported once with its offset, and counting goes on")
    func invalidUTF8() throws {
        let r = try ToolRun.run(
            ["count", "--text", "-"], stdin: Data([0x63, 0x61, 0x74, 0x20, 0xFF, 0x20, 0x63, 0x61, 0x74, 0x0A]))
        #expect(r.status == 0)
        #expect(r.stderr.contains("offset 4"))
        #expect(table(r.stdout).first.map { $0 == ("cat", 2) } == true)
    }

    static let errorCases: [RecipeErrorCase] = [
        RecipeErrorCase(
            name: "NUL bytes", args: ["count", "--text", "DIR/bin.txt"], files: ["bin.txt": [0x61, 0x00, 0x62]], status: 2,
            message: "NUL"),
        RecipeErrorCase(name: "missing file", args: ["count", "--text", "DIR/missing.txt"], status: 2, message: "missing.txt"),
        RecipeErrorCase(name: "no text", args: ["count"], status: 1, message: "--text"),
        RecipeErrorCase(
            name: "unknown language", args: ["count", "--text", "DIR/a.txt", "--language", "xx"],
            files: ["a.txt": Array("cat".utf8)], status: 1, message: "en, de"),
        RecipeErrorCase(
            name: "bad --top", args: ["count", "--text", "DIR/a.txt", "--top", "0"], files: ["a.txt": Array("cat".utf8)],
            status: 1, message: "--top"),
        RecipeErrorCase(
            name: "text option without --text", args: ["cloud", "swift", "--language", "en", "-o", "OUT.png"], status: 1,
            message: "--text"),
        RecipeErrorCase(
            name: "only stop words", args: ["count", "--text", "DIR/a.txt"], files: ["a.txt": Array("the and of".utf8)],
            status: 2,
            message:
                "no words left in DIR/a.txt: 3 words read, all removed by the English stop-word list (use --no-stopwords or --language)"
        ),
        RecipeErrorCase(
            name: "only stop words of a given language", args: ["count", "--text", "DIR/a.txt", "--language", "de"],
            files: ["a.txt": Array("der die das".utf8)], status: 2,
            message: "no words left in DIR/a.txt: 3 words read, all removed by the German stop-word list (use --no-stopwords)"),
        RecipeErrorCase(
            name: "only numbers", args: ["count", "DIR/a.txt"], files: ["a.txt": Array("1 2 3 4".utf8)], status: 2,
            message: "4 words read, all removed by the number filter (use --numbers"),
        RecipeErrorCase(
            name: "only words of a custom stop-word list", args: ["count", "--text", "DIR/a.txt", "--stopwords", "DIR/s.txt"],
            files: ["a.txt": Array("cat dog".utf8), "s.txt": Array("cat\ndog\n".utf8)], status: 2,
            message: "all removed by the stop words of --stopwords"),
        RecipeErrorCase(
            name: "bad word pattern", args: ["count", "--text", "DIR/a.txt", "--word-pattern", "(["],
            files: ["a.txt": Array("cat".utf8)], status: 1, message: "--word-pattern"),
    ]

    @Test("Errors: one line, the right exit status", arguments: errorCases)
    func errors(_ c: RecipeErrorCase) throws {
        let dir = try scratchFolder()
        for (name, bytes) in c.files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let args = c.args.map {
            $0.replacingOccurrences(of: "DIR", with: dir.path).replacingOccurrences(
                of: "OUT", with: dir.appendingPathComponent("out").path)
        }
        let r = try ToolRun.run(args)
        #expect(r.status == c.status, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("tagcloud: error: "), "\(r.stderr)")
        #expect(r.stderr.contains(c.message.replacingOccurrences(of: "DIR", with: dir.path)), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.isEmpty, "a failed count writes no table")
    }

    @Test("cloud and flow draw straight from --text")
    func cloudFromText() throws {
        let dir = try scratchFolder()
        let text = dir.appendingPathComponent("story.txt")
        try Data(Self.story.utf8).write(to: text)
        let json = dir.appendingPathComponent("cloud.json")
        let r = try ToolRun.run([
            "cloud", "--text", text.path, "--seed", "1", "--width", "400", "--height", "300", "-o", json.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        let texts = (layout?["placed"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.contains("Alice"))
        let flow = dir.appendingPathComponent("flow.json")
        let f = try ToolRun.run(
            ["flow", "--text", "-", "--top", "5", "--seed", "1", "-o", flow.path], stdin: Data(Self.story.utf8))
        #expect(f.status == 0, "\(f.stderr)")
        let flowLayout = try JSONSerialization.jsonObject(with: Data(contentsOf: flow)) as? [String: Any]
        #expect((flowLayout?["placed"] as? [Any])?.count == 5)
    }

    @Test(
        "French elision, Arabic proclitics and classical Chinese particles are counted whole; --no-clitics keeps the forms apart")
    func clitics() throws {
        let french = Data("L'air l'air air qu'elle c'est aujourd'hui maison maison".utf8)
        let on = table(try ToolRun.run(["count", "--text", "-", "--language", "fr", "--no-collocations"], stdin: french).stdout)
        #expect(on.contains { $0 == ("air", 3) } && !on.contains { $0.0 == "qu'elle" || $0.0 == "c'est" })
        #expect(on.contains { $0 == ("aujourd'hui", 1) })
        let off = try ToolRun.run(
            ["count", "--text", "-", "--language", "fr", "--no-collocations", "--no-clitics"], stdin: french)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(table(off.stdout).contains { $0 == ("L'air", 2) } && table(off.stdout).contains { $0.0 == "qu'elle" })
        let arabic = Data("ذهب ذهب وذهب فذهب ولا كتاب".utf8)
        #expect(
            table(try ToolRun.run(["count", "--text", "-", "--no-collocations"], stdin: arabic).stdout).first.map {
                $0 == ("ذهب", 4)
            } == true)
        let apart = table(try ToolRun.run(["count", "--text", "-", "--no-collocations", "--no-clitics"], stdin: arabic).stdout)
        #expect(apart.contains { $0 == ("وذهب", 1) } && apart.contains { $0 == ("ولا", 1) })
        let classical = Data("子曰 子曰 君子 可以".utf8)
        let lzh = table(
            try ToolRun.run(["count", "--text", "-", "--language", "lzh", "--no-collocations"], stdin: classical).stdout)
        #expect(lzh.count == 2 && lzh.contains { $0 == ("子", 2) } && lzh.contains { $0 == ("君子", 1) }, "\(lzh)")
        let joined = table(
            try ToolRun.run(["count", "--text", "-", "--language", "lzh", "--no-collocations", "--no-clitics"], stdin: classical)
                .stdout)
        #expect(joined.contains { $0 == ("子曰", 2) }, "\(joined)")
    }
}
