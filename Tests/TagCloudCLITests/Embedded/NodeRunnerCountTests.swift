import Foundation
import TagCloudEngine
import TagCloudTestSupport
import Testing

/// `count` command lines: the Node runner (the WebAssembly engine, its stop-word lists handed over
/// by the runner) and the engine's code run natively give the tool's table, messages and status,
/// on texts in several scripts and languages.
@Suite("the Node runner counts texts as tagcloud count does", .enabled(if: NodeRunner.ready))
struct NodeRunnerCountTests {
    /// Command lines over the texts `CountTexts.folder` holds; `OUT` is the output file's name.
    static let commandLines: [[String]] = [
        ["count", "--text", "alice.txt"],
        ["count", "--text", "alice.txt", "--top", "40", "--phrase", "White Rabbit", "--phrase", "Mock Turtle", "-o", "OUT.tsv"],
        ["count", "--text", "alice.txt", "--no-collocations", "--no-plurals", "--stopwords", "stop.txt", "--top", "60"],
        ["count", "--text", "tour-du-monde.txt", "--top", "80"],
        ["count", "--text", "tour-du-monde.txt", "--language", "fr", "--no-clitics", "--add-stopwords", "stop.txt"],
        ["count", "--text", "sahih-muslim.txt", "--top", "100"],
        ["count", "--text", "sahih-muslim.txt", "--language", "ar", "--no-stopwords", "--top", "50"],
        ["count", "--text", "analects.txt", "--top", "60"],
        ["count", "--text", "analects.txt", "--language", "lzh", "--no-clitics", "--top", "40"],
        ["count", "german.txt"],
        ["count", "--text", "chinese.txt", "--text", "japanese.txt"],
        ["count", "--text", "japanese.txt", "--language", "ja", "--min-length", "1"],
        ["count", "--text", "thai.txt", "--numbers"],
        ["count", "--text", "mixed.txt", "--quiet"],
        ["count", "--text", "mixed.txt"],
        ["count", "--text", "german.txt", "--word-pattern", "\\p{Lu}\\p{L}+", "--keep-hyphens"],
        ["count", "--text", "only-stop.txt"],
        ["count", "--text", "binary.txt"],
        ["count", "--text", "missing.txt"],
        ["count", "--text", "german.txt", "--language", "xx"],
        ["count", "--text", "german.txt", "--top", "0"],
        ["count"],
        // A text counted, then laid out.
        ["cloud", "--text", "alice.txt", "--top", "60", "--seed", "3", "-o", "OUT.svg"],
        ["cloud", "--text", "tour-du-monde.txt", "--arrange", "semantic", "--top", "40", "--seed", "4", "-o", "OUT.json"],
        ["flow", "--text", "german.txt", "--input", "tags.tsv", "--seed", "2", "-o", "OUT.json"],
        ["flow", "--text", "chinese.txt", "--text", "japanese.txt", "--seed", "6", "-o", "OUT.json"],
    ]

    @Test("each count gives the tool's table, messages and status", arguments: commandLines.indices)
    func sameAsTool(_ index: Int) throws {
        let folder = try CountTexts.folder()
        let args = Self.commandLines[index]
        let outputs = ["native", "engine", "node"].map { folder.appendingPathComponent("count-\($0)-\(index)") }
        func line(_ out: URL) -> [String] { args.map { $0.replacingOccurrences(of: "OUT", with: out.path) } }
        let tool = try ToolRun.run(line(outputs[0]), in: folder)
        // The tool names a text it read from disk by its absolute path; the engine, which has no
        // working folder, by the path given.
        let toolStderr = tool.stderr.replacingOccurrences(of: folder.path + "/", with: "")
        let node = try NodeRunner.run(line(outputs[2]), in: folder)
        #expect(node.status == tool.status, "\(node.stderr)")
        #expect(node.stderr == toolStderr)
        #expect(node.stdout == tool.stdout)
        let engine = try NodeRunner.native(line(outputs[1]), in: folder)
        #expect(engine.status == tool.status, "\(engine.messages)")
        #expect(engine.messages.map { "tagcloud: \($0)\n" }.joined() == toolStderr)
        if let written = args.first(where: { $0.hasPrefix("OUT.") }) {
            let suffix = String(written.dropFirst(3))
            let expected = try Data(contentsOf: URL(fileURLWithPath: outputs[0].path + suffix))
            #expect(!expected.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: outputs[2].path + suffix)) == expected)
            #expect(Data(engine.output) == expected, "the engine's code run natively differs")
        } else if tool.status == 0 {
            #expect(!tool.stdout.isEmpty)
            #expect(Data(engine.output) == tool.stdout, "the engine's code run natively differs")
        }
    }

    @Test("the runner's stop-word lists are the tool's: without them English keeps its stop words")
    func stopWordListsReachTheEngine() throws {
        let folder = try CountTexts.folder()
        let node = try NodeRunner.run(["count", "--text", "alice.txt", "--top", "5"], in: folder)
        #expect(node.status == 0, "\(node.stderr)")
        let words = String(decoding: node.stdout, as: UTF8.self).split(separator: "\n").map {
            String($0.split(separator: "\t")[0])
        }
        #expect(words.count == 5)
        #expect(!words.contains("the") && !words.contains("and"), "\(words)")
        #expect(words.first == "Alice", "\(words)")
    }

    @Test("partial counts are the tool's: the engine refuses them in one line")
    func partialCountsRefused() throws {
        let folder = try CountTexts.folder()
        for option in ["--partial", "--merge"] {
            let args = option == "--merge" ? ["count", option, "alice.txt"] : ["count", "--text", "alice.txt", option]
            let node = try NodeRunner.run(args, in: folder)
            #expect(node.status == 1)
            #expect(
                node.stderr
                    == "tagcloud: error: \(option) is not in the WebAssembly engine: count the whole text, or use the tagcloud command\n"
            )
            #expect(node.stdout.isEmpty)
        }
    }
}

/// The texts the count tests read: the demo's English, French and Arabic books and a few real
/// sentences of German, Chinese, Japanese and Thai, in a folder of their own.
enum CountTexts {
    static func folder() throws -> URL { try written.get() }

    static let sentences = [
        "german.txt":
            "Die Stadt liegt am Ufer des Rheins. Im Sommer fahren viele Schiffe auf dem Fluss, und die Menschen sitzen in den Gärten der Stadt. Die Brücke über den Rhein ist alt; sie wurde im neunzehnten Jahrhundert gebaut. Straßenbahn-Haltestellen gibt es überall in der Stadt.\n",
        "chinese.txt":
            "北京是中国的首都，也是一座历史悠久的城市。每年有很多游客来北京参观故宫和长城。北京的秋天天气很好，游客最喜欢秋天。\n",
        "japanese.txt":
            "東京は日本の首都です。東京には多くの人が住んでいます。春になると、東京の公園で桜の花を見る人がたくさんいます。日本の電車はとても便利です。\n",
        "thai.txt":
            "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย ในปี 2566 มีนักท่องเที่ยวมาเที่ยวกรุงเทพมหานครเป็นจำนวนมาก อาหารไทยมีชื่อเสียงไปทั่วโลก นักท่องเที่ยวชอบอาหารไทย\n",
        "binary.txt": "Le café\u{0}est ouvert.\n",
        "only-stop.txt": "the and of the a an to\n",
        "stop.txt": "# words to leave out\nalice\nsaid\n  passepartout  \nfogg\n",
        "tags.tsv": "Rhein\t9\nBrücke\t4\n",
    ]

    private static let written: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-count-runner-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo = EmbeddedProbe.root.appendingPathComponent("demo/texts")
        for name in ["alice.txt", "tour-du-monde.txt", "sahih-muslim.txt", "analects.txt"] {
            try Data(contentsOf: demo.appendingPathComponent(name)).write(to: folder.appendingPathComponent(name))
        }
        for (name, text) in sentences { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        // Invalid UTF-8 in a text: replaced and noted, as in a file.
        try Data("Der Käse ist gut. ".utf8 + [0xFF, 0xFE] + " Der Käse.\n".utf8).write(
            to: folder.appendingPathComponent("mixed.txt"))
        return folder
    }
}
