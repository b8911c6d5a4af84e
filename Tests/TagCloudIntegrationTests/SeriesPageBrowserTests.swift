import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

/// The morphing series page in a real headless Chromium: it plays, the slider and the keys change
/// frames, every frame puts the words exactly where `HTMLWriter` draws that frame alone, and under
/// reduced motion nothing moves.
@Suite("series page in headless Chromium", .serialized)
struct SeriesPageBrowserTests {
    static let width = 600, height = 400

    /// A series made from one real word cloud (real fonts, some words turned): frame 1 is the cloud
    /// without its last three words; frame 2 drops every fifth word and shrinks others about their
    /// centres, some recoloured; frame 3 brings the last three back, shrinks others again and moves some.
    static func series() throws -> CloudSeries {
        var o = WordCloudOptions()
        o.width = width
        o.height = height
        o.maximumWords = 30
        o.seed = 5
        o.rotation = .angles([0, -90])
        o.style.palette = BrowserTests.palette
        o.style.colorMode = .cycle
        let words = [
            "swift", "chromium", "cairo", "harfbuzz", "pixel", "glyph", "layout", "render", "font", "svg",
            "kerning", "linux", "cloud", "word", "html", "pdf", "focus", "click", "enter", "tab",
            "morph", "frame", "slider", "series", "motion",
        ]
        let terms = words.enumerated().map { i, w in
            Term(w, weight: Double(50 - i), id: "id-\(w)", link: i == 1 ? "https://www.chromium.org/" : nil)
        }
        let cloud = try WordCloudLayout(o).layout(terms, typesetter: FreeTypeTypesetter()).contrastGuarded()
        let placed = cloud.placed
        #expect(placed.count >= 20)
        func frame(_ label: String, _ words: [PlacedWord]) -> CloudSeries.Frame {
            var l = cloud
            l.placed = words.enumerated().map { i, w in
                var w = w
                w.index = i
                return w
            }
            return .init(label: label, layout: l)
        }
        let n = placed.count
        let second = placed.enumerated().filter { $0.offset % 5 != 3 }.map { i, w in
            var s = scaled(w, by: [1, 0.7, 0.85, 0.6][i % 4])
            s.weight = w.weight * [1, 0.7, 0.85, 0.6][i % 4]
            if i % 3 == 0 { s.color = Color(rgb: 0x333333) }
            return s
        }
        // Some words also move a little, as a series layout moves a word that must make room.
        let third = placed.enumerated().map { i, w in
            i % 5 == 1 ? moved(scaled(w, by: 0.8), dx: 7, dy: -5) : i % 2 == 0 ? scaled(w, by: 0.75) : w
        }
        return CloudSeries(frames: [frame("first", Array(placed.prefix(n - 3))), frame("second", second), frame("third", third)])
    }

    /// `w` grown or shrunk by `s` about the centre of its box.
    static func scaled(_ w: PlacedWord, by s: Double) -> PlacedWord {
        var out = w
        let c = w.frame.center
        func p(_ q: Point) -> Point { Point(x: c.x + s * (q.x - c.x), y: c.y + s * (q.y - c.y)) }
        func r(_ q: Rect) -> Rect {
            let o = p(Point(x: q.x, y: q.y))
            return Rect(x: o.x, y: o.y, width: q.width * s, height: q.height * s)
        }
        out.origin = p(w.origin)
        out.baseline = out.origin.y
        out.fontSize = w.fontSize * s
        out.frame = r(w.frame)
        out.inkBounds = r(w.inkBounds)
        out.glyphs = w.glyphs.map { g in
            var g = g
            g.x *= s
            g.y *= s
            return g
        }
        return out
    }

    /// `w` moved by (`dx`, `dy`).
    static func moved(_ w: PlacedWord, dx: Double, dy: Double) -> PlacedWord {
        var out = w
        out.origin = Point(x: w.origin.x + dx, y: w.origin.y + dy)
        out.baseline = out.origin.y
        out.frame = Rect(x: w.frame.x + dx, y: w.frame.y + dy, width: w.frame.width, height: w.frame.height)
        out.inkBounds = Rect(x: w.inkBounds.x + dx, y: w.inkBounds.y + dy, width: w.inkBounds.width, height: w.inkBounds.height)
        return out
    }

    func writePage(_ series: CloudSeries, _ dir: URL, autoplay: Bool = true) throws -> URL {
        let url = dir.appendingPathComponent("series.html")
        // A page stepped by hand morphs for 1.5 s, so that a busy machine still finds the morph
        // running when it asks right after the key press (0.3 s was sometimes over by then).
        let writer =
            autoplay
            ? SeriesHTMLWriter(frameDuration: 0.8, transitionDuration: 0.3, autoplay: true)
            : SeriesHTMLWriter(frameDuration: 2, transitionDuration: 1.5, autoplay: false)
        try Data(writer.data(series)).write(to: url)
        return url
    }

    /// Every shown word's box on screen, in canvas units, by its text: [left, top, right, bottom].
    static let boxesScript = """
        (function () { var svg = document.querySelector('.tagcloud-svg'), r = svg.getBoundingClientRect();
          var k = svg.viewBox.baseVal.width / r.width, out = {};
          document.querySelectorAll('.word').forEach(function (w) {
            if (getComputedStyle(w).visibility !== 'visible') return;
            var box = function (b) { return [(b.left - r.left) * k, (b.top - r.top) * k, (b.right - r.left) * k, (b.bottom - r.top) * k]; };
            out[w.getAttribute('data-text')] = box(w.getBoundingClientRect());
            var pill = w.previousElementSibling;
            if (pill && pill.matches('rect.tag')) out['pill ' + w.getAttribute('data-text')] = box(pill.getBoundingClientRect());
          });
          return JSON.stringify(out); })()
        """

    func boxes(_ browser: Chromium) throws -> [String: [Double]] {
        let json = try #require(browser.evaluate(Self.boxesScript) as? String)
        return try JSONDecoder().decode([String: [Double]].self, from: Data(json.utf8))
    }

    func settle(_ browser: Chromium) throws {
        try browser.waitUntil("document.getAnimations().length === 0", "the morph to end", timeout: 10)
    }

    @Test("plays by itself, loads nothing, logs no error; K pauses")
    func plays() throws {
        let series = try Self.series()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(series, dir)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Self.width, height: Self.height + 100)
        let words = Set(series.frames.flatMap { $0.layout.placed.map(\.text) })
        #expect(try browser.evaluate("document.querySelectorAll('svg text.word').length") as? Int == words.count)
        #expect(try browser.evaluate("document.querySelector('.tagcloud').dataset.playing") as? String == "true")
        try browser.waitUntil("document.querySelector('.tagcloud').dataset.frame === '1'", "the second frame", timeout: 5)
        #expect(try browser.evaluate("document.querySelector('.tc-label').textContent") as? String == "second")
        #expect(try browser.evaluate("document.querySelector('.tc-slider').value") as? String == "1")
        try browser.waitUntil("document.querySelector('.tagcloud').dataset.frame === '2'", "the third frame", timeout: 5)
        try browser.waitUntil("document.querySelector('.tagcloud').dataset.frame === '0'", "the loop to the start", timeout: 5)
        try browser.key("k", code: 75, text: "k")
        #expect(try browser.evaluate("document.querySelector('.tagcloud').dataset.playing") as? String == "false")
        let frame = try browser.evaluate("document.querySelector('.tagcloud').dataset.frame") as? String
        usleep(1_200_000)
        #expect(try browser.evaluate("document.querySelector('.tagcloud').dataset.frame") as? String == frame, "paused")
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
        let foreign = browser.requests.filter { $0 != page.absoluteString }
        #expect(foreign.isEmpty, "the page fetched \(foreign)")
    }

    @Test(
        "at every frame, reached by the slider, each word's box (and pill) is where HTMLWriter draws that frame alone",
        arguments: [false, true])
    func geometry(pills: Bool) throws {
        var series = try Self.series()
        if pills {
            // A pill's padding does not scale with its word: the page draws each frame's pill itself.
            let pill = TagDecoration(fill: Color(rgb: 0xEEF1F5), border: Color(rgb: 0x888888), borderWidth: 2, cornerRadius: 8)
            for f in series.frames.indices {
                for i in series.frames[f].layout.placed.indices {
                    var w = series.frames[f].layout.placed[i]
                    let c = w.frame.center
                    w.frame = Rect(
                        x: c.x - w.inkBounds.width / 2 - 4, y: c.y - w.inkBounds.height / 2 - 3,
                        width: w.inkBounds.width + 8, height: w.inkBounds.height + 6)
                    w.decoration = pill
                    series.frames[f].layout.placed[i] = w
                }
            }
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        // Each frame drawn alone by HTMLWriter, in the same browser.
        var alone: [[String: [Double]]] = []
        for (k, frame) in series.frames.enumerated() {
            let url = dir.appendingPathComponent("frame\(k).html")
            try Data(HTMLWriter().data(frame.layout)).write(to: url)
            try browser.open(url, width: Self.width, height: Self.height)
            alone.append(try boxes(browser))
            #expect(alone[k].count == frame.layout.placed.count * (pills ? 2 : 1))
        }
        let page = try writePage(series, dir, autoplay: false)
        try browser.open(page, width: Self.width, height: Self.height + 100)
        try browser.evaluate("document.querySelector('.tc-slider').focus(); 0")
        for k in series.frames.indices {
            if k > 0 {
                // The slider, moved by the keyboard as a reader would, changes the frame, one step at a time.
                try browser.key("ArrowRight", code: 39)
                #expect(try browser.evaluate("document.querySelector('.tagcloud').dataset.frame") as? String == "\(k)")
                #expect(try browser.evaluate("document.getAnimations().length") as? Int ?? 0 > 0, "frame \(k) does not morph")
            }
            try settle(browser)
            let shown = try boxes(browser)
            #expect(Set(shown.keys) == Set(alone[k].keys), "frame \(k): words shown")
            for (text, a) in alone[k] {
                guard let b = shown[text] else { continue }
                let gap = zip(a, b).map { abs($0 - $1) }.max() ?? 0
                #expect(gap <= 1, "frame \(k), \(text): alone \(a), in the series \(b)")
            }
            // And against the layout itself: a level word's box starts at its origin and holds its baseline.
            for w in series.frames[k].layout.placed where w.rotation == 0 {
                let b = try #require(shown[w.text])
                #expect(
                    abs(b[0] - w.origin.x) <= 1 && b[1] < w.origin.y && b[3] > w.origin.y,
                    "frame \(k), \(w.text): \(b) vs \(w.origin)")
            }
            // The words the frame does not have are out of the accessibility tree and the tab order.
            let hidden =
                try browser.evaluate(
                    """
                    [...document.querySelectorAll('.tc-item')].filter(g => g.getAttribute('aria-hidden') === 'true')
                      .map(g => g.querySelector('.word')).filter(w => w.tabIndex === -1 && getComputedStyle(w).visibility === 'hidden')
                      .map(w => w.getAttribute('data-text'))
                    """) as? [String] ?? []
            let all = Set(series.frames.flatMap { $0.layout.placed.map(\.text) })
            #expect(Set(hidden) == all.subtracting(series.frames[k].layout.placed.map(\.text)), "frame \(k): hidden words")
        }
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
    }

    func state(_ browser: Chromium) throws -> String {
        try browser.evaluate(
            "(d => d.frame + (d.playing === 'true' ? ' playing' : ' paused'))(document.querySelector('.tagcloud').dataset)")
            as? String ?? ""
    }

    @Test("keys: Space and K play and pause, arrows, Home and End change frames, but not the keys a focused control uses")
    func keyboard() throws {
        let series = try Self.series()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(series, dir)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Self.width, height: Self.height + 100)
        #expect(try state(browser) == "0 playing")
        try browser.key(" ", code: 32, text: " ")
        #expect(try state(browser) == "0 paused")
        try browser.key("ArrowRight", code: 39)
        #expect(try state(browser) == "1 paused")
        try browser.key("End", code: 35)
        #expect(try state(browser) == "2 paused")
        try browser.key("ArrowRight", code: 39)
        #expect(try state(browser) == "2 paused", "no frame after the last")
        try browser.key("Home", code: 36)
        #expect(try state(browser) == "0 paused")
        try browser.key("ArrowLeft", code: 37)
        #expect(try state(browser) == "0 paused")
        try browser.key("K", code: 75, text: "K")
        #expect(try state(browser) == "0 playing")
        try browser.key("k", code: 75, text: "k")
        #expect(try state(browser) == "0 paused")
        #expect(try browser.evaluate("document.querySelector('.tc-play').textContent") as? String == "Play")

        // Tab: Previous, Play, Next, the slider, then the words, heaviest first.
        var stops: [String] = []
        for _ in 0..<5 {
            try browser.key("Tab", code: 9)
            stops.append(
                try browser.evaluate(
                    "(e => e.className.baseVal !== undefined ? 'word:' + e.dataset.text : e.className)(document.activeElement)")
                    as? String ?? "")
        }
        #expect(stops == ["tc-prev", "tc-play", "tc-next", "tc-slider", "word:swift"])
        try browser.evaluate(
            "window.__selected = []; document.addEventListener('tagcloud:select', e => { window.__selected.push(e.detail); e.preventDefault(); }); 0"
        )
        // Space on a word selects it and leaves playing alone; the arrows still change frames.
        try browser.key(" ", code: 32, text: " ")
        #expect(try state(browser) == "0 paused")
        try browser.key("ArrowRight", code: 39)
        #expect(try state(browser) == "1 paused")
        try browser.key("Enter", code: 13, text: "\r")
        let selected = try browser.evaluate("JSON.stringify(window.__selected)") as? String ?? ""
        let details = try JSONSerialization.jsonObject(with: Data(selected.utf8)) as? [[String: Any]] ?? []
        let swift1 = try #require(series.frames[1].layout.placed.first { $0.text == "swift" })
        #expect(details.count == 2 && details.allSatisfy { $0["id"] as? String == "id-swift" })
        // In frame 2 the word has frame 2's weight and index.
        #expect(details.last?["weight"] as? Double == swift1.weight && details.last?["index"] as? Int == swift1.index)
        #expect(
            try browser.evaluate("document.getElementById('tc-word-0').getAttribute('aria-label')") as? String
                == "swift, weight \(swift1.weight == swift1.weight.rounded() ? "\(Int(swift1.weight))" : "\(swift1.weight)")")

        // A click on a (linked) word selects it too; the listener keeps the page from following the link.
        let centre = try #require(
            browser.evaluate(
                """
                (r => [r.left + r.width / 2, r.top + r.height / 2])([...document.querySelectorAll('.word')]
                  .find(w => w.dataset.text === 'chromium').getBoundingClientRect())
                """) as? [Double])
        try browser.click(x: centre[0], y: centre[1])
        let clicked = try browser.evaluate("JSON.stringify(window.__selected[window.__selected.length - 1])") as? String ?? ""
        let detail = try JSONSerialization.jsonObject(with: Data(clicked.utf8)) as? [String: Any] ?? [:]
        #expect(detail["text"] as? String == "chromium" && detail["link"] as? String == "https://www.chromium.org/", "\(detail)")
        #expect(try browser.evaluate("location.href") as? String == page.absoluteString, "navigated away")

        // The slider keeps its own arrows (one step, not two) and Home; Space there plays.
        try browser.evaluate("document.querySelector('.tc-slider').focus(); 0")
        try browser.key("Home", code: 36)
        #expect(try state(browser) == "0 paused")
        try browser.key("ArrowRight", code: 39)
        #expect(try state(browser) == "1 paused")
        try browser.key("End", code: 35)
        #expect(try state(browser) == "2 paused")
        try browser.key("ArrowLeft", code: 37)
        #expect(try state(browser) == "1 paused")
        try browser.key("Home", code: 36)
        #expect(try state(browser) == "0 paused")
        // A button keeps its Space: on Next it goes to the next frame, it does not play.
        try browser.evaluate("document.querySelector('.tc-next').focus(); 0")
        try browser.key(" ", code: 32, text: " ")
        #expect(try state(browser) == "1 paused")
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
    }

    @Test("reduced motion: no autoplay, and a change of frame is instant, with no animation")
    func reducedMotion() throws {
        let series = try Self.series()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(series, dir)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Self.width, height: Self.height + 100, media: ["prefers-reduced-motion": "reduce"])
        #expect(try browser.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") as? Bool == true)
        usleep(1_500_000)
        #expect(try state(browser) == "0 paused", "played by itself")
        for (k, key) in [(1, ("ArrowRight", 39)), (2, ("End", 35)), (0, ("Home", 36))] {
            try browser.key(key.0, code: key.1)
            #expect(try state(browser) == "\(k) paused")
            #expect(try browser.evaluate("document.getAnimations().length") as? Int == 0, "frame \(k) animates")
            // Already in place: the boxes now are the boxes once any morph would have ended.
            let now = try boxes(browser)
            usleep(500_000)
            let later = try boxes(browser)
            #expect(Set(now.keys) == Set(later.keys), "frame \(k): words still appearing or leaving")
            let moved =
                now.compactMap { text, a in later[text].map { b in zip(a, b).map { abs($0 - $1) }.max() ?? 0 } }.max() ?? 0
            #expect(moved < 0.01, "frame \(k): words still moving by \(moved)")
        }
        // Play still steps through the frames when asked, without motion.
        try browser.key("k", code: 75, text: "k")
        try browser.waitUntil("document.querySelector('.tagcloud').dataset.frame === '1'", "a step", timeout: 5)
        #expect(try browser.evaluate("document.getAnimations().length") as? Int == 0)
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
    }
}
