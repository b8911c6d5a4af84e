import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("SVG and JSON writers")
struct SVGWriterTests {
    func word(_ text: String, x: Double, link: String? = nil, rotation: Double = 0) -> PlacedWord {
        PlacedWord(
            index: 0, text: text, id: "id-\(text)", link: link, weight: 2.5,
            frame: Rect(x: x, y: 10, width: 50, height: 20), origin: Point(x: x, y: 25),
            inkBounds: Rect(x: x, y: 12, width: 40, height: 15),
            font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 16,
            color: Color(red: 10, green: 20, blue: 30, alpha: 128), rotation: rotation,
            glyphs: [PositionedGlyph(id: 3, x: 0, y: 0)], rightToLeft: false, fallbackFont: false,
            decoration: TagDecoration(fill: .white, border: .black, borderWidth: 2, cornerRadius: 10))
    }

    func layout() -> CloudLayout {
        CloudLayout(
            kind: .flow, size: Size(width: 200.5, height: 100), background: Color(rgb: 0xFFEEDD),
            placed: [word("a<b & \"c\"", x: 10, link: "https://e.org/?a=1&b=2"), word("d", x: 100, rotation: -90)],
            unplaced: [], seed: 3)
    }

    @Test("well-formed XML with escaped text, links, fill-opacity, rotation and decorations")
    func textMode() throws {
        let svg = try SVGWriter().svg(layout())
        let doc = try XMLDocument(xmlString: svg)
        let root = try #require(doc.rootElement())
        #expect(root.localName == "svg")
        #expect(svg.contains("viewBox=\"0 0 200.5 100\""))
        #expect(svg.contains(">a&lt;b &amp; &quot;c&quot;</text>"))
        #expect(svg.contains("href=\"https://e.org/?a=1&amp;b=2\""))
        #expect(svg.contains("fill=\"#0a141e\" fill-opacity=\"0.502\""))
        #expect(svg.contains("transform=\"rotate(-90 100 25)\""))
        #expect(svg.contains("data-id=\"id-d\""))
        // Border inset by half its width, radius reduced to match.
        #expect(svg.contains("<rect class=\"tag\" x=\"11\" y=\"11\" width=\"48\" height=\"18\" rx=\"9\""))
    }

    final class FixedOutlines: GlyphOutlineProvider {
        func pathData(for glyphs: [PositionedGlyph], font: ResolvedFont, size: Double, origin: Point) throws -> String {
            "M \(origin.x) \(origin.y) L 1 1 Z"
        }
    }

    @Test("outline mode writes a path per word, with the text as its title")
    func outlineMode() throws {
        let svg = try SVGWriter(mode: .outlines(FixedOutlines())).svg(layout())
        #expect(svg.components(separatedBy: "<path ").count - 1 == 2)
        #expect(svg.contains("<title>d</title>"))
        #expect(!svg.contains("<text"))
    }

    @Test(
        "numbers print short and stable",
        arguments: [
            (0.0, "0"), (-0.0001, "0"), (1.5, "1.5"), (2.0, "2"), (-3.25, "-3.25"), (1.0 / 3.0, "0.333"),
            (12345.6789, "12345.679"),
        ])
    func numbers(value: Double, expected: String) {
        #expect(formatNumber(value) == expected)
    }

    @Test("JSON round-trips the layout and is byte-stable")
    func json() throws {
        let a = try LayoutJSON.encode(layout(), glyphs: true)
        let b = try LayoutJSON.encode(layout(), glyphs: true)
        #expect(a == b)
        #expect(try LayoutJSON.decode(a) == layout())
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("\"frame\""))
        #expect(text.contains("\"color\":\"#0a141e80\""))
    }
}
