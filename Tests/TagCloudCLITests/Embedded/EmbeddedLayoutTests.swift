import Foundation
import TagCloud
import TagCloudGraphics
import TagCloudTestSupport
import Testing

/// The engine built as Embedded Swift for WebAssembly with FreeType, HarfBuzz and ICU built from
/// Debian's sources (`scripts/check-embedded`'s layout probe) lays word clouds out byte for byte as
/// `tagcloud cloud --config` does, with fonts found through a manifest of fontconfig's answers
/// (`tagcloud fonts --manifest`). Run in Node, whose WebAssembly has the exception handling
/// FreeType's setjmp needs.
@Suite("word clouds lay out the same in WebAssembly", .enabled(if: LayoutProbe.ready))
struct EmbeddedLayoutTests {
    /// Configurations across what a layout depends on: rotation, shapes, masks, fonts, fallback
    /// fonts and right-to-left text, sizes, strategies, pins, CJK set upright at ±90°.
    static let configurations: [String] = [
        #""seed": 1"#,
        #""seed": 2, "rotate": "any", "shape": "heart""#,
        #""seed": 3, "rotate": "0,90", "mixed": true"#,
        #""seed": 4, "font": "DejaVu Serif", "legend": true, "relative-scaling": 1"#,
        #""seed": 5, "strategy": "random", "palette": "dark2", "max-words": 80, "font-weight": "bold""#,
        #""seed": 6, "mask": "MASK", "rotate": "-45..45", "contour": 2"#,
        #""seed": 7, "sizes": "exact", "legend": true, "size-scale": "sqrt", "mixed": true"#,
        #""seed": 8, "fit": "all", "rotate": "-90,0,90", "random-start": true, "pins": true"#,
        #""seed": 9, "rotate": "90,-90", "mixed": true"#,
    ]

    @Test("each configuration lays out as the tool lays it out", arguments: configurations.indices)
    func sameLayout(_ index: Int) throws {
        let config = try Self.recipe(Self.configurations[index])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-layout-\(index)-\(getpid()).json")
        try Data(config).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let tool = try ToolRun.run(["cloud", "--config", file.path, "--quiet", "--format", "json", "-o", "-"])
        #expect(tool.status == 0, "\(tool.stderr)")
        let native = RecipeProbe.cloudLayoutText(config, fonts: FontLibrary.shared)
        #expect(native == String(decoding: tool.stdout, as: UTF8.self), "the probe's native layout differs from the tool's")
        let wasm = try LayoutProbe.run(config)
        #expect(wasm == native, "\(Self.configurations[index])")
        #expect(native.contains("\"placed\":["))
        if Self.configurations[index].contains("\"90,-90\"") {
            #expect(native.contains("\"upright\":true"), "the CJK words at ±90° are set upright")
        }
    }

    /// A recipe of `options` and 150 words counted from the project's Alice text; with `"mixed"`,
    /// words in a dozen scripts and emoji first; with `"pins"`, two words pinned; `MASK` names the probe's disc as a PNG file.
    static func recipe(_ options: String) throws -> [UInt8] {
        let mixed = options.contains("\"mixed\": true"), pinned = options.contains("\"pins\": true")
        var tags = try aliceWords().map { (text: $0.text, weight: Double($0.count)) }
        if mixed {
            let scripts = [
                "سلام", "שלום עולם", "नमस्ते", "你好世界", "こんにちは", "안녕하세요", "สวัสดี", "🎉 party", "❤️", "Ελλάδα", "ש1א2", "مرحبا بالعالم",
            ]
            tags = scripts.enumerated().map { (text: $1, weight: Double(400 - 20 * $0)) } + tags.prefix(80)
        }
        let items = tags.enumerated().map { i, tag in
            let pin = pinned && (i == 40 || i == 41) ? ", \"x\": 150, \"y\": \(200 + 250 * (i - 40))" : ""
            return "{\"text\": \(JSONString.quoted(tag.text)), \"weight\": \(tag.weight)\(pin)}"
        }
        let own = options.replacingOccurrences(of: ", \"mixed\": true", with: "").replacingOccurrences(
            of: ", \"pins\": true", with: ""
        )
        .replacingOccurrences(of: "MASK", with: try mask.get().path)
        return Array("{\"width\": 800, \"height\": 600, \(own), \"tags\": [\(items.joined(separator: ", "))]}".utf8)
    }

    /// The probe's picture `disc-600x400` as a PNG file, for the tool; the probe reads the file's
    /// name and draws the same pixels. Written once: the test cases run at the same time.
    static let mask: Result<URL, any Error> = Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-\(getpid())/disc-600x400.png")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ImageWriter.pngData(try RecipeProbe.image(file.path).image).write(to: file)
        return file
    }

    /// The 150 most frequent words of four letters or more in demo/texts/alice.txt.
    static func aliceWords() throws -> [(text: String, count: Int)] {
        let text = try String(contentsOf: LayoutProbe.root.appendingPathComponent("demo/texts/alice.txt"), encoding: .utf8)
        var counts: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) where word.count >= 4 {
            counts[String(word), default: 0] += 1
        }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return sorted.prefix(150).map { (text: $0.key, count: $0.value) }
    }
}

/// The layout probe, Node, and the font manifest it reads.
enum LayoutProbe {
    static let root = EmbeddedProbe.root
    static let program = root.appendingPathComponent(".build/embedded/layout-probe.wasm")
    static let runner = root.appendingPathComponent("wasm/tests/run-wasi.mjs")

    /// Node, from the PATH.
    static let node: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether the probe is built and Node is there.
    static var ready: Bool { node != nil && FileManager.default.fileExists(atPath: program.path) }

    /// The manifest `tagcloud fonts --manifest` prints, in a file the probe reads.
    static let manifest: Result<URL, any Error> = Result {
        let run = try ToolRun.run(["fonts", "--manifest"])
        guard run.status == 0 else { throw ManifestMissing(reason: run.stderr) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-manifest-\(getpid()).json")
        try run.stdout.write(to: file)
        return file
    }

    private struct ManifestMissing: Error {
        var reason: String
    }

    /// What the probe writes for `recipe`, run in Node with the font folders open to it.
    static func run(_ recipe: [UInt8]) throws -> String {
        let manifest = try self.manifest.get()
        let input = Array((manifest.path + "\n").utf8) + recipe
        let r = try ToolRun.run(
            executable: try #require(node),
            ["--no-warnings", runner.path, program.path, manifest.path, "/usr/share/fonts"], stdin: Data(input))
        #expect(r.status == 0, "\(r.stderr)")
        return String(decoding: r.stdout, as: UTF8.self)
    }
}
