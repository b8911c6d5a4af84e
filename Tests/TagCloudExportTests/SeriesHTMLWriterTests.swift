import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// The morphing page's structure and escaping, checked on the text; the page's behaviour (playing,
/// the slider, the keys, each frame's geometry) is exercised in Chromium by `SeriesPageBrowserTests`.
@Suite("series HTML writer")
struct SeriesHTMLWriterTests {
    static func word(
        _ i: Int, _ text: String, size: Double = 16, centre: Point, weight: Double = 1, link: String? = nil,
        id: String? = nil, color: Color = Color(rgb: 0x1F77B4)
    ) -> PlacedWord {
        let width = Double(text.count) * size * 0.6, height = size * 1.2
        return PlacedWord(
            index: i, text: text, id: id, link: link, weight: weight,
            frame: Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height),
            origin: Point(x: centre.x - width / 2, y: centre.y + size * 0.3),
            inkBounds: Rect(x: centre.x - width / 2, y: centre.y - size / 2, width: width, height: size),
            font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: size, color: color,
            glyphs: [PositionedGlyph(id: 3, x: 0, y: 0)], rightToLeft: false, fallbackFont: false)
    }

    static func frame(_ label: String, _ words: [PlacedWord]) -> CloudSeries.Frame {
        .init(
            label: label,
            layout: CloudLayout(
                kind: .cloud, size: Size(width: 400, height: 200), background: .white, placed: words, unplaced: [],
                seed: 1))
    }

    /// Three frames: "alpha" in all (growing, then moving), "beta" in the first two, "gamma" only in the last.
    static func series() -> CloudSeries {
        let a = Point(x: 100, y: 100), b = Point(x: 300, y: 60), g = Point(x: 250, y: 150)
        return CloudSeries(frames: [
            frame("1990", [word(0, "alpha", size: 20, centre: a, weight: 5), word(1, "beta", centre: b, weight: 2)]),
            frame("2000", [word(0, "beta", size: 24, centre: b, weight: 3), word(1, "alpha", size: 30, centre: a, weight: 8)]),
            frame(
                "2010",
                [
                    word(0, "alpha", size: 10, centre: Point(x: 120, y: 90), weight: 1),
                    word(1, "gamma", centre: g, weight: 4, color: Color(rgb: 0xD62728)),
                ]),
        ])
    }

    /// Every `<g class="tc-item" …>` start tag, in document order.
    func groups(_ html: String) -> [String] {
        html.components(separatedBy: "<g class=\"tc-item\"").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    func attribute(_ name: String, _ tag: String) -> String? {
        guard let r = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    @Test("one element per word of the series, heaviest first; a word not in the first frame starts hidden")
    func structure() throws {
        let html = try SeriesHTMLWriter().html(Self.series())
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.components(separatedBy: "<text ").count - 1 == 3)
        let g = groups(html)
        #expect(g.count == 3)
        #expect(
            html.components(separatedBy: "data-text=\"").dropFirst().map { $0.prefix { $0 != "\"" } } == [
                "alpha", "gamma", "beta",
            ])
        // alpha: in every frame, three sizes (20, 30, 10), its centre kept in the first two.
        #expect(attribute("data-scale", g[0]) == "1 1.5 0.5")
        #expect(attribute("data-weights", g[0]) == "5 8 1")
        #expect(attribute("data-indexes", g[0]) == "0 1 0")
        #expect(attribute("data-fills", g[0]) == "#1f77b4")
        #expect(attribute("visibility", g[0]) == nil && attribute("aria-hidden", g[0]) == nil)
        // gamma: only in the last frame; hidden, out of the tab order and the accessibility tree.
        #expect(attribute("data-scale", g[1]) == "- - 1")
        #expect(attribute("visibility", g[1]) == "hidden" && attribute("aria-hidden", g[1]) == "true")
        #expect(attribute("data-shift", g[1]) == nil)
        #expect(
            html.contains("id=\"tc-word-1\" class=\"word\" data-index=\"1\" data-text=\"gamma\" role=\"button\" tabindex=\"-1\""))
        // beta: frames 1 and 2, not 3.
        #expect(attribute("data-scale", g[2]) == "1 1.5 -")
        #expect(html.contains("<input type=\"range\" id=\"tc-slider\" class=\"tc-slider\" min=\"0\" max=\"2\""))
        #expect(
            html.contains(
                "<datalist id=\"tc-frames\"><option value=\"0\" label=\"1990\"></option><option value=\"1\" label=\"2000\"></option><option value=\"2\" label=\"2010\"></option></datalist>"
            ))
        #expect(html.contains("<output class=\"tc-label\" for=\"tc-slider\">1990</output>"))
    }

    @Test("each frame's transform puts the word's origin where that frame's layout has it, at its size")
    func geometry() throws {
        let series = Self.series()
        let items = Self.items(try SeriesHTMLWriter().html(series))
        for (k, frame) in series.frames.enumerated() {
            for w in frame.layout.placed {
                let item = try #require(items.first { $0.text == w.text })
                let centre = try #require(attribute("data-centre", item.group)?.split(separator: " ").compactMap { Double($0) })
                let scales = try #require(attribute("data-scale", item.group)).split(separator: " ")
                let s = try #require(Double(scales.count == 1 ? scales[0] : scales[k]))
                let shifts = attribute("data-shift", item.group)?.split(separator: " ") ?? ["0,0"]
                let d = (shifts.count == 1 ? shifts[0] : shifts[k]).split(separator: ",").compactMap { Double($0) }
                let x = centre[0] + d[0] + s * (item.origin.x - centre[0])
                let y = centre[1] + d[1] + s * (item.origin.y - centre[1])
                #expect(
                    abs(x - w.origin.x) < 0.006 && abs(y - w.origin.y) < 0.006,
                    "\(w.text) in frame \(k): (\(x), \(y)) vs \(w.origin)")
                #expect(abs(s * item.fontSize - w.fontSize) < 0.001)
            }
        }
    }

    /// Each word's group start tag, text, and the origin and size its `<text>` is written with.
    static func items(_ html: String) -> [(group: String, text: String, origin: Point, fontSize: Double)] {
        html.components(separatedBy: "<g class=\"tc-item\"").dropFirst().compactMap { chunk in
            let group = String(chunk.prefix { $0 != ">" })
            guard let t = chunk.range(of: "<text ") else { return nil }
            let tag = " " + String(chunk[t.upperBound...].prefix { $0 != ">" })
            func value(_ name: String) -> String? {
                guard let r = tag.range(of: " \(name)=\"") else { return nil }
                return String(tag[r.upperBound...].prefix { $0 != "\"" })
            }
            guard let text = value("data-text"), let x = value("x").flatMap(Double.init), let y = value("y").flatMap(Double.init),
                let size = value("font-size").flatMap(Double.init)
            else { return nil }
            return (group, text, Point(x: x, y: y), size)
        }
    }

    @Test("hostile labels, words, links and title are escaped; an unsafe link is left out")
    func escaping() throws {
        let evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)>\"'&"
        let series = CloudSeries(frames: [
            Self.frame(
                evil,
                [
                    Self.word(0, evil, centre: Point(x: 100, y: 50), weight: 2, link: "javascript:alert(3)", id: evil),
                    Self.word(
                        1, "safe", centre: Point(x: 100, y: 150), link: "https://example.org/?a=\"><script>alert(4)</script>"),
                ]),
            Self.frame("\u{1}second -\nframe", [Self.word(0, evil, centre: Point(x: 100, y: 50), weight: .nan, id: evil)]),
        ])
        let html = try SeriesHTMLWriter(page: HTMLWriter(title: evil)).html(series)
        #expect(html.components(separatedBy: "<script").count - 1 == 2, "only the page's two scripts")
        for needle in ["<img", "javascript:", "alert(1)</script>", "\"><script", "onerror=alert(2)>"] {
            #expect(!html.contains(needle), "found \(needle)")
        }
        let escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&apos;&amp;"
        #expect(html.contains("<title>\(escaped)</title>"))
        #expect(html.contains("<output class=\"tc-label\" for=\"tc-slider\">\(escaped)</output>"))
        #expect(html.contains("<option value=\"0\" label=\"\(escaped)\"></option><option value=\"1\" label=\"second -\nframe\">"))
        #expect(html.contains("data-text=\"\(escaped)\" role=\"button\""), "the unsafe link is dropped: the word is a button")
        #expect(html.contains("data-id=\"\(escaped)\""))
        #expect(html.contains("<a href=\"https://example.org/?a=&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;\""))
        #expect(html.contains("data-weights=\"2 0\""), "a weight that is not a number is written as 0")
    }

    @Test("the same series gives the same bytes; the policy allows exactly the page's two scripts")
    func deterministicAndPolicy() throws {
        let writer = SeriesHTMLWriter(page: HTMLWriter(theme: .auto))
        let a = try writer.data(Self.series()), b = try writer.data(Self.series())
        #expect(a == b)
        let html = String(decoding: a, as: UTF8.self)
        let scripts = html.components(separatedBy: "<script>").dropFirst().compactMap { chunk in
            chunk.range(of: "</script>").map { String(chunk[..<$0.lowerBound]) }
        }
        #expect(scripts.count == 2)
        let policy = try #require(
            html.components(separatedBy: "http-equiv=\"Content-Security-Policy\" content=\"").dropFirst().first?.prefix {
                $0 != "\""
            })
        #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        for script in scripts { #expect(policy.contains(SHA256.cspSource(script)), "no hash for a script") }
        for needle in ["<script src", "<link ", "@import", "url(", "src=\""] {
            #expect(!html.contains(needle), "found \(needle)")
        }
        // Theme auto: each frame's dark colour beside the light one.
        #expect(html.contains("data-dark-fills=\""))
        #expect(html.contains("@media (prefers-color-scheme: dark){.tc-live .word{fill:var(--tc-dark)}}"))
    }

    @Test("the dark theme draws every frame's colours lightened to 4.5:1 on the dark page")
    func darkTheme() throws {
        var series = Self.series()
        series.frames[1].layout.placed[1].color = Color(rgb: 0x101010)
        let writer = SeriesHTMLWriter(page: HTMLWriter(theme: .dark))
        let html = try writer.html(series)
        #expect(!html.contains("data-dark-fills=\""))
        for item in Self.items(html) {
            for fill in attribute("data-fills", item.group)?.split(separator: " ") ?? [] where fill != "-" {
                let c = try #require(Color.parse(String(fill)))
                #expect(c.contrastRatio(with: writer.page.darkBackground) >= 4.5, "\(item.text): \(fill)")
            }
        }
    }

    @Test("no frames, or durations out of range, are errors naming the value")
    func validation() {
        #expect(throws: TagCloudError.self) { try SeriesHTMLWriter().html(CloudSeries(frames: [])) }
        for (frame, morph) in [(0.05, 0.0), (.nan, 0.5), (.infinity, 1), (2, 3), (2, -1), (2, .nan)] {
            #expect(throws: TagCloudError.self, "\(frame), \(morph)") {
                try SeriesHTMLWriter(frameDuration: frame, transitionDuration: morph).html(Self.series())
            }
        }
        #expect(throws: Never.self) { try SeriesHTMLWriter(frameDuration: 0.1, transitionDuration: 0).html(Self.series()) }
    }

    @Test("a word's pill is listed per frame in the group's coordinates, which the frame's transform maps back")
    func pills() throws {
        var series = Self.series()
        for f in series.frames.indices {
            for i in series.frames[f].layout.placed.indices {
                series.frames[f].layout.placed[i].decoration = TagDecoration(fill: .white, border: .black, borderWidth: 2)
            }
        }
        let html = try SeriesHTMLWriter().html(series)
        let alpha = try #require(Self.items(html).first { $0.text == "alpha" })
        let boxes = try #require(attribute("data-boxes", alpha.group)).split(separator: " ")
        #expect(boxes.count == 3)
        let centre = try #require(attribute("data-centre", alpha.group)?.split(separator: " ").compactMap { Double($0) })
        let scales = try #require(attribute("data-scale", alpha.group)).split(separator: " ").compactMap { Double($0) }
        let shifts = try #require(attribute("data-shift", alpha.group)).split(separator: " ")
        for k in 0..<3 {
            let b = boxes[k].split(separator: ",").compactMap { Double($0) }
            let d = shifts[k].split(separator: ",").compactMap { Double($0) }
            let w = try #require(series.frames[k].layout.placed.first { $0.text == "alpha" })
            let x = centre[0] + d[0] + scales[k] * (b[0] - centre[0])
            #expect(abs(x - (w.frame.x + 1)) < 0.01, "frame \(k): pill at \(x), frame \(w.frame.x)")
            #expect(abs(b[2] * scales[k] - (w.frame.width - 2)) < 0.01 && abs(b[5] * scales[k] - 2) < 0.01)
        }
    }

    @Test("outline mode: one <path> per word, inside its group, drawn at its first frame's size")
    func outlines() throws {
        let page = HTMLWriter(mode: .outlines(SVGWriterTests.FixedOutlines()))
        let html = try SeriesHTMLWriter(page: page).html(Self.series())
        #expect(!html.contains("<text "))
        let paths = html.components(separatedBy: "<g class=\"tc-item\"").dropFirst().map {
            $0.components(separatedBy: "<path ").count - 1
        }
        #expect(paths == [1, 1, 1])
        #expect(html.contains("<title>gamma</title></path></g>"))
    }

    @Test("SHA-256 of the standard test vectors")
    func sha256() {
        func hex(_ s: String) -> String { SHA256.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// 20 frames of 300 words on 1200×800, as a series layout makes them: each word keeps its centre,
    /// its size follows a drifting weight (a count), about one word in ten is missing from each frame.
    static func bigSeries() -> CloudSeries {
        var random = SeededRandom(seed: 26)
        let centres = (0..<300).map { _ in
            Point(x: Double.random(in: 60...1140, using: &random), y: Double.random(in: 30...770, using: &random))
        }
        let texts = (0..<300).map { i in "word\(i)" + String(repeating: "x", count: i % 7) }
        let frames = (0..<20).map { f in
            let words = (0..<300).compactMap { i -> PlacedWord? in
                guard Int.random(in: 0..<10, using: &random) != 0 else { return nil }
                let weight = (Double(300 - i) * Double.random(in: 0.5...1.5, using: &random)).rounded()
                return word(i, texts[i], size: 10 + weight / 6, centre: centres[i], weight: weight)
            }
            return CloudSeries.Frame(
                label: "\(2000 + f)",
                layout: CloudLayout(
                    kind: .cloud, size: Size(width: 1200, height: 800), background: .white, placed: words, unplaced: [], seed: 1))
        }
        return CloudSeries(frames: frames)
    }

    @Test("20 frames of 300 words: one element per word, and a page far smaller than a page per frame")
    func size() throws {
        let series = Self.bigSeries()
        let page = try SeriesHTMLWriter().data(series)
        let perFrame = try series.frames.reduce(0) { $0 + (try HTMLWriter().data($1.layout)).count }
        let html = String(decoding: page, as: UTF8.self)
        #expect(html.components(separatedBy: "<text ").count - 1 == 300)
        // Measured: docs/series.md gives the figures (about 190 KB against 1.5 MB).
        print("series page: \(page.count) bytes; one HTMLWriter page per frame: \(perFrame) bytes")
        if let dump = ProcessInfo.processInfo.environment["SERIES_PAGE_DUMP"] {
            try Data(page).write(to: URL(fileURLWithPath: dump))
        }
        #expect(page.count < 200_000 && page.count * 6 < perFrame, "\(page.count) bytes; \(perFrame) for the frames' pages")
    }
}
