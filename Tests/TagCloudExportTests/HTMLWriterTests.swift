import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// The HTML page's structure, checked on the text: the behaviour itself is exercised in a real
/// browser by `BrowserTests` (TagCloudGraphicsTests).
@Suite("HTML writer")
struct HTMLWriterTests {
    func word(_ i: Int, _ text: String, weight: Double, x: Double, link: String? = nil, id: String? = nil) -> PlacedWord {
        PlacedWord(
            index: i, text: text, id: id, link: link, weight: weight,
            frame: Rect(x: x, y: 10, width: 50, height: 20), origin: Point(x: x, y: 25),
            inkBounds: Rect(x: x, y: 12, width: 40, height: 15),
            font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 16,
            color: Color(rgb: 0x1F77B4), glyphs: [PositionedGlyph(id: 3, x: 0, y: 0)],
            rightToLeft: false, fallbackFont: false)
    }

    func layout(kind: CloudLayout.Kind) -> CloudLayout {
        CloudLayout(
            kind: kind, size: Size(width: 300, height: 60), background: .white,
            placed: [
                word(0, "light", weight: 1, x: 10, id: "a"),
                word(1, "heavy & <b>", weight: 9, x: 70, link: "https://swift.org/?a=1&b=2", id: "b"),
                word(2, "middle", weight: 5, x: 150),
            ],
            unplaced: [], seed: 1)
    }

    /// Every `<text …>` start tag, in document order.
    func textTags(_ html: String) -> [String] {
        html.components(separatedBy: "<text ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    func attribute(_ name: String, _ tag: String) -> String? {
        guard let r = tag.range(of: " \(name)=\"") ?? (tag.hasPrefix("\(name)=\"") ? tag.range(of: "\(name)=\"") : nil)
        else { return nil }
        return String(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    @Test("one accessible, focusable <text> per placed word, with role, aria-label and weight")
    func structure() throws {
        let html = try HTMLWriter().html(layout(kind: .cloud))
        let tags = textTags(html)
        #expect(tags.count == 3)
        for tag in tags {
            #expect(attribute("tabindex", tag) == "0")
            #expect(attribute("class", tag) == "word")
            #expect(attribute("aria-label", tag)?.contains("weight") == true)
        }
        #expect(html.contains("aria-label=\"heavy &amp; &lt;b&gt;, weight 9\""))
        #expect(html.contains("role=\"link\""))
        #expect(tags.filter { attribute("role", $0) == "button" }.count == 2)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<?xml"), "no XML declaration inside HTML")
        #expect(html.contains("viewBox=\"0 0 300 60\""))
    }

    @Test("tab order: heaviest first in a word cloud, input order in a flow cloud")
    func order() throws {
        let cloud = textTags(try HTMLWriter().html(layout(kind: .cloud))).compactMap { attribute("data-index", $0) }
        #expect(cloud == ["1", "2", "0"])
        let flow = textTags(try HTMLWriter().html(layout(kind: .flow))).compactMap { attribute("data-index", $0) }
        #expect(flow == ["0", "1", "2"])
    }

    @Test("links are real <a href> (work without JavaScript) and leave the tab order to their word")
    func links() throws {
        let html = try HTMLWriter().html(layout(kind: .flow))
        #expect(
            html.contains(
                "<a href=\"https://swift.org/?a=1&amp;b=2\" xlink:href=\"https://swift.org/?a=1&amp;b=2\" tabindex=\"-1\"><text ")
        )
        #expect(html.components(separatedBy: "<a ").count == 2)
    }

    @Test("self-contained: no external URL but the words' own links; script and event present")
    func selfContained() throws {
        let html = try HTMLWriter(theme: .auto).html(layout(kind: .cloud))
        for needle in ["<script src", "<link ", "@import", "url(", "src=\""] {
            #expect(!html.contains(needle), "found \(needle)")
        }
        // The only http(s) addresses are the SVG namespaces (identifiers, never fetched) and the link.
        // (The script names the schemes it allows, "http" among them, but holds no address.)
        let urls = html.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix { !"\" )".contains($0) } }
            .filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        for url in urls {
            #expect(
                ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "https://swift.org/?a=1&amp;b=2"].contains(url),
                "unexpected URL \(url)")
        }
        #expect(html.contains("<script>"))
        #expect(html.contains("new CustomEvent(\"tagcloud:select\", { bubbles: true, cancelable: true"))
        #expect(html.contains("prefers-reduced-motion"))
        #expect(html.contains("prefers-color-scheme: dark"))
        #expect(html.contains("--tc-dark:"))
    }

    @Test("the dark theme lightens words to 4.5:1 on the dark page")
    func dark() throws {
        var l = layout(kind: .cloud)
        l.placed[0].color = Color(rgb: 0x1A1A1A)
        let writer = HTMLWriter(theme: .dark)
        let html = try writer.html(l)
        #expect(html.contains("fill=\"\(writer.darkBackground.hexRGB)\""))
        for tag in textTags(html) {
            let fill = try #require(attribute("fill", tag).flatMap(Color.parse))
            #expect(fill.contrastRatio(with: writer.darkBackground) >= 4.5)
        }
    }

    @Test("the SVG hook leaves standalone SVG unchanged")
    func svgUnchanged() throws {
        let svg = try SVGWriter().svg(layout(kind: .flow))
        #expect(
            svg.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"300\" height=\"60\" viewBox=\"0 0 300 60\" xml:space=\"preserve\">\n"
            ))
        #expect(!svg.contains("tabindex") && !svg.contains("role="))
        #expect(svg.contains("<a href=\"https://swift.org/?a=1&amp;b=2\" xlink:href=\"https://swift.org/?a=1&amp;b=2\"><text "))
    }
}

@Suite("contrast guard")
struct ContrastGuardTests {
    @Test(
        "every built-in palette colour reaches 3:1 on white, changing only those below",
        arguments: Palette.builtIn)
    func palettes(palette: Palette) {
        let guardian = ContrastGuard()
        for c in palette.colors {
            let g = guardian.adjusted(c, against: .white)
            #expect(g.contrastRatio(with: .white) >= 3, "\(palette.name) \(c.hex) → \(g.hex)")
            if c.contrastRatio(with: .white) >= 3 { #expect(g == c) }
        }
    }

    @Test("minimal and deterministic: a pale yellow only darkens as far as needed; idempotent")
    func minimal() {
        let guardian = ContrastGuard()
        let g = guardian.adjusted(Color(rgb: 0xEDC948), against: .white)
        #expect(g.contrastRatio(with: .white) >= 3 && g.contrastRatio(with: .white) < 3.15)
        #expect(guardian.adjusted(g, against: .white) == g)
        #expect(guardian.adjusted(Color(rgb: 0xEDC948), against: .white) == g)
        // On black, a dark colour lightens instead.
        let l = guardian.adjusted(Color(rgb: 0x202060), against: .black)
        #expect(l.contrastRatio(with: .black) >= 3)
        #expect(l.relativeLuminance > Color(rgb: 0x202060).relativeLuminance)
        // Translucent colours are judged as seen.
        let t = guardian.adjusted(Color(red: 0, green: 0, blue: 0, alpha: 40), against: .white)
        #expect(t.alpha == 255 && t.contrastRatio(with: .white) >= 3)
    }

    @Test("the layout guard uses the pill fill behind a word and leaves transparent canvases alone")
    func layoutGuard() {
        func w(_ c: Color, fill: Color?) -> PlacedWord {
            PlacedWord(
                index: 0, text: "x", id: nil, link: nil, weight: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                origin: Point(x: 0, y: 8), inkBounds: Rect(x: 0, y: 0, width: 8, height: 8),
                font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 10, color: c,
                glyphs: [], rightToLeft: false, fallbackFont: false,
                decoration: fill.map { TagDecoration(fill: $0) })
        }
        let l = CloudLayout(
            kind: .flow, size: Size(width: 10, height: 10), background: .white,
            placed: [w(.white, fill: .black), w(Color(rgb: 0xFFFF00), fill: nil)], unplaced: [], seed: 0)
        let g = l.contrastGuarded()
        #expect(g.placed[0].color == .white, "white on a black pill is fine")
        #expect(g.placed[1].color.contrastRatio(with: .white) >= 3)
        var t = l
        t.background = nil
        #expect(t.contrastGuarded() == t)
        // Colours repeat across a layout, each pair judged once: the same colour over another
        // background still gets its own answer.
        let yellow = Color(rgb: 0xFFFF00), navy = Color(rgb: 0x101040)
        let pairs: [(Color, Color?)] = [
            (yellow, nil), (yellow, .black), (yellow, nil), (navy, nil), (navy, .black),
            (yellow, .black), (navy, yellow), (navy, nil),
        ]
        let many = CloudLayout(
            kind: .flow, size: Size(width: 10, height: 10), background: .white,
            placed: pairs.map { w($0.0, fill: $0.1) }, unplaced: [], seed: 0
        ).contrastGuarded()
        for (i, (c, fill)) in pairs.enumerated() {
            #expect(many.placed[i].color == ContrastGuard().adjusted(c, against: fill ?? .white), "word \(i)")
        }
        #expect(many.placed[0].color != many.placed[1].color && many.placed[3].color != many.placed[4].color)
    }

    @Test("colour by weight, rank and group exist and follow the palette")
    func colorModes() throws {
        let p = Palette(name: "p", colors: [Color(rgb: 0x000000), Color(rgb: 0x0000FF), Color(rgb: 0xFF0000)])
        let terms = [Term("a", weight: 1, group: "x"), Term("b", weight: 3, group: "y"), Term("c", weight: 2, group: "x")]
        var rng = SeededRandom(seed: 1)
        let byRank = try CloudStyle(palette: p, colorMode: .rank).style(terms, using: &rng).map(\.color)
        #expect(byRank == [p.colors[2], p.colors[0], p.colors[1]])
        let byGroup = try CloudStyle(palette: p, colorMode: .group).style(terms, using: &rng).map(\.color)
        #expect(byGroup == [p.colors[0], p.colors[1], p.colors[0]])
        let byWeight = try CloudStyle(palette: p, colorMode: .weight).style(terms, using: &rng).map(\.color)
        #expect(byWeight == [p.colors[2], p.colors[0], p.colors[1]])
    }
}
