import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// Numbers of every kind a layout holds: whole, 1/64ths of a point, sums of both, arbitrary
/// fractions, and the edges of the writer's fast path.
private func number(_ rng: inout SeededRandom) -> Double {
    let edges: [Double] = [
        0, -0.0, 1, -1, 1.0 / 1024, 1.0 / 2048, -1.0 / 1024, 0.5, 1e-4, 9.999e-5, 1e-7, .leastNonzeroMagnitude,
        1e15 - 1, 1e15, 1e15 + 0.5, 1e16, 1e21, -1e21, 123456789012.5, 0.1, 1.0 / 3, 2.5e-5,
        .greatestFiniteMagnitude, Double(Int64.max), 9_007_199_254_740_992, 9_007_199_254_740_994,
    ]
    switch rng.nextInt(below: 6) {
    case 0: return edges[rng.nextInt(below: edges.count)]
    case 1: return Double(rng.nextInt(below: 4000) - 2000)
    case 2: return Double(rng.nextInt(below: 4_000_000) - 2_000_000) / 64
    case 3: return Double(rng.nextInt(below: 1 << 30)) / 1024 - 1000
    case 4: return (rng.nextUnit() - 0.5) * pow(10, Double(rng.nextInt(below: 30) - 10))
    default: return Double(rng.nextInt(below: 1000)) / 1000
    }
}

private let awkwardTexts = [
    "plain", "quote \" and \\ backslash", "a/b slash", "tab\tnew\nline\rreturn",
    "\u{8}\u{c}\u{1}\u{1f}\u{7f}", "é 中文 العربية 😀", "\u{2028}\u{2029}", "",
]

private func text(_ rng: inout SeededRandom) -> String { awkwardTexts[rng.nextInt(below: awkwardTexts.count)] }

private func color(_ rng: inout SeededRandom) -> Color {
    Color(
        red: UInt8(rng.nextInt(below: 256)), green: UInt8(rng.nextInt(below: 256)), blue: UInt8(rng.nextInt(below: 256)),
        alpha: rng.nextInt(below: 2) == 0 ? 255 : UInt8(rng.nextInt(below: 256)))
}

private func font(_ rng: inout SeededRandom) -> ResolvedFont {
    ResolvedFont(
        family: text(&rng), file: "/usr/share/fonts/\(text(&rng)).ttf", faceIndex: rng.nextInt(below: 3),
        weight: [100, 400, 700][rng.nextInt(below: 3)], style: FontStyle.allCases[rng.nextInt(below: 3)])
}

private func rect(_ rng: inout SeededRandom) -> Rect {
    Rect(x: number(&rng), y: number(&rng), width: number(&rng), height: number(&rng))
}

/// A layout with every optional field present or absent at random (shared by the JSON tests).
func randomLayout(_ seed: UInt64) -> CloudLayout {
    var rng = SeededRandom(seed: seed)
    func maybe() -> Bool { rng.nextInt(below: 2) == 0 }
    let placed = (0..<rng.nextInt(below: 6)).map { i -> PlacedWord in
        let fallbacks = maybe() ? [] : (0..<(1 + rng.nextInt(below: 2))).map { _ in font(&rng) }
        return PlacedWord(
            index: i, text: text(&rng), fullText: maybe() ? text(&rng) : nil, id: maybe() ? text(&rng) : nil,
            link: maybe() ? "https://example.org/a/b?c=\(i)&d" : nil, weight: number(&rng),
            frame: rect(&rng), origin: Point(x: number(&rng), y: number(&rng)), inkBounds: rect(&rng),
            font: font(&rng), fontSize: number(&rng), color: color(&rng), rotation: number(&rng),
            glyphs: (0..<rng.nextInt(below: 4)).map { _ in
                PositionedGlyph(
                    id: UInt32(rng.nextInt(below: 70_000)), x: number(&rng), y: number(&rng),
                    font: fallbacks.isEmpty ? 0 : rng.nextInt(below: fallbacks.count + 1))
            },
            rightToLeft: maybe(), fallbackFont: maybe(), shrunk: maybe(),
            decoration: maybe()
                ? nil
                : TagDecoration(
                    fill: maybe() ? color(&rng) : nil, border: maybe() ? color(&rng) : nil,
                    borderWidth: number(&rng), cornerRadius: number(&rng)),
            fallbackFonts: fallbacks,
            fontRuns: fallbacks.isEmpty ? [] : [FontRun(font: 0, text: text(&rng)), FontRun(font: 1, text: text(&rng))],
            upright: maybe())
    }
    let unplaced = (0..<rng.nextInt(below: 4)).map { i in
        UnplacedWord(
            index: 10 + i, text: text(&rng), id: maybe() ? text(&rng) : nil,
            reason: [.rowLimit, .noSpace, .empty, .maxWords][rng.nextInt(below: 4)])
    }
    let contour =
        maybe()
        ? nil
        : Contour(
            polygons: (0..<rng.nextInt(below: 3)).map { _ in
                (0..<rng.nextInt(below: 4)).map { _ in Point(x: number(&rng), y: number(&rng)) }
            }, width: number(&rng), color: color(&rng))
    var out = CloudLayout(
        kind: maybe() ? .flow : .cloud, size: Size(width: number(&rng), height: number(&rng)),
        background: maybe() ? nil : color(&rng), placed: placed, unplaced: unplaced,
        seed: [nil, UInt64.max, UInt64(rng.nextInt(below: 1 << 40))][rng.nextInt(below: 3)], contour: contour)
    if let first = placed.first, let last = placed.last, maybe() {
        let entries = placed.map { SizeLegend.Entry(weight: number(&rng), fontSize: number(&rng), sample: $0, label: last) }
        out.legend = SizeLegend(height: number(&rng), caption: first, entries: entries)
    }
    return out
}

@Suite("JSON layout")
struct LayoutJSONTests {
    @Test("the writer's JSON is valid, and the decoder reads back every field of many random layouts")
    func roundTrip() throws {
        var fields = Set<String>()
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                fields.formUnion(object.keys)
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        for seed in 0..<400 as Range<UInt64> {
            let l = randomLayout(seed)
            let ours = Array(try LayoutJSON.encode(l, glyphs: true))
            // An independent parser accepts it, and the decoder reads back the same layout.
            let parsed = try? JSONSerialization.jsonObject(with: Data(ours), options: [.fragmentsAllowed])
            #expect(parsed != nil, "seed \(seed)")
            #expect(try LayoutJSON.decode(Data(ours)) == l, "seed \(seed)")
            #expect(Array(try LayoutJSON.encode(l, glyphs: true)) == ours, "the same layout gives the same bytes")
            // Which keys the layouts exercised, below.
            if let parsed { collect(parsed) }
        }
        // Every field of every type appeared, so none is left untested.
        let all = [
            "background", "contour", "color", "polygons", "width", "kind", "placed", "seed", "size", "height",
            "unplaced", "id", "index", "reason", "text", "baseline", "decoration", "border", "borderWidth",
            "cornerRadius", "fill", "fallbackFont", "fallbackFonts", "font", "fontRuns", "fontSize", "frame",
            "fullText", "glyphs", "x", "y", "inkBounds", "link", "origin", "rightToLeft", "rotation", "shrunk",
            "weight", "faceIndex", "family", "file", "style", "legend", "caption", "entries", "label", "sample",
            "fonts", "version",
        ]
        #expect(Set(all).subtracting(fields).isEmpty, "never written: \(Set(all).subtracting(fields))")
    }

    @Test("an empty layout, and a layout's Codable fields all known to the writer")
    func emptyAndComplete() throws {
        let empty = CloudLayout(kind: .flow, size: Size(width: 0, height: 0), background: nil, placed: [], unplaced: [], seed: 0)
        #expect(
            String(decoding: try LayoutJSON.encode(empty), as: UTF8.self) == """
                {
                  "fonts":[],
                  "kind":"flow",
                  "placed":[],
                  "seed":0,
                  "size":{"height":0,"width":0},
                  "unplaced":[],
                  "version":2
                }

                """)
        var unseeded = empty
        unseeded.seed = nil
        #expect(try LayoutJSON.decode(LayoutJSON.encode(unseeded)) == unseeded)
        // A stored property added to a placed word must be added to the writer and the decoder: the
        // round trip above would then fail for it once set; this names it at once.
        let word = randomLayout(3).placed.first ?? randomLayout(4).placed[0]
        let properties = Set(Mirror(reflecting: word).children.compactMap(\.label))
        #expect(
            properties == [
                "index", "text", "weight", "frame", "origin", "baseline", "inkBounds", "font", "fontSize", "color",
                "rotation", "glyphs", "rightToLeft", "fallbackFont", "shrunk", "extras",
            ])
        // The fields most words leave unset live in one box (`extras`): the same rule for them.
        var boxed = word
        boxed.id = "x"
        let fields = try #require(Mirror(reflecting: boxed).descendant("extras", "box", "some", "value"))
        #expect(
            Set(Mirror(reflecting: fields).children.compactMap(\.label))
                == ["fullText", "id", "link", "decoration", "fallbackFonts", "fontRuns", "upright"])
        #expect(
            Set(Mirror(reflecting: empty).children.compactMap(\.label))
                == ["kind", "size", "background", "placed", "unplaced", "seed", "contour", "legend"])
        #expect(
            Set(Mirror(reflecting: SizeLegend(height: 0, caption: word, entries: [])).children.compactMap(\.label))
                == ["height", "caption", "entries"])
        #expect(
            Set(
                Mirror(reflecting: SizeLegend.Entry(weight: 0, fontSize: 0, sample: word, label: word)).children.compactMap(
                    \.label)) == ["weight", "fontSize", "sample", "label"])
    }
}
