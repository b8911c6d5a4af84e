import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// Links that could run script or reach the reader's machine, in every disguise a browser sees
/// through; no writer may write any of them.
let unsafeLinks = [
    "javascript:alert(document.domain)", " JavaScript:alert(1)", "JAVASCRIPT:alert(1)", "\tjavascript:alert(1) ",
    "java\tscript:alert(1)", "java\nscript:alert(1)", "java\rscript:alert(1)", "\u{0001}javascript:alert(1)",
    "\u{0000} javascript:alert(1)", "java\u{0001}script:alert(1)", "java\u{FFFE}script:alert(1)", "java\u{FFFF}script:alert(1)",
    "vbscript:msgbox(1)", "VBScript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd", "unknown-scheme:x", "", "   ",
]

/// Allowed links and what the writers write for them (stripped as the browser strips them).
let safeLinks: [(link: String, written: String)] = [
    ("https://swift.org/?a=1&b=2", "https://swift.org/?a=1&b=2"), ("http://example.org/", "http://example.org/"),
    ("  HTTPS://example.org/x\n", "HTTPS://example.org/x"), ("mailto:someone@example.org", "mailto:someone@example.org"),
    ("/relative/path", "/relative/path"), ("page.html", "page.html"), ("#fragment", "#fragment"), ("?query=1", "?query=1"),
    ("./javascript:not-a-scheme", "./javascript:not-a-scheme"), ("ht\ttps://example.org/", "https://example.org/"),
]

/// One linked word, text mode, with the linked attributes of every kind.
private func linkedLayout(_ link: String, text: String = "word") -> CloudLayout {
    let word = PlacedWord(
        index: 0, text: text, id: "id", link: link, weight: 3,
        frame: Rect(x: 10, y: 10, width: 50, height: 20), origin: Point(x: 10, y: 25),
        inkBounds: Rect(x: 10, y: 12, width: 40, height: 15),
        font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 16,
        color: Color(rgb: 0x1F77B4), glyphs: [PositionedGlyph(id: 3, x: 0, y: 0)],
        rightToLeft: false, fallbackFont: false)
    return CloudLayout(
        kind: .flow, size: Size(width: 100, height: 40), background: .white,
        placed: [word], unplaced: [], seed: 1)
}

@Suite("links in the exported files")
struct LinkSafetyTests {
    @Test("SVG, HTML and JSON write a word with an unsafe link without its link", arguments: unsafeLinks)
    func unsafeLinkDropped(link: String) throws {
        let layout = linkedLayout(link)
        let svg = try SVGWriter().svg(layout)
        #expect(!svg.contains("<a ") && !svg.contains("href"), "SVG kept \(link.debugDescription)")
        #expect(svg.contains(">word</text>"), "the word itself is still written")
        let html = try HTMLWriter().html(layout)
        #expect(!html.contains("<a ") && !html.contains("href="), "HTML kept \(link.debugDescription)")
        #expect(html.contains("role=\"button\"") && !html.contains("role=\"link\""))
        let json = String(decoding: try LayoutJSON.encode(layout), as: UTF8.self)
        #expect(!json.contains("\"link\""), "JSON kept \(link.debugDescription)")
        #expect(json.contains("\"text\":\"word\""))
    }

    @Test("SVG, HTML and JSON keep a safe link, as the browser reads it", arguments: safeLinks)
    func safeLinkKept(link: String, written: String) throws {
        let layout = linkedLayout(link)
        let escaped = written.xmlEscaped
        #expect(try SVGWriter().svg(layout).contains("<a href=\"\(escaped)\" xlink:href=\"\(escaped)\"><text "))
        #expect(try HTMLWriter().html(layout).contains("<a href=\"\(escaped)\" xlink:href=\"\(escaped)\" tabindex=\"-1\"><text "))
        let decoded = try LayoutJSON.decode(LayoutJSON.encode(layout))
        #expect(decoded.placed.first?.link == written)
    }

    @Test("the JSON layout leaves refused links out and keeps safe ones")
    func jsonLeavesRefusedLinksOut() throws {
        for link in unsafeLinks {
            let json = try LayoutJSON.encode(linkedLayout(link))
            #expect(!String(decoding: json, as: UTF8.self).contains("\"link\""), "\(link.debugDescription)")
            #expect(try LayoutJSON.decode(json).placed.first?.link == nil)
        }
        for link in safeLinks.map(\.link) {
            #expect(
                try LayoutJSON.decode(LayoutJSON.encode(linkedLayout(link))).placed.first?.link != nil, "\(link.debugDescription)"
            )
        }
    }
}
