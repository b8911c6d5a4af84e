import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The whole pipeline on real fonts: FlowLayout + FreeTypeTypesetter + Cairo, checked in pixels.
@Suite("flow rendering on real fonts")
struct FlowRenderingTests {
    /// Saturated colours far apart, one per tag, so a pixel's colour says which tag drew it.
    static let colors: [UInt32] = [
        0xE6194B, 0x3CB44B, 0x4363D8, 0xF58231, 0x911EB4, 0x46F0F0, 0xF032E6,
        0x008080, 0x9A6324, 0x800000, 0x000075, 0x808000,
    ]

    /// The tag whose colour, blended over white with at least half coverage, gives this pixel; nil
    /// for background, faint edges and pixels two colours could explain.
    static func owner(of pixel: UInt32) -> Int? {
        let p = [Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF)]
        var found: Int? = nil
        for (i, c) in colors.enumerated() {
            let cc = [Double((c >> 16) & 0xFF), Double((c >> 8) & 0xFF), Double(c & 0xFF)]
            let k = (0..<3).max { (255 - cc[$0]) < (255 - cc[$1]) }!
            let coverage = (255 - p[k]) / (255 - cc[k])
            guard coverage >= 0.5, coverage <= 1.01 else { continue }
            let fits = (0..<3).allSatisfy { abs(255 - coverage * (255 - cc[$0]) - p[$0]) <= 4 }
            if fits {
                if found != nil { return nil }
                found = i
            }
        }
        return found
    }

    func layout(scale: Double = 1, seed: UInt64) throws -> CloudLayout {
        let words = [
            "swift", "ios", "linux", "machine learning", "Typography", "你好世界", "مرحبا",
            "AVATAR", "gjpqy", "fontconfig", "ÅÉÎ", "cairo",
        ]
        let terms = words.enumerated().map { i, w in
            Term(w, weight: Double((i * 7) % 11 + 1), color: Color(rgb: Self.colors[i]))
        }
        var options = FlowOptions()
        options.seed = seed
        options.itemSpacing = 2
        options.rowSpacing = 0
        options.style.sizing = .scaled(WeightScale(minimumSize: 12, maximumSize: 40))
        return try FlowLayout(options).layout(terms, typesetter: FreeTypeTypesetter(), width: 400)
    }

    @Test("each tag's colour appears inside its frame and nowhere else", arguments: [1 as UInt64, 2, 3])
    func pixelsInsideFrames(seed: UInt64) throws {
        let layout = try layout(seed: seed)
        #expect(layout.placed.count == 12)
        let image = try CairoRenderer().renderARGB(layout)
        var seen = [Int](repeating: 0, count: layout.placed.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let i = Self.owner(of: image.pixels[y * image.width + x]) else { continue }
                let f = layout.placed[i].frame
                // Anti-aliased ink may colour the pixel that straddles the frame's edge.
                let inside = Double(x) + 1 > f.minX && Double(x) < f.maxX && Double(y) + 1 > f.minY && Double(y) < f.maxY
                #expect(inside, "pixel (\(x), \(y)) of \(layout.placed[i].text) is outside its frame \(f)")
                seen[i] += 1
            }
        }
        for (i, n) in seen.enumerated() {
            #expect(n > 10, "too few pixels of \(layout.placed[i].text)'s colour")
        }
    }

    @Test("scale 2 renders the same layout at twice the pixels")
    func scaleTwo() throws {
        let layout = try layout(seed: 1)
        let one = try CairoRenderer().renderARGB(layout)
        let two = try CairoRenderer(options: RenderOptions(scale: 2)).renderARGB(layout)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        // Ink coverage scales by four (within anti-aliasing).
        func ink(_ img: (width: Int, height: Int, pixels: [UInt32])) -> Int {
            img.pixels.filter { ($0 & 0xFFFFFF) != 0xFFFFFF }.count
        }
        let ratio = Double(ink(two)) / Double(ink(one))
        #expect(ratio > 3.3 && ratio < 4.7, "ratio \(ratio)")
    }

    @Test("the SVG parses as XML and has one text element per tag; outlines have paths")
    func svg() throws {
        let layout = try layout(seed: 4)
        let text = try SVGWriter().svg(layout)
        let counter = ElementCounter(try XMLDocument(xmlString: text))
        #expect(counter.count("text") == layout.placed.count)
        #expect(counter.count("path") == 0)
        // The Chinese tag names the fallback font actually used.
        let chinese = try #require(layout.placed.first { $0.text == "你好世界" })
        #expect(chinese.fallbackFont)
        #expect(text.contains("font-family=\"\(chinese.font.family)\""))

        let outlines = try SVGWriter(mode: .outlines(GlyphOutlineCache())).svg(layout)
        let oc = ElementCounter(try XMLDocument(xmlString: outlines))
        #expect(oc.count("path") == layout.placed.count)
        #expect(oc.count("text") == 0)
        #expect(outlines.contains(" d=\"M "))
    }
}

/// Counts elements by name in a parsed XML document.
struct ElementCounter {
    var counts: [String: Int] = [:]
    init(_ doc: XMLDocument) {
        func walk(_ node: XMLNode) {
            if node.kind == .element, let name = node.localName { counts[name, default: 0] += 1 }
            for c in node.children ?? [] { walk(c) }
        }
        if let root = doc.rootElement() { walk(root) }
    }
    func count(_ name: String) -> Int { counts[name] ?? 0 }
}
