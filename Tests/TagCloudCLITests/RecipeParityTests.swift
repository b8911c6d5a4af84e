import Foundation
import TagCloud
import TagCloudExport
import TagCloudTestSupport
import Testing

@testable import TagCloudRecipe

/// One recipe, three faces: `tagcloud COMMAND --config FILE -o OUT`, the library example
/// `render-config FILE OUT` (library products only) and `POST /api/render` with the file as its
/// body write the same bytes, for the demo's clouds and flows, in every format (a PDF's creation
/// date aside).
@Suite("one recipe, the same bytes from the command line, the library and the server")
struct RecipeParityTests {
    /// The demo's flows and clouds (scripts/demo), their tags given in the configuration itself,
    /// as a request must give them; `TAGS` stands for the tag list.
    static let configurations = [
        #"{"command": "flow", "width": 760, "seed": 7, "palette": "dark2", "size-scale": "sqrt", "min-size": 13, "max-size": 44, "align": "center", "scale": 2, "tags": TAGS}"#,
        #"{"command": "flow", "width": 760, "seed": 7, "palette": "dark2", "color-mode": "rank", "justify": true, "max-rows": 4, "pill": true, "min-size": 12, "max-size": 22, "tags": TAGS}"#,
        ##"{"command": "cloud", "width": 900, "height": 800, "shape": "heart", "contour": 3, "contour-color": "#8c2d4a", "palette": "dark2", "seed": 3, "max-words": 250, "tags": TAGS}"##,
        #"{"width": 420, "height": 300, "rotate": "any", "fit": "all", "seed": 5, "theme": "dark", "tags": TAGS}"#,
    ]

    static let formats = ["png", "svg", "html", "json", "pdf"]

    @Test("tagcloud, render-config and POST /api/render agree byte for byte")
    func sameBytes() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tags = try Self.readmeTags()
        let renderConfig = try ToolRun.binary.deletingLastPathComponent().appendingPathComponent("render-config")
        // The server's working and temporary folder: it answers without creating a file.
        let serverFolder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: serverFolder) }
        let server = try ServerProcess(["--quiet"], folder: serverFolder)
        for (n, template) in Self.configurations.enumerated() {
            let body = Data(template.replacingOccurrences(of: "TAGS", with: tags).utf8)
            let config = folder.appendingPathComponent("config-\(n).json")
            try body.write(to: config)
            let command = template.contains(#""command": "flow""#) ? "flow" : "cloud"
            for format in Self.formats {
                let cli = folder.appendingPathComponent("cli-\(n).\(format)")
                let run = try ToolRun.run([command, "--config", config.path, "-o", cli.path, "--quiet"])
                #expect(run.status == 0, "\(n) \(format): \(run.stderr)")
                let library = folder.appendingPathComponent("library-\(n).\(format)")
                let example = try Self.run(renderConfig, [config.path, library.path])
                #expect(example == 0, "render-config \(n) \(format)")
                let answer = try server.request("POST", "/api/render?format=\(format)", body: body)
                #expect(answer.status == 200, "\(n) \(format): \(answer.text)")
                let expected = Self.comparable(try Data(contentsOf: cli), format)
                #expect(expected.count > 100, "\(n) \(format)")
                #expect(Self.comparable(try Data(contentsOf: library), format) == expected, "render-config \(n) \(format)")
                #expect(Self.comparable(answer.body, format) == expected, "server \(n) \(format)")
            }
        }
        try Self.requestsWithImageAndText(server)
        #expect(server.stop().status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: serverFolder.path) == [])
    }

    @Test("what config --print writes names its command, and render-config draws it as the command does")
    func printedConfiguration() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderConfig = try ToolRun.binary.deletingLastPathComponent().appendingPathComponent("render-config")
        for command in ["flow", "cloud"] {
            let printed = try ToolRun.run(["config", "--print", command, "--width", "300", "swift", "linux", "cairo"])
            #expect(printed.status == 0, "\(printed.stderr)")
            #expect(String(decoding: printed.stdout, as: UTF8.self).hasPrefix("{\n  \"command\": \"\(command)\",\n"))
            let config = folder.appendingPathComponent("\(command).json")
            try printed.stdout.write(to: config)
            let cli = folder.appendingPathComponent("\(command)-cli.svg")
            #expect(try ToolRun.run([command, "--config", config.path, "-o", cli.path]).status == 0)
            let library = folder.appendingPathComponent("\(command)-library.svg")
            #expect(try Self.run(renderConfig, [config.path, library.path]) == 0)
            #expect(try Data(contentsOf: library) == (try Data(contentsOf: cli)), "\(command)")
            // The configuration is an input: render-config refuses to write over it, as tagcloud does.
            #expect(try Self.run(renderConfig, [config.path, config.path]) == 1)
            #expect(try Data(contentsOf: config) == printed.stdout)
        }
    }

    /// A cloud in a mask and a colour image sent as data: URLs, and a text to count: the requests
    /// that once went through files.
    static func requestsWithImageAndText(_ server: ServerProcess) throws {
        let png = "data:image/png;base64," + ServiceBodyTests.onePixelPNG
        let masked = try server.post(
            "/api/render?format=png",
            ["command": "cloud", "width": 120, "height": 80, "mask": png, "color-image": png, "tags": ["swift", "linux"]])
        #expect(masked.status == 200 && masked.body.starts(with: Data([0x89, 0x50, 0x4E, 0x47])), "\(masked.text)")
        let counted = try server.post("/api/count", ["text": "one two two", "top": 5])
        #expect(counted.status == 200, "\(counted.text)")
    }

    /// The 70 most frequent words of the README, as `tagcloud count` finds them, as a JSON tag list.
    static func readmeTags() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../README.md").standardized
        let run = try ToolRun.run(["count", "--text", readme.path, "--top", "70"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: "\t")
            return "{\"text\": \(JSONString.quoted(String(parts[0]))), \"weight\": \(parts[1])}"
        }
        return "[" + rows.joined(separator: ", ") + "]"
    }

    /// `data` as compared: a PDF without its creation date, which says when it was written.
    static func comparable(_ data: Data, _ format: String) -> Data {
        guard format == "pdf" else { return data }
        let text = String(decoding: data, as: UTF8.self)
        let dated = try? NSRegularExpression(pattern: #"/CreationDate \(D:[^)]*\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return Data((dated?.stringByReplacingMatches(in: text, range: range, withTemplate: "") ?? text).utf8)
    }

    /// Runs `binary` with `arguments`; its exit status.
    static func run(_ binary: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
