import Foundation
import TagCloud
import TagCloudExport
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

/// Chinese, Japanese and Korean words at ±90° set upright, glyph under glyph, in every format, and
/// still placed pixel-exactly: what Cairo paints lies in the occupancy mask the layout placed.
@Suite("upright CJK words on real fonts", .serialized)
struct UprightCJKTests {
    static let font = FontDescriptor(family: "Noto Sans CJK SC")
    /// Words of the Analects, with Japanese kana and Korean among them.
    static let words = [
        "學而時習之", "不亦說乎", "有朋自遠方來", "君子", "知", "使", "乎", "者", "仁", "禮", "道", "天命", "孝弟",
        "朋友", "一二三", "ひらがな", "カタカナ", "한국어", "溫故而知新", "三人行", "必有我師焉", "吾日三省吾身",
    ]

    static func terms(_ words: [String] = words) -> [Term] {
        words.enumerated().map { Term($1, weight: Double(100 - 3 * $0)) }
    }

    static func options(angles: [Double], vertical: CJKVertical = .upright) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 420
        o.height = 360
        o.maximumWords = 40
        o.margin = 0
        o.seed = 3
        o.rotation = .angles(angles)
        o.cjkVertical = vertical
        o.style.fonts = [font]
        o.style.palette = BrowserTests.palette
        o.style.colorMode = .cycle
        o.style.background = .white
        return o
    }

    static func layout(_ o: WordCloudOptions, _ terms: [Term] = terms()) throws -> CloudLayout {
        try WordCloudLayout(o).layout(terms, typesetter: FreeTypeTypesetter())
    }

    /// Pixels (as indices into the canvas) Cairo paints for each placed word drawn alone.
    static func painted(_ layout: CloudLayout) throws -> [[Int]] {
        let renderer = CairoRenderer(options: RenderOptions(transparent: true))
        return try layout.placed.map { word in
            var single = layout
            single.placed = [word]
            let image = try renderer.renderARGB(single)
            return image.pixels.indices.filter { image.pixels[$0] >> 24 != 0 }
        }
    }

    /// The box (width, height) of the pixels painted for a layout's only word.
    static func inkBox(_ layout: CloudLayout) throws -> (width: Int, height: Int) {
        let w = Int(layout.size.width)
        let pixels = try #require(try painted(layout).first)
        let xs = pixels.map { $0 % w }, ys = pixels.map { $0 / w }
        return ((xs.max() ?? 0) - (xs.min() ?? 0) + 1, (ys.max() ?? 0) - (ys.min() ?? 0) + 1)
    }

    @Test("every pixel of an upright word lies in its occupancy mask; no pixel is painted twice", arguments: [90.0, -90])
    func pixelExact(angle: Double) throws {
        let layout = try Self.layout(Self.options(angles: [angle]))
        #expect(layout.placed.count >= 15)
        let rasterizer = FreeTypeGlyphRasterizer()
        let w = Int(layout.size.width)
        var seen = [UInt8](repeating: 0, count: w * Int(layout.size.height))
        for (word, pixels) in zip(layout.placed, try Self.painted(layout)) {
            #expect(word.upright, "\(word.text) at \(angle)° is not upright")
            #expect(word.rotation == angle && word.glyphRotation == 0)
            #expect(!pixels.isEmpty, "\(word.text) paints nothing")
            // The mask the layout placed: the word's glyphs as laid out, unturned, at its origin.
            let set = TypesetWord(
                text: word.text, font: word.font, size: word.fontSize, advance: 0, ascent: 0, descent: 0,
                inkBounds: .zero, glyphs: word.glyphs, fallbackFonts: word.fallbackFonts, isVertical: true)
            let mask = try rasterizer.coverage(of: set, rotation: word.glyphRotation)
            let left = Int(word.origin.x) + mask.offsetX, top = Int(word.origin.y) + mask.offsetY
            #expect(Double(left) == word.frame.x && Double(top) == word.frame.y, "\(word.text): mask not at its frame")
            var outside = 0
            for p in pixels {
                seen[p] &+= 1
                if !mask.bits[p % w - left, p / w - top] { outside += 1 }
            }
            #expect(outside == 0, "\(word.text): \(outside) painted pixels outside its mask")
            #expect(pixels.count * 10 >= mask.bits.popCount * 9, "\(word.text): mask larger than its ink")
        }
        #expect(seen.filter { $0 > 1 }.count == 0, "pixels painted by two words")
    }

    @Test("an upright word stands in a column, each glyph upright: 一 is wider than tall, 一二三 taller")
    func glyphsStandUpright() throws {
        var o = Self.options(angles: [90])
        let level = try Self.inkBox(Self.layout(Self.options(angles: [0]), Self.terms(["一"])))
        let upright = try Self.inkBox(Self.layout(o, Self.terms(["一"])))
        #expect(upright.width > 3 * upright.height, "一 upright: \(upright)")
        #expect(abs(upright.width - level.width) <= 1 && abs(upright.height - level.height) <= 1, "\(upright) vs \(level)")
        let column = try Self.inkBox(Self.layout(o, Self.terms(["一二三"])))
        #expect(column.height > 2 * column.width, "一二三 upright: \(column)")
        o.cjkVertical = .rotated
        let turned = try Self.inkBox(Self.layout(o, Self.terms(["一"])))
        #expect(turned.height > 3 * turned.width, "一 turned on its side: \(turned)")
    }

    @Test("a word not wholly CJK, and any word with the opt-out, is turned as before")
    func mixedAndOptOut() throws {
        let mixed = try Self.layout(Self.options(angles: [90]), Self.terms(["ABC漢字", "漢字"]))
        let byText = Dictionary(uniqueKeysWithValues: mixed.placed.map { ($0.text, $0) })
        #expect(byText["ABC漢字"]?.upright == false && byText["ABC漢字"]?.glyphRotation == 90)
        #expect(byText["漢字"]?.upright == true)
        let rotated = try Self.layout(Self.options(angles: [90], vertical: .rotated))
        #expect(rotated.placed.allSatisfy { !$0.upright && $0.glyphRotation == 90 })
        let svg = try SVGWriter().svg(rotated)
        #expect(!svg.contains("writing-mode"))
        #expect(!String(decoding: try LayoutJSON.bytes(rotated), as: UTF8.self).contains("upright"))
        // Turned on its side the glyphs are a line (one baseline, left to right), and the line is turned.
        let word = try #require(rotated.placed.first { $0.text == "學而時習之" })
        #expect(word.glyphs.count == 5 && word.glyphs.allSatisfy { $0.y == word.glyphs[0].y })
        #expect(zip(word.glyphs, word.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test("SVG, HTML and JSON say so; the JSON reads back, and a later layout keeps the words upright")
    func formats() throws {
        let layout = try Self.layout(Self.options(angles: [0, 90]))
        let upright = layout.placed.filter { $0.upright }
        #expect(upright.count >= 2 && upright.count < layout.placed.count)
        let marking = #"writing-mode="vertical-rl" text-orientation="upright""#
        let svg = try SVGWriter().svg(layout)
        #expect(svg.components(separatedBy: marking).count - 1 == upright.count)
        #expect(!svg.contains("rotate(90"), "an upright word is not turned")
        let html = String(decoding: try HTMLWriter().data(layout), as: UTF8.self)
        #expect(html.components(separatedBy: marking).count - 1 == upright.count)
        // With outlines for them (as the tool writes), upright words are their glyphs, their text the title.
        let outlines = GlyphOutlineCache()
        for page in [
            try SVGWriter(uprightOutlines: outlines).svg(layout), try HTMLWriter(uprightOutlines: outlines).html(layout),
        ] {
            #expect(!page.contains("writing-mode"))
            #expect(page.components(separatedBy: "<text ").count - 1 == layout.placed.count - upright.count)
            for word in upright { #expect(page.contains("<title>\(word.text)</title></path>"), "\(word.text) not outlined") }
        }
        let json = try LayoutJSON.encode(layout, glyphs: true)
        #expect(String(decoding: json, as: UTF8.self).components(separatedBy: #""upright":true"#).count - 1 == upright.count)
        let read = try LayoutJSON.decode(json)
        #expect(read.placed.map { $0.upright } == layout.placed.map { $0.upright })
        #expect(try CairoRenderer().pngData(read) == CairoRenderer().pngData(layout), "the JSON draws the same picture")
        var again = Self.options(angles: [0, 90])
        again.previous = PreviousLayout(read)
        let kept = try Self.layout(again)
        for word in upright {
            let same = try #require(kept.placed.first { $0.text == word.text })
            #expect(same.upright && same.frame == word.frame, "\(word.text) kept: \(same.frame) vs \(word.frame)")
        }
    }

    @Test("PDF (by poppler) and SVG (as outlines by rsvg-convert) draw upright words where the PNG does")
    func pdfAndSVGMatchPNG() throws {
        let layout = try Self.layout(Self.options(angles: [90]))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pngURL = dir.appendingPathComponent("cairo.png"), pdfURL = dir.appendingPathComponent("cloud.pdf")
        try CairoRenderer().pngData(layout).write(to: pngURL)
        try CairoRenderer().pdfData(layout).write(to: pdfURL)
        let prefix = dir.appendingPathComponent("page").path
        try run(try tool("pdftoppm", package: "poppler-utils"), ["-png", "-r", "72", "-singlefile", pdfURL.path, prefix])
        let svgURL = dir.appendingPathComponent("cloud.svg"), fromSVG = dir.appendingPathComponent("svg.png")
        try Data(SVGWriter(mode: .outlines(GlyphOutlineCache())).data(layout)).write(to: svgURL)
        try run(try tool("rsvg-convert", package: "librsvg2-bin"), ["-o", fromSVG.path, svgURL.path])
        let png = try ImageLoader.loadRGBA(path: pngURL.path)
        let others = [
            ("PDF", try ImageLoader.loadRGBA(path: prefix + ".png")), ("SVG", try ImageLoader.loadRGBA(path: fromSVG.path)),
        ]
        for (name, other) in others {
            for word in layout.placed {
                let p = try #require(inkCentroid(of: word, in: png, background: .white))
                let q = try #require(inkCentroid(of: word, in: other, background: .white), "\(word.text) missing")
                // Thin strokes far apart (一二三) move the centroid most when another renderer
                // anti-aliases them: 1.5 px, where a word turned the wrong way would be off by tens.
                #expect(abs(p.x - q.x) <= 1.5 && abs(p.y - q.y) <= 1.5, "\(word.text): PNG \(p), \(name) \(q)")
            }
        }
    }

    /// The box (left, top, right, bottom) of `word`'s ink on white, near its ink bounds (grown by 3 px):
    /// the pixels well away from white whose shade is the word's colour (their distance from white
    /// points the way the colour's does), so a neighbour's edge in another colour is not counted.
    static func inkBox(of word: PlacedWord, in image: RGBAImage) -> [Int]? {
        let box = word.inkBounds
        let x0 = max(0, Int(box.minX) - 3), x1 = min(image.width - 1, Int(box.maxX.rounded(.up)) + 3)
        let y0 = max(0, Int(box.minY) - 3), y1 = min(image.height - 1, Int(box.maxY.rounded(.up)) + 3)
        guard x0 <= x1, y0 <= y1 else { return nil }
        let c = [255 - Double(word.color.red), 255 - Double(word.color.green), 255 - Double(word.color.blue)]
        let length = (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).squareRoot()
        var found: [Int]? = nil
        for y in y0...y1 {
            for x in x0...x1 {
                let p = image.pixels[y * image.width + x]
                let d = [255 - Double((p >> 16) & 0xFF), 255 - Double((p >> 8) & 0xFF), 255 - Double(p & 0xFF)]
                let dark = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
                guard dark >= 0.3 * length, d[0] * c[0] + d[1] * c[1] + d[2] * c[2] >= 0.97 * dark * length else { continue }
                let b = found ?? [x, y, x, y]
                found = [min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y)]
            }
        }
        return found
    }

    @Test(
        "the text SVG and the HTML page in Chromium draw upright words where the PNG has them",
        arguments: ["svg", "html"])
    func browserMatchesPNG(format: String) throws {
        // Long vowel marks, commas, full stops and brackets have vertical forms of their own; every
        // word has a colour of a hue of its own, so its pixels are told from its neighbours'.
        var o = Self.options(angles: [90])
        o.style.palette = Palette(
            name: "hues", colors: [0xC00000, 0x0000C0, 0x008000, 0x000000, 0xC000C0, 0x008080].map { Color(rgb: $0) })
        let layout = try Self.layout(o, Self.terms(["東京タワー", "中文", "「漢字」", "ラーメン", "はい、どうぞ。", "한국어"]))
        #expect(layout.placed.count == 6 && layout.placed.allSatisfy { $0.upright })
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // As the tool writes them: words as text, upright words as outlines (SVGWriter.outlines(for:)).
        let outlines = GlyphOutlineCache()
        let page = dir.appendingPathComponent("cloud.\(format)")
        let bytes =
            format == "svg"
            ? try SVGWriter(uprightOutlines: outlines).data(layout) : try HTMLWriter(uprightOutlines: outlines).data(layout)
        try Data(bytes).write(to: page)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
        let shotURL = dir.appendingPathComponent("shot.png"), pngURL = dir.appendingPathComponent("cairo.png")
        try browser.screenshot().write(to: shotURL)
        try CairoRenderer().pngData(layout).write(to: pngURL)
        let shot = try ImageLoader.loadRGBA(path: shotURL.path), png = try ImageLoader.loadRGBA(path: pngURL.path)
        #expect(shot.width == png.width && shot.height == png.height)
        // Another rasteriser anti-aliases the edges its own way: allow 2 px between its ink and Cairo's.
        for word in layout.placed {
            let a = try #require(Self.inkBox(of: word, in: png))
            let b = try #require(Self.inkBox(of: word, in: shot), "\(word.text) not drawn by Chromium")
            #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 2 }, "\(word.text): PNG \(a), Chromium \(b)")
        }
    }
}
