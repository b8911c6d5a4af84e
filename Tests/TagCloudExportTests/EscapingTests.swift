import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// User strings reach the SVG and the HTML page only as characters those formats can hold, and
/// never as markup or script.
@Suite("escaping in the exported files")
struct EscapingTests {
    /// Text holding every character XML 1.0 cannot carry that a Swift string can (C0 controls but
    /// tab, newline and return; U+FFFE, U+FFFF), and the characters that are fine but awkward.
    static let awkward =
        "a\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}[31m\u{1F}\u{7F}\u{85}b\u{FFFE}c\u{FFFF}d\u{E000}\u{2028}\u{10FFFD}e\t\n\r"

    /// A layout whose every user string is `awkward`: text, full text, id, link, font family and
    /// font runs in a fallback font.
    static func awkwardLayout() -> CloudLayout {
        let font = ResolvedFont(family: "Fam\(awkward)", file: "/f.ttf")
        var word = PlacedWord(
            index: 0, text: awkward, fullText: awkward + "…", id: awkward, link: "https://e.org/\(awkward)",
            weight: 3, frame: Rect(x: 10, y: 10, width: 50, height: 20), origin: Point(x: 10, y: 25),
            inkBounds: Rect(x: 10, y: 12, width: 40, height: 15), font: font, fontSize: 16,
            color: Color(rgb: 0x1F77B4), glyphs: [PositionedGlyph(id: 3, x: 0, y: 0)],
            rightToLeft: false, fallbackFont: true,
            fallbackFonts: [ResolvedFont(family: "Other\(awkward)", file: "/g.ttf")],
            fontRuns: [FontRun(font: 0, text: awkward), FontRun(font: 1, text: awkward)])
        word.decoration = TagDecoration(fill: .white)
        return CloudLayout(
            kind: .flow, size: Size(width: 100, height: 40), background: .white,
            placed: [word], unplaced: [], seed: 1)
    }

    final class FixedOutlines: GlyphOutlineProvider {
        func pathData(for glyphs: [PositionedGlyph], font: ResolvedFont, size: Double, origin: Point) throws -> String {
            "M 0 0 L 1 1 Z"
        }
    }

    @Test("SVG of tags holding U+FFFE, U+FFFF and control characters is well-formed XML", arguments: [false, true])
    func awkwardCharactersMakeValidXML(outlines: Bool) throws {
        let svg = try SVGWriter(mode: outlines ? .outlines(FixedOutlines()) : .text).svg(Self.awkwardLayout())
        let document = try XMLDocument(xmlString: svg)
        #expect(document.rootElement()?.localName == "svg")
        for scalar in svg.unicodeScalars {
            let v = scalar.value
            let allowed =
                v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
                || (0x10000...0x10FFFF).contains(v)
            #expect(allowed, "U+\(String(v, radix: 16, uppercase: true)) is not an XML character")
        }
        // What XML can carry is kept.
        #expect(svg.contains("d\u{E000}\u{2028}\u{10FFFD}e"))
    }

    @Test("a tag cannot end the HTML page's script or element: the page's only script is its own")
    func htmlScriptUntouched() throws {
        var layout = Self.awkwardLayout()
        let hostile = "</script><script>alert(1)</script>\u{2028}<!--<img src=x onerror=alert(1)>"
        layout.placed[0].text = hostile
        layout.placed[0].id = hostile
        layout.placed[0].fullText = hostile
        let html = try HTMLWriter(title: hostile).html(layout)
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.components(separatedBy: "</script").count == 2)
        #expect(!html.contains("<img") && !html.contains("<!--"))
        let script = try #require(html.range(of: "<script>\n")).upperBound
        let end = try #require(html.range(of: "</script>")).lowerBound
        #expect(String(html[script..<end]) == HTMLWriter.script)
        for scalar in html.unicodeScalars {
            #expect(scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r")
            #expect(scalar.value != 0xFFFE && scalar.value != 0xFFFF)
        }
    }

    @Test("a legend read from a layout file (its caption, numbers and font names) is escaped like a word")
    func legendEscaped() throws {
        var layout = Self.awkwardLayout()
        let hostile = "</script><script>alert(1)</script><g onload=\"x\">&amp;"
        var word = layout.placed[0]
        word.text = hostile
        word.fontRuns = []
        word.fallbackFonts = []
        word.decoration = nil
        word.link = nil
        word.frame = Rect(x: 10, y: 45, width: 50, height: 20)
        layout.legend = SizeLegend(
            height: 30, caption: word, entries: [SizeLegend.Entry(weight: 3, fontSize: 16, sample: word, label: word)])
        let svg = try SVGWriter().svg(layout)
        #expect(try XMLDocument(xmlString: svg).rootElement()?.localName == "svg")
        #expect(svg.contains("viewBox=\"0 0 100 70\""))
        #expect(!svg.contains("<script") && !svg.contains("<g onload"))
        #expect(svg.components(separatedBy: "&lt;/script&gt;&lt;script&gt;").count == 4)
        let html = try HTMLWriter().html(layout)
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<g onload"))
    }
}
