import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

/// The manifest of every installed font, read back from its JSON as the WebAssembly engine reads it.
private let manifest: FontManifest? = {
    let library = FontLibrary.shared
    guard let made = try? library.manifest(families: library.families()) else { return nil }
    return try? FontManifest(json: made.json)
}()

/// Texts that need fonts other than DejaVu: scripts, emoji, symbols, mixtures, and a character no
/// font has.
private let samples = [
    "سلام", "שלום", "नमस्ते", "你好世界", "こんにちは", "안녕하세요", "สวัสดี", "ሰላም", "Ελλάδα", "Привет",
    "🎉", "❤️", "👩‍👩‍👧", "🇫🇷", "∮ ∑ √", "♪♫", "𝔘𝔫𝔦", "Z\u{0301}", "ꦲꦏ꧀ꦱꦫ", "ᓀᐦᐃᔭᐍᐏᐣ", "\u{10FFFD}",
    "a你b", "中文 and English", "ש1א2",
]

@Suite("Font manifest: fontconfig's answers for the WebAssembly engine")
struct FontManifestTests {
    @Test("it reads back from its JSON as it was written")
    func roundTrip() throws {
        let m = try #require(manifest)
        let again = try FontManifest(json: m.json)
        #expect(again.fonts == m.fonts)
        #expect(again.resolutions == m.resolutions)
        #expect(again.fallbackOrders == m.fallbackOrders)
        #expect(m.fonts.count > 10 && m.resolutions.count > 100)
        #expect(throws: GraphicsError.self) { try FontManifest(json: Array("{\"fonts\": [{\"weight\": \"x\"}]}".utf8)) }
    }

    @Test("every family resolves as fontconfig resolves it, at every weight and style")
    func resolves() throws {
        let m = try #require(manifest)
        let library = FontLibrary.shared
        var compared = 0
        for family in library.families() + ["sans-serif", "serif", "monospace", "emoji"] {
            for weight in [100, 400, 700, 900] {
                for style in FontStyle.allCases {
                    let d = FontDescriptor(family: family, weight: weight, style: style)
                    #expect((try? m.resolve(d)) == (try? library.resolve(d)), "\(family) \(weight) \(style)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
        let typo = FontDescriptor(family: " DejaVu Sanz ")
        let expected = try errorOf { () throws(GraphicsError) in try library.resolve(typo) }
        #expect(throws: expected) { try m.resolve(typo) }
    }

    /// fontconfig lifts, after sorting, the first font of each language the request names, so a
    /// fallback can depend on the characters in a way one recorded order per font does not capture:
    /// the cases below are the known differences (Hebrew under DejaVu Serif: fontconfig's DejaVu
    /// Sans, the manifest's Noto Sans Hebrew; both draw it). Any other difference fails.
    @Test("fallback fonts are the ones fontconfig picks", arguments: ["DejaVu Sans", "DejaVu Serif", "Noto Sans"])
    func fallbacks(family: String) throws {
        let m = try #require(manifest)
        let library = FontLibrary.shared
        var differences: [String] = []
        for weight in [400, 700] {
            let preferring = try library.resolve(FontDescriptor(family: family, weight: weight))
            for text in samples
            where m.fallback(for: text, preferring: preferring) != library.fallback(for: text, preferring: preferring) {
                differences.append("\(text) \(weight)")
            }
        }
        #expect(differences == (family == "DejaVu Serif" ? ["שלום 400", "שלום 700"] : []))
    }

    @Test("a flow of many scripts and a rotated cloud lay out byte for byte as with fontconfig")
    func layouts() throws {
        let m = try #require(manifest)
        func typesetters() -> (FreeTypeTypesetter, FreeTypeTypesetter) {
            (
                FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()),
                FreeTypeTypesetter(fonts: m, rasterizer: FreeTypeGlyphRasterizer())
            )
        }
        var flow = FlowOptions()
        flow.seed = 4
        let terms = samples.enumerated().map { Term($1, weight: Double($0 % 7 + 1)) }
        var (native, recorded) = typesetters()
        #expect(
            try LayoutJSON.bytes(try FlowLayout(flow).layout(terms, typesetter: native, width: 700))
                == LayoutJSON.bytes(try FlowLayout(flow).layout(terms, typesetter: recorded, width: 700)))
        var cloud = WordCloudOptions()
        cloud.seed = 9
        cloud.rotation = .range(from: -90, to: 90)
        let words = (0..<150).map { Term("word\($0)\(samples[$0 % samples.count])", weight: Double(150 - $0)) }
        (native, recorded) = typesetters()
        #expect(
            try LayoutJSON.bytes(try WordCloudLayout(cloud).run(words, typesetter: native).layout)
                == LayoutJSON.bytes(try WordCloudLayout(cloud).run(words, typesetter: recorded).layout))
    }
}

/// The error `body` throws.
private func errorOf(_ body: () throws(GraphicsError) -> ResolvedFont) throws -> GraphicsError {
    do throws(GraphicsError) {
        _ = try body()
    } catch {
        return error
    }
    throw GraphicsError.fontconfig("no error")
}
