import Foundation
import TagCloudTestSupport
import Testing

/// The recipe and layout reading built as Embedded Swift for WebAssembly (`scripts/check-embedded`,
/// which `make test` runs first) reads every configuration and layout as the native build does: the
/// same recipe, terms, layout or error, byte for byte. Run under WasmKit, the toolchain's WebAssembly
/// runtime.
@Suite("recipes read the same in WebAssembly", .enabled(if: EmbeddedProbe.ready))
struct EmbeddedRecipeTests {
    /// Configurations with every kind of value, and every kind of mistake.
    static let recipes: [[UInt8]] =
        [
            #"{"width": 640, "font": ["DejaVu Sans", "Noto Naskh Arabic"], "legend": true, "seed": 7}"#,
            #"{"width": 1e3, "seed": "12345678901234567890", "weight-range": "1,10", "palette": "dark2"}"#,
            #"{"width": -0, "seed": 9007199254740991, "font": "Solo", "legend": false, "palette": null}"#,
            #"{"tags": ["swift", {"text": "caf\u00e9 \ud83d\ude00", "weight": 3.25, "color": "tomato"}]}"#,
            #"{"tags": [{"text": " قال\tو ", "weight": 0.1, "x": 10.5, "y": 20}, {"word": "x", "count": "2"}]}"#,
            #"{"tags": {"b": 2, "a": 2, "c": 5}}"#,
            #"{"widht": 3}"#, #"{"width": 3, "width": 4}"#, #"{"width": [1, 2]}"#, #"{"legend": "yes"}"#,
            #"{"seed": 9007199254740993}"#, #"{"width": 800,}"#, #"[1, 2]"#, "{\n  \"font\": [\"a\"\n}",
            #"{"tags": [{"text": "x", "weight": -1}]}"#, #"{"tags": [{"weight": 3}]}"#, #"{"font": "\ud800"}"#,
            String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "", "{}",
            #"{"command": "flow", "seed": 4, "pill": true, "align": "justified", "max-rows": 3, "rotate": "0, -90"}"#,
            #"{"command": "flow", "seed": 5, "tag-border": "navy", "padding": "2,8", "insets": "1,2,3,4", "width": 420.5}"#,
            ##"{"command": "flow", "seed": 6, "random-sizes": true, "color": ["red", "#0f08"], "font": ["A", "B"], "font-weight": "bold"}"##,
            #"{"command": "flow", "seed": 7, "size-scale": "log", "min-size": 9, "legend": true, "weight-range": "0, 10"}"#,
            #"{"command": "flow", "seed": 8, "palette": "dark2", "color-mode": "rank", "background": "transparent", "rtl": true}"#,
            #"{"command": "flow", "min-size": 30, "max-size": 20}"#, #"{"command": "flow", "width": 0}"#,
            #"{"command": "flow", "palette": "nope"}"#, #"{"command": "flow", "tag-fill": "reddish"}"#,
            #"{"command": "flow", "insets": "300,300", "width": 500}"#,
            #"{"command": "flow", "random-sizes": true, "legend": true}"#, #"{"command": "flow", "align": "middle"}"#,
            #"{"command": "cloud", "seed": 1}"#,
            #"{"command": "cloud", "seed": 3, "mask": "disc-300x200", "rotate": "any", "legend": true, "seed": 2, "max-words": 50}"#,
            #"{"command": "cloud", "seed": 3, "mask": "ring-90x60", "height": 500, "mask-threshold": 100, "contour": 3, "strict": false}"#,
            #"{"command": "cloud", "seed": 3, "mask": "disc-64x64", "width": 640, "height": 480, "mask-invert": true}"#,
            #"{"command": "cloud", "seed": 3, "shape": "heart", "color-image": "ring-40x30", "contour-color": "teal", "fit": "all"}"#,
            #"{"command": "cloud", "seed": 3, "weight-range": "0,5", "relative-scaling": 0.3, "rotate": "-30,0,30", "strategy": "rectangular"}"#,
            #"{"command": "cloud", "seed": 3, "size-scale": "sqrt", "max-size": 80, "prefer-horizontal": 0.5, "random-start": true}"#,
            #"{"command": "cloud", "seed": 3, "mask": "disc-300x200", "strict": true, "width": 100, "height": 100}"#,
            #"{"command": "cloud", "seed": 3, "mask": "disc-30000x20"}"#,
            #"{"command": "cloud", "seed": 3, "mask": "disc-10x10", "shape": "star"}"#,
            #"{"command": "cloud", "seed": 3, "mask-invert": true}"#, #"{"command": "cloud", "seed": 3, "shape": "blob"}"#,
            #"{"command": "cloud", "seed": 3, "legend": true, "sizes": "shrink"}"#,
            #"{"command": "cloud", "seed": 3, "width": 9000, "height": 9000}"#,
            #"{"command": "cloud", "seed": 3, "color-mode": "cluster"}"#,
            #"{"command": "cloud", "seed": 3, "repeat": true, "sizes": "exact"}"#,
        ].map { Array($0.utf8) } + [[0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D], [0xEF, 0xBB, 0xBF] + Array("{}".utf8)]

    @Test("each configuration reads as the same recipe, terms or error", arguments: recipes.indices)
    func sameText(_ index: Int) throws {
        let bytes = Self.recipes[index]
        let native = RecipeProbe.text(bytes)
        let wasm = try EmbeddedProbe.run(bytes)
        #expect(wasm == native, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(!native.isEmpty)
    }

    @Test(
        "the writers built for WebAssembly write the tool's JSON, SVG and HTML from its layout, byte for byte",
        arguments: layouts.indices)
    func sameWriting(_ index: Int) throws {
        // Seeded, so that each run of the tool draws the same colours; without glyphs, which the
        // JSON with glyphs below asks for.
        var args = Self.layouts[index].filter { $0 != "--json-glyphs" }
        if !args.contains("--seed") { args += ["--seed", "5"] }
        let layout = try ToolRun.run(args + ["--quiet", "--format", "json", "--json-glyphs", "-o", "-"])
        #expect(layout.status == 0, "\(layout.stderr)")
        for format in RecipeProbe.writerFormats {
            let input = Array("write \(format)\n".utf8) + [UInt8](layout.stdout)
            let wasm = try EmbeddedProbe.run(input)
            #expect(wasm == RecipeProbe.text(input), "\(format)")
            let flags = format == "json-glyphs" ? ["--format", "json", "--json-glyphs"] : ["--format", format]
            let tool = try ToolRun.run(args + ["--quiet"] + flags + ["-o", "-"])
            #expect(wasm == String(decoding: tool.stdout, as: UTF8.self), "\(format) differs from the tool's")
        }
    }

    @Test("Math gives the same bits in WebAssembly as natively, for 8,000 inputs")
    func sameMath() throws {
        let input = Array("math 41 8000".utf8)
        let native = RecipeProbe.text(input)
        #expect(native.split(separator: "\n").count == 8_000)
        #expect(try EmbeddedProbe.run(input) == native)
    }

    /// Command lines whose layouts cover what a layout holds: glyphs, fallback fonts and runs,
    /// frames, a legend, a contour, rotation, unplaced words.
    static let layouts: [[String]] = [
        ["cloud", "swift", "rust", "ruby", "go", "--rotate", "any", "--legend", "--seed", "3", "--json-glyphs"],
        ["cloud", "a", "bb", "ccc", "--shape", "heart", "--contour", "2", "--width", "200", "--height", "160"],
        [
            "flow", "tag", "مرحبا", "日本語 text", "emoji 🎉", "a", "b", "--pill", "--max-rows", "2", "--width", "300",
            "--json-glyphs",
        ],
    ]

    @Test("each layout the tool writes reads as the same layout, and a damaged one fails alike", arguments: layouts.indices)
    func sameLayout(_ index: Int) throws {
        let run = try ToolRun.run(Self.layouts[index] + ["--quiet", "--format", "json", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](run.stdout)
        let damaged = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"fontSize\":", with: "\"size\":").utf8)
        for input in [bytes, damaged] {
            let native = RecipeProbe.text(input)
            #expect(try EmbeddedProbe.run(input) == native)
            #expect(native.split(separator: "\n").count >= (input == bytes ? 4 : 1), "\(native)")
        }
        #expect(RecipeProbe.text(damaged).hasPrefix("error no \"fontSize\" in "))
    }
}

/// The WebAssembly program and the runtime that runs it.
enum EmbeddedProbe {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let program = root.appendingPathComponent(".build/embedded/recipe-probe.wasm")

    /// WasmKit, from the Swift toolchain beside `swift` on the PATH or in /opt/swift.
    static let runtime: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let places = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin"]
        return places.map { URL(fileURLWithPath: $0).appendingPathComponent("wasmkit") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether the program is built (by `scripts/check-embedded`) and there is a runtime for it.
    static var ready: Bool { runtime != nil && FileManager.default.fileExists(atPath: program.path) }

    /// What the program writes for `input`.
    static func run(_ input: [UInt8]) throws -> String {
        let r = try ToolRun.run(executable: try #require(runtime), ["run", program.path], stdin: Data(input))
        #expect(r.status == 0, "\(r.stderr)")
        return String(decoding: r.stdout, as: UTF8.self)
    }
}
