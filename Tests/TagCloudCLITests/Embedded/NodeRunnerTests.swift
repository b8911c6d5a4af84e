import Foundation
import TagCloudEngine
import TagCloudGraphics
import TagCloudTestSupport
import Testing

/// The site's Node runner (`node .build/web/tagcloud.mjs`, scripts/build-web), the WebAssembly
/// engine behind it, and the engine's own code run natively (`EngineRun`) each give what `tagcloud`
/// gives for the same command line: the output's bytes, the messages, the exit status.
@Suite("the Node runner writes what tagcloud writes", .enabled(if: NodeRunner.ready))
struct NodeRunnerTests {
    /// Command lines over the files `NodeRunner.files` writes; `OUT` is the output file's name.
    static let commandLines: [[String]] = [
        ["cloud", "--input", "tags.tsv", "--seed", "3", "-o", "OUT.svg"],
        ["cloud", "--input", "tags.tsv", "--shape", "heart", "--rotate", "any", "--seed", "4", "-o", "OUT.json"],
        ["cloud", "--config", "cloud.json", "-o", "OUT.html"],
        ["cloud", "--input", "tags.csv", "--legend", "--sizes", "exact", "--seed", "5", "--format", "json", "-o", "-"],
        ["cloud", "--input", "tags.tsv", "--previous", "previous.json", "--seed", "6", "-o", "OUT.json"],
        ["cloud", "--input", "tags.tsv", "--arrange", "semantic", "--seed", "7", "--json-glyphs", "-o", "OUT.json"],
        ["flow", "--input", "scripts.tsv", "--pill", "--seed", "8", "--width", "500", "-o", "OUT.svg"],
        ["flow", "alpha", "beta", "gamma", "--align", "center", "--rtl", "--seed", "9", "-o", "OUT.json"],
        ["cloud", "--input", "tags.tsv", "--widht", "3", "-o", "OUT.svg"],
        ["cloud", "--input", "missing.tsv", "-o", "OUT.svg"],
        ["cloud", "--input", "tags.tsv", "--font", "No Such Family", "-o", "OUT.svg"],
        ["cloud", "--input", "tags.tsv", "--width", "60", "--height", "40", "--fit", "all", "--seed", "1", "-o", "OUT.svg"],
        ["cloud", "--input", "tags.tsv", "-o", "OUT.png"],
        ["cloud", "--input", "tags.tsv", "--svg-outlines", "--seed", "10", "-o", "OUT.svg"],
        ["flow", "--input", "scripts.tsv", "--svg-outlines", "--svg-embed-fonts", "--seed", "11", "-o", "OUT.svg"],
        ["cloud", "--input", "tags.tsv", "--svg-embed-fonts", "--svg-outlines", "--seed", "12", "-o", "OUT.html"],
        ["cloud", "--input", "own.json", "--rotate", "any", "--seed", "13", "-o", "OUT.json"],
    ]

    @Test("each command line gives the tool's bytes, messages and status", arguments: commandLines.indices)
    func sameAsTool(_ index: Int) throws {
        let folder = try NodeRunner.files()
        let args = Self.commandLines[index]
        let outputs = ["native", "engine", "node"].map { folder.appendingPathComponent("\($0)-\(index)") }
        func line(_ out: URL) -> [String] { args.map { $0.replacingOccurrences(of: "OUT", with: out.path) } }
        let tool = try ToolRun.run(line(outputs[0]), in: folder)
        let node = try NodeRunner.run(line(outputs[2]), in: folder)
        if args.contains("OUT.png") {
            // Cairo draws PNG and PDF; the engine has none and says so.
            #expect(node.status == 1 && node.stderr.contains("PNG is drawn by the tagcloud command"), "\(node.stderr)")
            return
        }
        #expect(node.status == tool.status, "\(node.stderr)")
        #expect(node.stderr == tool.stderr.replacingOccurrences(of: outputs[0].path, with: outputs[2].path))
        #expect(node.stdout == tool.stdout)
        let written = args.first { $0.hasPrefix("OUT.") }.map { String($0.dropFirst(3)) }
        if let written, tool.status == 0 {
            let expected = try Data(contentsOf: URL(fileURLWithPath: outputs[0].path + written))
            #expect(try Data(contentsOf: URL(fileURLWithPath: outputs[2].path + written)) == expected)
            let engine = try NodeRunner.native(line(outputs[1]), in: folder)
            #expect(Data(engine.output) == expected, "the engine's code run natively differs")
        }
    }
}

/// Node and the built site.
enum NodeRunner {
    static let site = EmbeddedProbe.root.appendingPathComponent(".build/web")

    /// Whether the site is built (scripts/build-web) and Node is there.
    static var ready: Bool {
        LayoutProbe.node != nil && FileManager.default.fileExists(atPath: site.appendingPathComponent("tagcloud.mjs").path)
    }

    /// Runs the site's runner with `args` in `folder`.
    static func run(_ args: [String], in folder: URL) throws -> ToolRun {
        try ToolRun.run(
            executable: try #require(LayoutProbe.node), [site.appendingPathComponent("tagcloud.mjs").path] + args,
            in: folder)
    }

    /// `EngineRun` natively, with fontconfig, in `folder` (whose files it reads from disk).
    static func native(_ args: [String], in folder: URL, also: [String] = []) throws -> EngineRun.Result {
        let here = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(here) }
        return EngineRun.run(args, fonts: FontLibrary.shared, alsoFormats: also)
    }

    /// The input files, written once in a folder of their own.
    static func files() throws -> URL { try written.get() }

    private static let written: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-runner-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let words = try EmbeddedLayoutTests.aliceWords().prefix(80)
        let tsv = words.map { "\($0.text)\t\($0.count)" }.joined(separator: "\n") + "\n"
        let files = [
            "tags.tsv": tsv,
            "tags.csv": "text,weight,color\n" + words.prefix(30).map { "\($0.text),\($0.count),#336699" }.joined(separator: "\n"),
            "cloud.json":
                #"{"width": 500, "height": 400, "seed": 2, "shape": "star", "tags": [{"text": "one", "weight": 3}, {"text": "two", "weight": 2}, {"text": "three <b>", "weight": 1, "link": "https://example.com/?a=1&b=2"}]}"#,
            "scripts.tsv": "سلام\t5\nשלום עולם\t4\nनमस्ते\t3\n你好\t3\n🎉 party\t2\nΕλλάδα\t2\ncafé\t1\n",
            "own.json":
                #"[{"text": "upright", "weight": 5, "angle": -90}, {"text": "serif", "weight": 4, "font": "DejaVu Serif"}, {"text": "tilted", "weight": 3, "angle": 30, "font": "DejaVu Sans Mono"}, "plain"]"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let previous = try ToolRun.run(["cloud", "--input", "tags.tsv", "--seed", "5", "-o", "previous.json"], in: folder)
        guard previous.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return folder
    }
}
