import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// The writers take any layout a library user builds or decodes, not only ones a layout engine
/// made: extreme indices and weights, font indices that name no font.
@Suite("layouts no engine would make")
struct HostileLayoutTests {
    func word(index: Int, weight: Double, fontIndex: Int = 0) -> PlacedWord {
        PlacedWord(
            index: index, text: "w\(index)", id: nil, link: nil, weight: weight,
            frame: Rect(x: 0, y: 0, width: 10, height: 10), origin: Point(x: 0, y: 8),
            inkBounds: Rect(x: 0, y: 0, width: 8, height: 8),
            font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 10, color: .black,
            glyphs: [PositionedGlyph(id: 1, x: 0, y: 0, font: fontIndex)], rightToLeft: false, fallbackFont: false,
            fallbackFonts: fontIndex == 0 ? [] : [ResolvedFont(family: "Other", file: "/g.ttf")],
            fontRuns: fontIndex == 0 ? [] : [FontRun(font: fontIndex, text: "w"), FontRun(font: -fontIndex, text: "x")])
    }

    @Test("the reading order is total: extreme indices and weights that are not numbers sort without trapping")
    func readingOrder() {
        let layout = CloudLayout(
            kind: .cloud, size: Size(width: 10, height: 10), background: nil,
            placed: [
                word(index: Int.min, weight: 1), word(index: Int.max, weight: 1),
                word(index: 0, weight: .nan), word(index: 5, weight: .infinity),
                word(index: -3, weight: -.infinity), word(index: 7, weight: 1),
            ],
            unplaced: [], seed: 0)
        #expect(HTMLWriter.readingOrder(layout).map(\.index) == [5, Int.min, 7, Int.max, -3, 0])
    }

    @Test("SVG, HTML and JSON write words whose font runs name fonts that do not exist")
    func fontIndicesOutOfRange() throws {
        let layout = CloudLayout(
            kind: .flow, size: Size(width: 10, height: 10), background: nil,
            placed: [word(index: 0, weight: 1, fontIndex: 99), word(index: 1, weight: 2, fontIndex: Int.max)],
            unplaced: [], seed: 0)
        let svg = try SVGWriter().svg(layout)
        #expect(svg.contains("<tspan font-family=\"DejaVu Sans\">w</tspan>"))
        #expect(try HTMLWriter().html(layout).contains("<tspan"))
        #expect(try LayoutJSON.decode(LayoutJSON.encode(layout, glyphs: true)) == layout)
    }
}
