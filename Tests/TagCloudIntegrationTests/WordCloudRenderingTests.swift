import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

/// The word cloud on real fonts, checked independently of the occupancy map: every placed word is
/// drawn alone by Cairo and its painted pixels are counted.
@Suite("word cloud on real fonts")
struct WordCloudRenderingTests {
    static let words = [
        "typography", "harfbuzz", "freetype", "cairo", "swift", "linux", "kerning", "glyph", "pixel",
        "cloud", "word", "spiral", "mask", "shape", "heart", "rotation", "margin", "layout", "render",
        "font", "fallback", "unicode", "baseline", "ligature", "AVATAR", "Wolf", "jumpy", "quartz",
    ]

    func terms(_ n: Int) -> [Term] {
        (0..<n).map {
            Term(Self.words[$0 % Self.words.count] + ($0 >= Self.words.count ? "\($0)" : ""), weight: Double(200 - $0))
        }
    }

    /// Pixels Cairo paints (alpha > 0) for each placed word drawn alone.
    func paintedPixels(_ layout: CloudLayout) throws -> [[Int]] {
        let renderer = CairoRenderer(options: RenderOptions(transparent: true))
        return try layout.placed.map { word in
            var single = layout
            single.placed = [word]
            single.contour = nil
            let img = try renderer.renderARGB(single)
            return img.pixels.indices.filter { img.pixels[$0] >> 24 != 0 }
        }
    }

    func check(_ layout: CloudLayout, allowed: BitMask?) throws {
        let w = Int(layout.size.width)
        var seen = [UInt8](repeating: 0, count: w * Int(layout.size.height))
        for (i, pixels) in try paintedPixels(layout).enumerated() {
            #expect(!pixels.isEmpty, "\(layout.placed[i].text) paints nothing")
            for p in pixels {
                seen[p] &+= 1
                if let a = allowed { #expect(a[p % w, p / w], "\(layout.placed[i].text) paints outside the area") }
            }
        }
        #expect(seen.filter { $0 > 1 }.count == 0, "pixels painted by two words")
    }

    @Test("no pixel painted twice, across seeds and angles", arguments: [(1 as UInt64, false), (2, true), (3, true), (4, false)])
    func noOverlap(seed: UInt64, anyAngle: Bool) throws {
        var o = WordCloudOptions()
        o.width = 420
        o.height = 300
        o.maximumWords = 70
        o.margin = 0
        o.seed = seed
        o.style.background = nil
        if anyAngle { o.rotation = .range(from: -90, to: 90) }
        let layout = try WordCloudLayout(o).layout(terms(70), typesetter: FreeTypeTypesetter())
        #expect(layout.placed.count >= 50)
        try check(layout, allowed: nil)
    }

    @Test("inside the shape", arguments: [Shape.heart, .star, .circle])
    func insideShape(shape: Shape) throws {
        var o = WordCloudOptions()
        o.width = 360
        o.height = 320
        o.maximumWords = 50
        o.area = .shape(shape)
        o.style.background = nil
        let layout = try WordCloudLayout(o).layout(terms(50), typesetter: FreeTypeTypesetter())
        #expect(layout.placed.count >= 25)
        try check(layout, allowed: shape.mask(width: 360, height: 320).allowed)
    }

    @Test("any-angle words are drawn at their angles in PNG and SVG")
    func angles() throws {
        var o = WordCloudOptions()
        o.width = 600
        o.height = 500
        o.maximumWords = 12
        o.rotation = .range(from: -80, to: 80)
        o.seed = 5
        o.style.background = nil
        let layout = try WordCloudLayout(o).layout(
            terms(12).map { Term("typography" + $0.text.prefix(0), weight: $0.weight) },
            typesetter: FreeTypeTypesetter())
        let svg = try SVGWriter().svg(layout)
        for (word, pixels) in zip(layout.placed, try paintedPixels(layout)) {
            if word.rotation != 0 {
                #expect(svg.contains("rotate(\(formatAngle(word.rotation)) "), "SVG lacks rotate(\(word.rotation))")
            }
            // The ink's principal axis (second moments) points along the text.
            let xs = pixels.map { Double($0 % 600) }, ys = pixels.map { Double($0 / 600) }
            let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
            var sxx = 0.0, syy = 0.0, sxy = 0.0
            for (x, y) in zip(xs, ys) { sxx += (x - mx) * (x - mx); syy += (y - my) * (y - my); sxy += (x - mx) * (y - my) }
            let axis = 0.5 * atan2(2 * sxy, sxx - syy) * 180 / .pi
            var diff = abs(axis - word.rotation).truncatingRemainder(dividingBy: 180)
            if diff > 90 { diff = 180 - diff }
            #expect(diff < 6, "\(word.text) drawn at \(axis)°, placed at \(word.rotation)°")
        }
    }

    func formatAngle(_ a: Double) -> String {
        a == a.rounded() ? String(Int(a)) : String(a)
    }

    /// The FreeType typesetter with the size bound hidden, so every mask is rasterised.
    struct WithoutBound: Typesetter, GlyphRasterizer {
        let base = FreeTypeTypesetter()
        func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
            try base.typeset(text, font: font, size: size)
        }
        func coverage(of word: TypesetWord, rotation: Double) throws -> WordMask {
            try base.coverage(of: word, rotation: rotation)
        }
    }

    @Test(
        "skipping sizes too big for the area changes nothing: the same layout as rasterising them",
        arguments: [(Shape?.none, false), (.heart, false), (.none, true), (.star, true)])
    func sizeBoundOnlySavesWork(shape: Shape?, randomStart: Bool) throws {
        var o = WordCloudOptions()
        o.width = 260
        o.height = 180
        o.maximumWords = 60
        o.seed = 5
        o.randomStart = randomStart
        // Big enough that the first words shrink through sizes wider than the canvas.
        o.style.sizing = .fitted(FittedSizing(maximumSize: 150))
        if let shape { o.area = .shape(shape) }
        let bounded = FreeTypeTypesetter()
        let big = try bounded.typeset("typography", font: o.style.fonts[0], size: 150)
        #expect(
            try #require(bounded.coverageLowerBound(of: big, rotation: 0)).width > o.width,
            "no size is too big: the test would not notice a bound that skips a fitting size")
        let a = try WordCloudLayout(o).layout(terms(60), typesetter: bounded)
        let b = try WordCloudLayout(o).layout(terms(60), typesetter: WithoutBound())
        #expect(try SVGWriter().svg(a) == SVGWriter().svg(b))
        #expect(a.placed.count > 10)
    }

    @Test("same seed, byte-identical PNG and SVG")
    func determinism() throws {
        var o = WordCloudOptions()
        o.width = 300
        o.height = 200
        o.maximumWords = 40
        o.rotation = .range(from: -90, to: 90)
        o.seed = 77
        let a = try WordCloudLayout(o).layout(terms(40), typesetter: FreeTypeTypesetter())
        let b = try WordCloudLayout(o).layout(terms(40), typesetter: FreeTypeTypesetter())
        #expect(try CairoRenderer().pngData(a) == CairoRenderer().pngData(b))
        #expect(try SVGWriter().svg(a) == SVGWriter().svg(b))
    }
}
