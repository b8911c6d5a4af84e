import Foundation
import TagCloud
import TagCloudExport
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive HTML page in a real headless Chromium, driven through the DevTools protocol
/// over `--remote-debugging-pipe` (no puppeteer, no network port): real Tab, Enter and mouse events,
/// console and network monitoring, and a screenshot compared with Cairo's PNG.
///
/// Chromium is a test dependency installed by `scripts/setup`; when it is missing these tests fail
/// and say so, rather than skipping silently and letting a broken page pass.
@Suite("HTML page in headless Chromium", .serialized)
struct BrowserTests {
    /// One clearly different colour per word (all at least 3:1 on white), so a word's pixels can be
    /// told from its neighbours'.
    static let palette = Palette(
        name: "distinct",
        colors: [
            0xD62728, 0x1F77B4, 0x2CA02C, 0x9467BD, 0x8C564B, 0xE377C2, 0x0E7C86, 0x555555, 0x8A7D00, 0xB35900,
            0x000080, 0x800000, 0x006400, 0x4B0082, 0xC71585, 0x2F4F4F, 0x8B4513, 0x1E5AA8, 0x7A1F5C, 0x3D6B00,
        ].map { Color(rgb: $0) })

    /// A word cloud with ids, a link and clearly distinct colours (so each word's pixels can be found).
    static func cloudLayout() throws -> CloudLayout {
        var o = WordCloudOptions()
        o.width = 480
        o.height = 320
        o.maximumWords = 24
        o.seed = 11
        o.rotation = .angles([0])
        o.style.palette = palette
        o.style.colorMode = .cycle
        let words = [
            "swift", "chromium", "cairo", "harfbuzz", "pixel", "glyph", "layout", "render", "font", "svg",
            "kerning", "linux", "cloud", "word", "html", "pdf", "focus", "click", "enter", "tab",
        ]
        let terms = words.enumerated().map { i, w in
            Term(w, weight: Double(40 - i), id: "id-\(w)", link: i == 0 ? "https://swift.org/" : nil)
        }
        return try WordCloudLayout(o).layout(terms, typesetter: FreeTypeTypesetter()).contrastGuarded()
    }

    func writePage(_ layout: CloudLayout, _ dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("cloud.html")
        try Data(HTMLWriter().data(layout)).write(to: url)
        return url
    }

    @Test("loads with no console error or network request; one element per word; tab, click and Enter")
    func interaction() throws {
        let layout = try Self.cloudLayout()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(layout, dir)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        let size = (Int(layout.size.width), Int(layout.size.height))
        try browser.open(page, width: size.0, height: size.1)

        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
        let foreign = browser.requests.filter { $0 != page.absoluteString && !$0.hasPrefix("data:") }
        #expect(foreign.isEmpty, "the page fetched \(foreign)")

        let count = try browser.evaluate("document.querySelectorAll('svg text.word').length") as? Int
        #expect(count == layout.placed.count)

        // Tab visits the words one by one, heaviest first.
        let order = HTMLWriter.readingOrder(layout).map { "tc-word-\($0.index)" }
        var focused: [String] = []
        for _ in 0..<min(5, order.count) {
            try browser.key("Tab", code: 9)
            focused.append(try browser.evaluate("document.activeElement.id") as? String ?? "")
        }
        #expect(focused == Array(order.prefix(focused.count)))

        try browser.evaluate(
            """
            window.__selected = []; document.addEventListener('tagcloud:select', function (e) {
              window.__selected.push(e.detail); e.preventDefault(); }); 0
            """)
        // Enter on the focused (fifth) word.
        try browser.key("Enter", code: 13, text: "\r")
        // A click on the middle of another word (the first, heaviest, which carries the link:
        // the listener's preventDefault keeps the page from navigating).
        let target = HTMLWriter.readingOrder(layout)[0]
        let box = try #require(
            browser.evaluate(
                """
                (function () { var r = document.getElementById('tc-word-\(target.index)').getBoundingClientRect();
                  return [r.left + r.width / 2, r.top + r.height / 2]; })()
                """) as? [Double])
        try browser.click(x: box[0], y: box[1])
        let json = try #require(browser.evaluate("JSON.stringify(window.__selected)") as? String)
        let selected = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let enterWord = layout.placed.first { "tc-word-\($0.index)" == focused.last }
        #expect(selected.count == 2)
        #expect(selected.first?["id"] as? String == enterWord?.id)
        #expect(selected.last?["id"] as? String == target.id)
        #expect(selected.last?["text"] as? String == target.text)
        #expect((selected.last?["weight"] as? Double) == target.weight)
        #expect(try browser.evaluate("location.href") as? String == page.absoluteString, "navigated away")
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
    }

    @Test("a screenshot is not blank and puts the words where the PNG has them")
    func screenshotMatchesPNG() throws {
        let layout = try Self.cloudLayout()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(layout, dir)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
        let shotURL = dir.appendingPathComponent("shot.png")
        try browser.screenshot().write(to: shotURL)
        let shot = try ImageLoader.loadRGBA(path: shotURL.path)
        let pngURL = dir.appendingPathComponent("cairo.png")
        try CairoRenderer().pngData(layout).write(to: pngURL)
        let png = try ImageLoader.loadRGBA(path: pngURL.path)
        #expect(shot.width == png.width && shot.height == png.height)
        let nonWhite = shot.pixels.filter { $0 & 0xFFFFFF != 0xFFFFFF }.count
        #expect(nonWhite > shot.pixels.count / 50, "screenshot is blank")
        // The browser shapes and hints text itself: allow 2 px between its ink and Cairo's.
        for word in HTMLWriter.readingOrder(layout).prefix(6) {
            let a = try #require(inkCentroid(of: word, in: png, background: .white))
            let b = try #require(inkCentroid(of: word, in: shot, background: .white), "\(word.text) not drawn by Chromium")
            #expect(abs(a.x - b.x) <= 2 && abs(a.y - b.y) <= 2, "\(word.text): PNG \(a), browser \(b)")
        }
    }

    @Test("SVG rendered by rsvg-convert matches the PNG: ink centroids within 1 px", arguments: [false, true])
    func svgMatchesPNG(outlines: Bool) throws {
        let layout = try Self.cloudLayout()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("cloud.svg"), fromSVG = dir.appendingPathComponent("svg.png")
        let writer = SVGWriter(mode: outlines ? .outlines(GlyphOutlineCache()) : .text)
        try Data(writer.data(layout)).write(to: svgURL)
        try run(try tool("rsvg-convert", package: "librsvg2-bin"), ["-o", fromSVG.path, svgURL.path])
        let pngURL = dir.appendingPathComponent("cairo.png")
        try CairoRenderer().pngData(layout).write(to: pngURL)
        let a = try ImageLoader.loadRGBA(path: pngURL.path), b = try ImageLoader.loadRGBA(path: fromSVG.path)
        #expect(a.width == b.width && a.height == b.height)
        for word in layout.placed {
            let p = try #require(inkCentroid(of: word, in: a, background: .white))
            let q = try #require(inkCentroid(of: word, in: b, background: .white), "\(word.text) missing from the SVG")
            #expect(abs(p.x - q.x) <= 1 && abs(p.y - q.y) <= 1, "\(word.text): PNG \(p), SVG \(q)")
        }
    }

    @Test("PDF: valid for poppler, one page of the canvas size in points, fonts embedded")
    func pdf() throws {
        let layout = try Self.cloudLayout()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdfURL = dir.appendingPathComponent("cloud.pdf")
        try CairoRenderer().pdfData(layout).write(to: pdfURL)
        let info = try run(try tool("pdfinfo", package: "poppler-utils"), [pdfURL.path])
        func field(_ name: String) -> String? {
            info.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        #expect(field("Pages") == "1")
        #expect(field("Page size") == "\(formatted(layout.size.width)) x \(formatted(layout.size.height)) pts")
        let fonts = try run(try tool("pdffonts", package: "poppler-utils"), [pdfURL.path])
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty)
        for row in rows {
            // Columns: name type encoding emb sub uni object ID; "emb" must be yes.
            let cols = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(cols.count >= 7 && cols[cols.count - 5] == "yes", "font not embedded: \(row)")
        }
        // pdftoppm renders it, at 72 dpi the size of the canvas, with the words where the PNG has them.
        let prefix = dir.appendingPathComponent("page").path
        try run(try tool("pdftoppm", package: "poppler-utils"), ["-png", "-r", "72", "-singlefile", pdfURL.path, prefix])
        let page = try ImageLoader.loadRGBA(path: prefix + ".png")
        #expect(page.width == Int(layout.size.width) && page.height == Int(layout.size.height))
        let pngURL = dir.appendingPathComponent("cairo.png")
        try CairoRenderer().pngData(layout).write(to: pngURL)
        let png = try ImageLoader.loadRGBA(path: pngURL.path)
        for word in layout.placed.prefix(8) {
            let p = try #require(inkCentroid(of: word, in: png, background: .white))
            let q = try #require(inkCentroid(of: word, in: page, background: .white), "\(word.text) missing from the PDF")
            #expect(abs(p.x - q.x) <= 1 && abs(p.y - q.y) <= 1, "\(word.text): PNG \(p), PDF \(q)")
        }
    }

    @Test("contrast guard: on white, no word of any palette is below 3:1", arguments: Palette.builtIn)
    func contrastOnWhite(palette: Palette) throws {
        var o = FlowOptions()
        o.style.palette = palette
        o.style.colorMode = .cycle
        let terms = (0..<palette.colors.count).map { Term("w\($0)", weight: Double($0 + 1)) }
        let layout = try FlowLayout(o).layout(terms, typesetter: FreeTypeTypesetter(), width: 400).contrastGuarded()
        for w in layout.placed {
            #expect(w.color.contrastRatio(with: .white) >= 3, "\(palette.name): \(w.text) \(w.color.hex)")
        }
    }
}

// MARK: - Helpers

/// The centroid of the pixels within a word's ink box (grown by 3 px) weighted by how close they are
/// to the word's colour rather than the background: where the word's ink is.
func inkCentroid(of word: PlacedWord, in image: RGBAImage, background: Color) -> (x: Double, y: Double)? {
    let box = word.inkBounds
    let x0 = max(0, Int(box.minX) - 3), x1 = min(image.width - 1, Int(box.maxX.rounded(.up)) + 3)
    let y0 = max(0, Int(box.minY) - 3), y1 = min(image.height - 1, Int(box.maxY.rounded(.up)) + 3)
    guard x0 <= x1, y0 <= y1 else { return nil }
    let c = word.color
    func dist(_ r: Double, _ g: Double, _ b: Double) -> Double {
        ((r - Double(c.red)) * (r - Double(c.red)) + (g - Double(c.green)) * (g - Double(c.green))
            + (b - Double(c.blue)) * (b - Double(c.blue))).squareRoot()
    }
    let full = dist(Double(background.red), Double(background.green), Double(background.blue))
    var sx = 0.0, sy = 0.0, sw = 0.0
    for y in y0...y1 {
        for x in x0...x1 {
            let p = image.pixels[y * image.width + x]
            let d = dist(Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF))
            let w = max(0, 1 - d / full)
            // Only clearly inked pixels: anti-aliased edges and neighbours' colours weigh little.
            guard w > 0.25 else { continue }
            sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5); sw += w
        }
    }
    return sw > 0 ? (sx / sw, sy / sw) : nil
}

/// A length as pdfinfo prints it: whole numbers without decimals.
func formatted(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

struct ToolMissing: Error, CustomStringConvertible {
    let description: String
}

/// The path of a command-line tool the tests need, or an error telling how to install it.
func tool(_ names: String..., package: String) throws -> String {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in names {
        for dir in paths + ["/usr/bin", "/usr/local/bin", "/snap/bin"] {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
    }
    throw ToolMissing(
        description:
            "\(names.joined(separator: " or ")) not found: run scripts/setup (it installs the Debian package \(package)), then run the tests again"
    )
}

/// Runs a tool and returns its standard output; throws with its standard error when it fails.
@discardableResult
func run(_ path: String, _ arguments: [String]) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let (data, errors) = PipeDrain.collect(out: out.fileHandleForReading, err: err.fileHandleForReading)
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
        throw ToolMissing(
            description: "\(path) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
}
