import Foundation
import TagCloudTestSupport
import Testing

/// The examples in `Examples/` are built with the package, and the code the README and the
/// documentation show is theirs: each `// snippet.NAME` region of an example appears, line for
/// line, in a Swift block of the pages that show it, so the pages cannot drift from code that
/// compiles. The examples also run.
@Suite("examples: built, run, and the code the pages show")
struct ExampleSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    /// Each snippet (example, region) and the pages that show it.
    static let shown: [(example: String, snippet: String, pages: [String])] = [
        ("render-config", "render", ["README.md", "Sources/TagCloud/TagCloud.docc/GettingStarted.md"]),
        ("hello-flow", "flow", ["README.md"]),
    ]

    @Test("each snippet of an example starts a Swift block of each page that shows it")
    func snippetsShown() throws {
        for (example, name, pages) in Self.shown {
            let source = try String(
                contentsOf: Self.root.appendingPathComponent("Examples/\(example)/main.swift"), encoding: .utf8)
            let snippet = try #require(Self.region(name, of: source), "\(example): no snippet.\(name)")
            #expect(snippet.count >= 2, "\(example) \(name)")
            for page in pages {
                let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
                let found = Self.swiftBlocks(text).contains { Array($0.prefix(snippet.count)) == snippet }
                #expect(found, "\(page) shows no Swift block starting with \(example)'s snippet.\(name): \(snippet)")
            }
        }
    }

    @Test("hello-flow writes an SVG and a PNG of its three tags")
    func helloFlowRuns() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = try ToolRun.binary.deletingLastPathComponent().appendingPathComponent("hello-flow")
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("hello.svg"), encoding: .utf8)
        for word in ["swift", "linux", "你好"] { #expect(svg.contains(">\(word)<"), "\(word)") }
        let png = try Data(contentsOf: folder.appendingPathComponent("hello.png"))
        #expect(png.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
    }

    /// The lines between `// snippet.NAME` and `// snippet.end`, as `normalised` makes them.
    static func region(_ name: String, of source: String) -> [String]? {
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { normalised($0) == "// snippet.\(name)" }),
            let end = lines[start...].firstIndex(where: { normalised($0) == "// snippet.end" })
        else { return nil }
        return lines[(start + 1)..<end].map(normalised).filter { !$0.isEmpty }
    }

    /// The code lines of each Swift block of a Markdown page, as `normalised` makes them, imports left out.
    static func swiftBlocks(_ page: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in page.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                let code = normalised(line)
                if !code.isEmpty && !code.hasPrefix("import ") { current!.append(code) }
            }
        }
        return blocks
    }

    /// A line without its indentation and without a trailing `//` comment (a page may explain a line).
    static func normalised(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return trimmed }
        guard let comment = trimmed.range(of: "  //") else { return trimmed }
        return String(trimmed[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
    }
}
