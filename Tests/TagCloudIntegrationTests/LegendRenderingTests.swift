import Foundation
import TagCloud
import Testing

@testable import TagCloudExport
@testable import TagCloudGraphics

/// The size legend on real fonts, in every format: a band below the canvas that has ink, while the
/// canvas above it is drawn exactly as without the legend.
@Suite("size legend in every format")
struct LegendRenderingTests {
    static let terms = [
        ("typography", 120.0), ("harfbuzz", 80), ("freetype", 80), ("cairo", 40), ("swift", 40), ("linux", 25),
        ("kerning", 12), ("glyph", 12), ("pixel", 5), ("cloud", 3),
    ].map { Term($0.0, weight: $0.1) }

    /// A cloud of exact sizes with its legend, on a 480 × 320 canvas.
    static func layout() throws -> CloudLayout {
        var o = WordCloudOptions()
        o.width = 480
        o.height = 320
        o.sizes = .exact
        o.legend = true
        o.seed = 3
        return try WordCloudLayout(o).layout(terms, typesetter: FreeTypeTypesetter())
    }

    @Test("PNG: the picture is the canvas and the band; the band has ink at each sample; the canvas is untouched")
    func png() throws {
        let layout = try Self.layout()
        let legend = try #require(layout.legend)
        #expect(legend.entries.count >= 3)
        let image = try CairoRenderer().renderARGB(layout)
        #expect(image.width == 480 && Double(image.height) == 320 + legend.height)
        let white: UInt32 = 0xFFFF_FFFF
        func inked(_ r: Rect) -> Int {
            var n = 0
            for y in max(0, Int(r.minY))..<min(image.height, Int(r.maxY.rounded(.up))) {
                for x in max(0, Int(r.minX))..<min(image.width, Int(r.maxX.rounded(.up)))
                where image.pixels[y * image.width + x] != white {
                    n += 1
                }
            }
            return n
        }
        let band = Rect(x: 0, y: 320, width: 480, height: legend.height)
        #expect(inked(band) > 200, "the band has ink")
        for entry in legend.entries where entry.fontSize >= 6 {
            #expect(inked(entry.sample.inkBounds) > 0, "sample of \(entry.weight)")
            #expect(inked(entry.label.inkBounds) > 0, "number \(entry.label.text)")
        }
        var plain = layout
        plain.legend = nil
        let canvas = try CairoRenderer().renderARGB(plain)
        #expect(Array(image.pixels.prefix(480 * 320)) == canvas.pixels, "the cloud is drawn as without the legend")
    }

    @Test("PDF: the page holds the band, and its text holds the caption and every weight")
    func pdf() throws {
        let layout = try Self.layout()
        let legend = try #require(layout.legend)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("legend.pdf")
        try CairoRenderer().pdfData(layout).write(to: url)
        let text = try run(try tool("pdftotext", package: "poppler-utils"), [url.path, "-"])
        #expect(text.contains("weight"))
        for entry in legend.entries { #expect(text.contains(entry.label.text), "weight \(entry.label.text)") }
        let info = try run(try tool("pdfinfo", package: "poppler-utils"), [url.path])
        #expect(info.contains("480 x \(formatted(320 + legend.height)) pts"), "\(info)")
    }

    @Test("SVG and HTML: a legend group of samples at the entries' sizes, the picture's height, no legend word interactive")
    func svgAndHTML() throws {
        let layout = try Self.layout()
        let legend = try #require(layout.legend)
        let h = formatted(layout.drawingSize.height)
        for (name, doc) in [("svg", try SVGWriter().svg(layout)), ("html", try HTMLWriter().html(layout))] {
            #expect(doc.contains("viewBox=\"0 0 480 \(h)\""), "\(name)")
            #expect(doc.components(separatedBy: "<g class=\"legend\">").count == 2, "\(name): one legend group")
            let group = try #require(
                doc.components(separatedBy: "<g class=\"legend\">").last?.components(separatedBy: "</g>").first)
            #expect(group.components(separatedBy: "class=\"legend-sample\"").count - 1 == legend.entries.count, "\(name)")
            #expect(group.components(separatedBy: "class=\"legend-label\"").count - 1 == legend.entries.count, "\(name)")
            for entry in legend.entries {
                #expect(group.contains("font-size=\"\(formatted(entry.fontSize))\" fill="), "\(name): \(entry.fontSize)")
                #expect(group.contains(">\(entry.label.text)</text>"), "\(name): \(entry.label.text)")
            }
            #expect(group.contains(">weight</text>"))
            #expect(!group.contains("tabindex") && !group.contains("class=\"word\""), "\(name): the key is not a word")
        }
        let html = try HTMLWriter().html(layout)
        #expect(html.components(separatedBy: "class=\"word\"").count - 1 == layout.placed.count)
    }

    @Test("JSON: the legend survives the round trip; the size stays the canvas's")
    func json() throws {
        let layout = try Self.layout()
        let data = try LayoutJSON.encode(layout, glyphs: true)
        #expect(try LayoutJSON.decode(data) == layout)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((root["size"] as? [String: Double]) == ["width": 480, "height": 320])
        let legend = try #require(root["legend"] as? [String: Any])
        #expect(Set(legend.keys) == ["height", "caption", "entries"])
    }
}
