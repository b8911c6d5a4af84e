import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

private let typesetter = FreeTypeTypesetter()
private let dejaVu = FontDescriptor(family: "DejaVu Sans")
private let size = 40.0

/// The glyph DejaVu Sans gives `character` set on its own.
private func glyph(_ character: Character) throws -> UInt32 {
    let word = try typesetter.typeset(String(character), font: dejaVu, size: size)
    return try #require(word.glyphs.first, "no glyph for \(character)").id
}

/// The glyphs of `visual`, character by character as written (left to right), in DejaVu Sans.
private func glyphs(_ visual: String) throws -> [UInt32] { try visual.map(glyph) }

/// A word's glyphs without spaces and the bidi controls HarfBuzz hides (drawn as zero-width spaces).
private func letters(_ word: TypesetWord) throws -> [UInt32] {
    let space = try glyph(" ")
    return word.glyphs.map(\.id).filter { $0 != space }
}

/// A placed word drawing `word` at `origin` in black, as the layouts place it.
private func placed(_ word: TypesetWord, at origin: Point, index: Int = 0) -> PlacedWord {
    PlacedWord(
        index: index, text: word.text, id: nil, link: nil, weight: 1,
        frame: Rect(
            x: origin.x, y: origin.y - word.ascent, width: word.advance,
            height: word.ascent + word.descent),
        origin: origin, inkBounds: word.inkBounds.offsetBy(dx: origin.x, dy: origin.y),
        font: word.font, fontSize: word.size, color: .black, glyphs: word.glyphs,
        rightToLeft: word.isRightToLeft, fallbackFont: word.usedFallback,
        fallbackFonts: word.fallbackFonts, fontRuns: word.fontRuns)
}

/// A white canvas with each line's words set side by side from x = 20, one line per 80 points.
private func canvas(_ lines: [[TypesetWord]]) -> CloudLayout {
    var words: [PlacedWord] = []
    var width = 0.0
    for (row, line) in lines.enumerated() {
        var x = 20.0
        for word in line {
            words.append(placed(word, at: Point(x: x, y: 60 + 80 * Double(row)), index: words.count))
            x += word.advance
        }
        width = max(width, x + 20)
    }
    return CloudLayout(
        kind: .flow, size: Size(width: width.rounded(.up), height: 80 * Double(lines.count) + 20),
        background: .white, placed: words, unplaced: [], seed: 1)
}

/// How dark each column of `image` is between rows `top` and `bottom`, as a share of the band's ink.
private func inkColumns(_ image: RGBAImage, top: Int, bottom: Int) -> [Double] {
    var columns = [Double](repeating: 0, count: image.width)
    for y in max(0, top)..<min(image.height, bottom) {
        for x in 0..<image.width {
            let p = image.pixels[y * image.width + x]
            let light = min((p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF)
            columns[x] += Double(255 - light) / 255
        }
    }
    let total = columns.reduce(0, +)
    return total > 0 ? columns.map { $0 / total } : columns
}

/// How far apart two ink profiles are: the share of ink that would have to move to another column,
/// after blurring each over `blur` columns either side (different rasterisers anti-alias
/// differently). 0 is the same picture; a word drawn backwards is far from its mirror.
private func distance(_ a: [Double], _ b: [Double], blur: Int = 0) -> Double {
    func smooth(_ v: [Double]) -> [Double] {
        guard blur > 0 else { return v }
        return v.indices.map { i in v[max(0, i - blur)...min(v.count - 1, i + blur)].reduce(0, +) }
    }
    let p = smooth(a), q = smooth(b)
    let scale = Double(2 * blur + 1)
    return zip(p, q).map { abs($0 - $1) }.reduce(0, +) / 2 / scale
}

/// The ink profiles of every line of `layout` in `image`.
private func lineProfiles(_ image: RGBAImage, _ layout: CloudLayout) -> [[Double]] {
    let lines = Int(((layout.size.height - 20) / 80).rounded())
    return (0..<lines).map { inkColumns(image, top: 80 * $0, bottom: 80 * $0 + 80) }
}

/// The tags the pixel tests draw, each with the same text split into pieces that are each in one
/// direction and written in visual order (a right-to-left piece alone draws right to left).
private let mixedTags: [(tag: String, visual: [String])] = [
    ("hello עולם world", ["hello ", "עולם", " world"]),
    ("שלום hello", ["hello", " ", "שלום"]),
    ("ab\u{202E}cde\u{202C}fg", ["ab", "edc", "fg"]),
    ("hello مرحبا world", ["hello ", "مرحبا", " world"]),
]

@Suite("Mixed-direction text: the Unicode bidirectional algorithm before shaping")
struct BidiTests {
    @Test("hello עולם world: the Hebrew right to left between the Latin words")
    func hebrewInLatin() throws {
        let word = try typesetter.typeset("hello עולם world", font: dejaVu, size: size)
        #expect(!word.isRightToLeft)
        #expect(word.glyphs.allSatisfy { $0.id != 0 && $0.font == 0 })
        #expect(word.glyphs.map(\.id) == (try glyphs("hello םלוע world")))
        // The glyph of ם (logically last) is left of ע (logically first).
        let mem = try glyph("ם"), ayin = try glyph("ע")
        let memX = try #require(word.glyphs.first { $0.id == mem }?.x)
        let ayinX = try #require(word.glyphs.first { $0.id == ayin }?.x)
        #expect(memX < ayinX)
        #expect(zip(word.glyphs, word.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
    }

    @Test(
        "a tag whose first letter is Hebrew is a right-to-left line; digits in it stay left to right",
        arguments: [("שלום hello", "hello םולש"), ("עמוד 12", "12 דומע"), ("שלום!", "!םולש")])
    func rightToLeftParagraph(text: String, visual: String) throws {
        let word = try typesetter.typeset(text, font: dejaVu, size: size)
        #expect(word.isRightToLeft)
        #expect(word.glyphs.map(\.id) == (try glyphs(visual)))
    }

    @Test(
        "explicit controls: U+202E reverses a Latin run, U+202D a Hebrew one, U+2068 isolates",
        arguments: [
            ("ab\u{202E}cde\u{202C}fg", "abedcfg", false),
            ("ab\u{202E}cde", "abedc", false),
            ("\u{202D}עולם\u{202C}", "עולם", true),
            ("\u{2068}עולם\u{2069} world", "םלועworld", false),
            ("עולם world", "worldםלוע", true),
        ])
    func explicitControls(text: String, visual: String, rightToLeft: Bool) throws {
        let word = try typesetter.typeset(text, font: dejaVu, size: size)
        #expect(word.isRightToLeft == rightToLeft)
        #expect(try letters(word) == (try glyphs(visual)))
        #expect(zip(word.glyphs, word.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
    }

    @Test("an Arabic word inside Latin text keeps its joining")
    func arabicInLatin() throws {
        let alone = try typesetter.typeset("مرحبا", font: dejaVu, size: size).glyphs.map(\.id)
        // Joined forms differ from the letters set one by one.
        #expect(alone != Array(try glyphs("مرحبا").reversed()))
        let word = try typesetter.typeset("hello مرحبا world", font: dejaVu, size: size)
        #expect(!word.isRightToLeft)
        #expect(word.glyphs.map(\.id) == (try glyphs("hello ")) + alone + (try glyphs(" world")))
    }

    @Test("font fallback works per run in mixed-direction text")
    func fallbackPerRun() throws {
        // The emoji is in a second font, after the reversed Hebrew on the left-to-right line.
        let party = try typesetter.typeset("hello עולם 🎉", font: dejaVu, size: size)
        #expect(!party.isRightToLeft && party.fallbackFonts.count == 1)
        #expect(!party.glyphs.contains { $0.id == 0 })
        #expect(party.glyphs.last?.font == 1)
        #expect(party.glyphs.dropLast().map(\.id) == (try glyphs("hello םלוע ")))
        #expect(party.fontRuns.map(\.text) == ["hello עולם ", "🎉"])
        // Chinese in a right-to-left line: on the left, its characters in their own order.
        let chinese = try typesetter.typeset("你好", font: dejaVu, size: size)
        let mixed = try typesetter.typeset("שלום 你好", font: dejaVu, size: size)
        #expect(mixed.isRightToLeft && mixed.fallbackFonts == [chinese.font])
        #expect(mixed.glyphs.map(\.font) == [1, 1, 0, 0, 0, 0, 0])
        #expect(mixed.glyphs.map(\.id) == chinese.glyphs.map(\.id) + (try glyphs(" םולש")))
        #expect(zip(mixed.glyphs, mixed.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
    }

    @Test("text with no right-to-left letter or control takes the one-direction path")
    func detection() throws {
        let oneDirection = [
            "hello", "naïve café", "日本語", "Ελληνικά", "1+1=2", "emoji 🎉",
            "\u{200E}ltr mark", "",
        ]
        for text in oneDirection {
            #expect(!BidiParagraph.isNeeded(for: text), "\(text)")
        }
        for text in ["עולם", "a\u{202E}b", "x\u{2066}y", "مرحبا", "٣", "a\u{200F}b"] {
            #expect(BidiParagraph.isNeeded(for: text), "\(text)")
        }
        let paragraph = try BidiParagraph("hello עולם world")
        #expect(!paragraph.isRightToLeft)
        #expect(
            paragraph.runs == [
                .init(start: 0, end: 6, isRightToLeft: false),
                .init(start: 6, end: 14, isRightToLeft: true),
                .init(start: 14, end: 20, isRightToLeft: false),
            ])
    }

    @Test("PNG and PDF draw a mixed tag as its pieces written in visual order", arguments: ["PNG", "PDF"])
    func pixels(format: String) throws {
        let output = try Output()
        let render = format == "PNG" ? output.png : output.pdf
        let a = lineProfiles(try render(output.mixed, "mixed"), output.mixed)
        let b = lineProfiles(try render(output.pieces, "pieces"), output.pieces)
        for (i, tag) in mixedTags.enumerated() {
            let d = distance(a[i], b[i])
            #expect(d < 0.01, "\(format) \(tag.tag): ink columns differ from the pieces' by \(d)")
        }
    }

    @Test("SVG outlines drawn by rsvg-convert: a mixed tag as its pieces written in visual order")
    func svgOutlines() throws {
        let output = try Output()
        let a = lineProfiles(try output.svg(output.mixed, "mixed", outlines: true), output.mixed)
        let b = lineProfiles(try output.svg(output.pieces, "pieces", outlines: true), output.pieces)
        for (i, tag) in mixedTags.enumerated() {
            let d = distance(a[i], b[i])
            #expect(d < 0.01, "outlines \(tag.tag): ink columns differ from the pieces' by \(d)")
        }
    }

    @Test(
        "SVG text drawn by rsvg-convert, and the HTML page in Chromium, order mixed tags as the PNG does",
        arguments: ["rsvg-convert", "Chromium"])
    func viewers(viewer: String) throws {
        let output = try Output()
        let shot =
            try viewer == "Chromium"
            ? output.chromium(output.mixed)
            : output.svg(output.mixed, "mixed", outlines: false)
        let a = lineProfiles(shot, output.mixed)
        let b = lineProfiles(try output.png(output.pieces, "pieces"), output.pieces)
        for (i, tag) in mixedTags.enumerated() {
            // Other rasterisers anti-alias and place glyphs a little differently (about 0.03 apart
            // when right); a tag drawn in another order is 0.08 or more away.
            let d = distance(a[i], b[i], blur: 2)
            #expect(d < 0.05, "\(viewer) \(tag.tag): ink columns differ from the PNG's by \(d)")
        }
    }
}

/// The mixed tags, one per line, and the same tags as pieces in visual order, drawn every way.
private struct Output {
    let mixed: CloudLayout
    let pieces: CloudLayout

    init() throws {
        mixed = canvas(try mixedTags.map { [try typesetter.typeset($0.tag, font: dejaVu, size: size)] })
        pieces = canvas(
            try mixedTags.map { tag in
                try tag.visual.map { try typesetter.typeset($0, font: dejaVu, size: size) }
            })
        #expect(mixed.size == pieces.size)
    }

    /// Cairo's PNG.
    func png(_ layout: CloudLayout, _ name: String) throws -> RGBAImage {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name + ".png")
        try CairoRenderer().pngData(layout).write(to: url)
        return try ImageLoader.loadRGBA(path: url.path)
    }

    /// Cairo's PDF, rendered by poppler.
    func pdf(_ layout: CloudLayout, _ name: String) throws -> RGBAImage {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name + ".pdf")
        try CairoRenderer().pdfData(layout).write(to: url)
        let prefix = dir.appendingPathComponent(name).path
        try run(try tool("pdftoppm", package: "poppler-utils"), ["-png", "-r", "72", "-singlefile", url.path, prefix])
        return try ImageLoader.loadRGBA(path: prefix + ".png")
    }

    /// The SVG, rendered by rsvg-convert.
    func svg(_ layout: CloudLayout, _ name: String, outlines: Bool) throws -> RGBAImage {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent(name + ".svg"), pngURL = dir.appendingPathComponent(name + "-svg.png")
        let writer = SVGWriter(mode: outlines ? .outlines(GlyphOutlineCache()) : .text)
        try Data(writer.data(layout)).write(to: svgURL)
        try run(try tool("rsvg-convert", package: "librsvg2-bin"), ["-o", pngURL.path, svgURL.path])
        return try ImageLoader.loadRGBA(path: pngURL.path)
    }

    /// A screenshot of the HTML page in headless Chromium.
    func chromium(_ layout: CloudLayout) throws -> RGBAImage {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.html"), shot = dir.appendingPathComponent("shot.png")
        try Data(HTMLWriter().data(layout)).write(to: page)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
        try browser.screenshot().write(to: shot)
        return try ImageLoader.loadRGBA(path: shot.path)
    }
}
