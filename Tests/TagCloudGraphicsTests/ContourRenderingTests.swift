import Foundation
import TagCloud
import TagCloudExport
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

private let contourColor = Color(red: 0, green: 0, blue: 200)
private let tagFill = Color(red: 0, green: 160, blue: 0)

/// A 200 × 100 white canvas with a rectangular contour (20, 20)–(180, 80), 4 points wide, and one
/// glyph-less word whose filled tag covers part of the contour's left side.
private func layout(
    contour: Contour? = Contour(
        polygons: [[Point(x: 20, y: 20), Point(x: 180, y: 20), Point(x: 180, y: 80), Point(x: 20, y: 80)]],
        width: 4, color: contourColor)
) -> CloudLayout {
    let frame = Rect(x: 10, y: 40, width: 30, height: 20)
    let word = PlacedWord(
        index: 0, text: "tag", id: nil, link: nil, weight: 1, frame: frame,
        origin: Point(x: 12, y: 55), inkBounds: frame,
        font: ResolvedFont(family: "DejaVu Sans", file: "/nonexistent.ttf"), fontSize: 12,
        color: .black, glyphs: [], rightToLeft: false, fallbackFont: false,
        decoration: TagDecoration(fill: tagFill, cornerRadius: 0))
    return CloudLayout(
        kind: .cloud, size: Size(width: 200, height: 100), background: .white,
        placed: [word], unplaced: [], seed: 1, contour: contour)
}

@Suite struct ContourRenderingTests {
    @Test func pngStrokesTheContourUnderTheWords() throws {
        let image = try CairoRenderer().renderARGB(layout())
        func pixel(_ x: Int, _ y: Int) -> UInt32 { image.pixels[y * image.width + x] }
        // On the line (all four sides), in the contour's colour.
        for (x, y) in [(100, 19), (100, 20), (100, 80), (180, 50), (179, 30), (20, 25), (60, 21)] {
            #expect(pixel(x, y) == argb(contourColor), "pixel (\(x), \(y)) is \(String(pixel(x, y), radix: 16))")
        }
        // Off the line: background inside and outside.
        for (x, y) in [(100, 50), (100, 10), (100, 90), (190, 50), (170, 70)] {
            #expect(pixel(x, y) == argb(.white), "pixel (\(x), \(y)) is \(String(pixel(x, y), radix: 16))")
        }
        // Round joins: the outer corner of the stroke is rounded off.
        #expect(pixel(18, 18) != argb(contourColor))
        // The tag is drawn after the contour, so it covers it.
        #expect(pixel(20, 50) == argb(tagFill))

        let plain = try CairoRenderer().renderARGB(layout(contour: nil))
        #expect(plain.pixels[20 * plain.width + 100] == argb(.white))
    }

    @Test func svgHasTheContourPathBetweenBackgroundAndWords() throws {
        let svg = try SVGWriter().svg(layout())
        let path =
            "<path class=\"contour\" d=\"M 20 20 L 180 20 L 180 80 L 20 80 Z\" fill=\"none\" "
            + "stroke=\"#0000c8\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
        let contour = try #require(svg.range(of: path))
        let background = try #require(svg.range(of: "<rect class=\"background\""))
        let word = try #require(svg.range(of: "<rect class=\"tag\""))
        #expect(background.upperBound <= contour.lowerBound)
        #expect(contour.upperBound <= word.lowerBound)
        #expect(try !SVGWriter().svg(layout(contour: nil)).contains("contour"))
    }

    @Test func svgJoinsSeveralPolygonsAndKeepsOpacity() throws {
        let contour = Contour(
            polygons: [
                [Point(x: 1.5, y: 2), Point(x: 3, y: 4), Point(x: 5, y: 2.25)],
                [Point(x: 10, y: 10), Point(x: 12, y: 10), Point(x: 11, y: 12)],
            ],
            width: 1.5, color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        let svg = try SVGWriter().svg(layout(contour: contour))
        #expect(svg.contains("d=\"M 1.5 2 L 3 4 L 5 2.25 Z M 10 10 L 12 10 L 11 12 Z\""))
        #expect(svg.contains("stroke=\"#ff0000\" stroke-opacity=\"0.502\" stroke-width=\"1.5\""))
    }
}
