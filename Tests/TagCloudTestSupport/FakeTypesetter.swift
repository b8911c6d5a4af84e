import Foundation
import TagCloud

/// A typesetter with simple, exact metrics (each character 0.6 em wide; ascent 0.8 em, descent
/// 0.25 em; ink slightly inside), so layout tests need no fonts.
public struct FakeTypesetter: Typesetter {
    /// A typesetter; it holds no state.
    public init() {}

    /// `text` at `size`, with one glyph per character.
    public func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
        let n = Double(text.count)
        let advance = n * size * 0.6
        var glyphs: [PositionedGlyph] = []
        for i in 0..<text.count { glyphs.append(PositionedGlyph(id: UInt32(i + 1), x: Double(i) * size * 0.6, y: 0)) }
        return TypesetWord(
            text: text, font: ResolvedFont(family: font.family, file: "/fake.ttf"), size: size,
            advance: advance, ascent: size * 0.8, descent: size * 0.25,
            inkBounds: Rect(
                x: size * 0.05, y: -size * 0.7, width: max(0, advance - size * 0.1),
                height: size * 0.9),
            glyphs: glyphs)
    }
}

/// Terms with varied lengths and weights, from a seed.
public func sampleTerms(count: Int, seed: UInt64) -> [Term] {
    var rng = SeededRandom(seed: seed)
    let words = [
        "swift", "ios", "linux", "machine learning", "a", "typography", "cloud", "tag",
        "harfbuzz", "freetype", "cairo", "internationalisation", "go", "x", "layout engine",
    ]
    return (0..<count).map { i in
        Term(
            words[rng.nextInt(below: words.count)] + (i % 3 == 0 ? "" : String(i)),
            weight: Double(1 + rng.nextInt(below: 100)), id: "t\(i)")
    }
}

extension FakeTypesetter: GlyphRasterizer {
    /// Each glyph is a box (0.1–0.5 em wide, from 0.7 em above the baseline to 0.2 em below), with
    /// gaps between letters so words can interlock; rotated boxes are sampled at pixel centres and grown
    /// by one pixel so the mask is conservative.
    public func coverage(of word: TypesetWord, rotation: Double) throws -> WordMask {
        let s = word.size
        let boxes: [[(Double, Double)]] = word.glyphs.map { g in
            let x0 = g.x + 0.1 * s, x1 = g.x + 0.5 * s, y0 = -0.7 * s, y1 = 0.2 * s
            return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        }
        guard !boxes.isEmpty else { return WordMask(bits: BitMask(width: 0, height: 0), offsetX: 0, offsetY: 0) }
        let t = rotation * .pi / 180, c = cos(t), sn = sin(t)
        // Clockwise on screen with y down: (x, y) -> (x cos - y sin, x sin + y cos).
        let rotated = boxes.map { $0.map { (p: (Double, Double)) in (p.0 * c - p.1 * sn, p.0 * sn + p.1 * c) } }
        let xs = rotated.flatMap { $0.map(\.0) }, ys = rotated.flatMap { $0.map(\.1) }
        let ox = Int(xs.min()!.rounded(.down)) - 1, oy = Int(ys.min()!.rounded(.down)) - 1
        let w = Int(xs.max()!.rounded(.up)) + 1 - ox, h = Int(ys.max()!.rounded(.up)) + 1 - oy
        var bits = BitMask(width: w, height: h)
        // Scanline fill of each convex quad at pixel centres.
        for quad in rotated {
            for y in 0..<h {
                let py = Double(y + oy) + 0.5
                var lo = Double.infinity, hi = -Double.infinity
                for e in 0..<4 {
                    let a = quad[e], b = quad[(e + 1) % 4]
                    if (a.1 <= py && b.1 > py) || (b.1 <= py && a.1 > py) {
                        let x = a.0 + (py - a.1) / (b.1 - a.1) * (b.0 - a.0)
                        lo = min(lo, x); hi = max(hi, x)
                    }
                }
                guard lo <= hi else { continue }
                let x0 = Int((lo - 0.5).rounded(.up)) - ox, x1 = Int((hi - 0.5).rounded(.down)) - ox
                if x0 <= x1 { bits.setRun(y: y, from: x0, to: x1 + 1) }
            }
        }
        return WordMask(bits: bits.dilated(by: 1), offsetX: ox - 1, offsetY: oy - 1)
    }
}
