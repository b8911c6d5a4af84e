import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

private let typesetter = FreeTypeTypesetter()
private let rasterizer = FreeTypeGlyphRasterizer()
private let dejaVu = FontDescriptor(family: "DejaVu Sans")

/// A placed word drawing `word` at `origin`, carrying its fallback fonts and runs as the layouts do.
private func placed(_ word: TypesetWord, origin: Point, rotation: Double = 0, color: Color = .black) -> PlacedWord {
    PlacedWord(
        index: 0, text: word.text, id: nil, link: nil, weight: 1,
        frame: Rect(
            x: origin.x, y: origin.y - word.ascent, width: word.advance,
            height: word.ascent + word.descent),
        origin: origin, inkBounds: word.inkBounds.offsetBy(dx: origin.x, dy: origin.y),
        font: word.font, fontSize: word.size, color: color, rotation: rotation,
        glyphs: word.glyphs, rightToLeft: word.isRightToLeft, fallbackFont: word.usedFallback,
        fallbackFonts: word.fallbackFonts, fontRuns: word.fontRuns)
}

/// Cairo's ARGB32 pixel split into premultiplied channels.
private func channels(_ p: UInt32) -> (a: Int, r: Int, g: Int, b: Int) {
    (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
}

@Suite("Font fallback per run")
struct FontFallbackTests {
    @Test("an emoji and Latin word uses two fonts and no .notdef glyph")
    func emojiAndLatin() throws {
        let word = try typesetter.typeset("🎉 party", font: dejaVu, size: 30)
        #expect(word.font.family == "DejaVu Sans")
        #expect(word.fallbackFonts.count == 1)
        #expect(Set(word.glyphs.map(\.font)) == [0, 1])
        #expect(!word.glyphs.contains { $0.id == 0 })
        #expect(word.usedFallback)
        #expect(word.fontRuns.map(\.text).joined() == "🎉 party")
        // Glyphs stay in visual order: the emoji first, the Latin after it.
        #expect(word.glyphs.first?.font == 1)
        #expect(zip(word.glyphs, word.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
        #expect(word.advance > 0 && word.inkBounds.width > 0)
    }

    @Test("emoji shown as pictures go to the colour emoji font even where the text font has a glyph")
    func emojiPresentation() throws {
        // DejaVu Sans has plain glyphs for 😀, ❤ and ☺; Unicode draws 😀 as a picture by default,
        // ❤ and ☺ as text unless U+FE0F asks for a picture (and U+FE0E keeps text).
        let alone = try typesetter.typeset("😀", font: dejaVu, size: 30)
        #expect(alone.font.family != "DejaVu Sans" && alone.usedFallback, "😀 alone: the whole word in the emoji font")
        let smile = try typesetter.typeset("😀 smile", font: dejaVu, size: 30)
        #expect(smile.fallbackFonts.count == 1 && smile.fontRuns.first?.text == "😀", "\(smile.fontRuns.map(\.text))")
        let emojiFont = try #require(smile.fallbackFonts.first)
        #expect(!(try FontFace(font: emojiFont).isScalable), "a colour (bitmap) emoji font: \(emojiFont.family)")
        for (text, picture) in [
            ("I ❤ tags", false), ("I ❤\u{FE0F} tags", true), ("☺\u{FE0E} text", false),
            ("1\u{FE0F}\u{20E3} first", true), ("🇫🇷 France", true), ("© 2026", false),
        ] {
            let word = try typesetter.typeset(text, font: dejaVu, size: 30)
            #expect(word.fallbackFonts.contains(emojiFont) == picture, "\(text): \(word.fallbackFonts.map(\.family))")
            #expect(!word.glyphs.contains { $0.id == 0 }, "\(text)")
        }
        #expect(wantsEmojiPresentation("😀") && wantsEmojiPresentation("❤\u{FE0F}") && wantsEmojiPresentation("🇫🇷"))
        #expect(
            !wantsEmojiPresentation("❤") && !wantsEmojiPresentation("😀\u{FE0E}") && !wantsEmojiPresentation("1")
                && !wantsEmojiPresentation("©") && !wantsEmojiPresentation("a"))
    }

    @Test("Japanese and an emoji have no .notdef glyph")
    func japaneseAndEmoji() throws {
        let word = try typesetter.typeset("日本語 😀", font: dejaVu, size: 30)
        #expect(!word.glyphs.isEmpty)
        #expect(!word.glyphs.contains { $0.id == 0 })
        #expect(word.fallbackFonts.count >= 1)
        let emoji = try typesetter.typeset("日本語 🎉", font: dejaVu, size: 30)
        #expect(!emoji.glyphs.contains { $0.id == 0 })
    }

    @Test("a grapheme cluster stays in one run, and a word all in one fallback font is as before")
    func clustersAndSingleFallback() throws {
        let family = try typesetter.typeset("👩‍👩‍👧 x", font: dejaVu, size: 30)
        #expect(!family.glyphs.contains { $0.id == 0 })
        #expect(family.fontRuns.first?.text.hasPrefix("👩‍👩‍👧") == true)
        let chinese = try typesetter.typeset("你好世界", font: dejaVu, size: 30)
        #expect(chinese.usedFallback)
        #expect(chinese.fallbackFonts.isEmpty && chinese.fontRuns.isEmpty)
        #expect(chinese.glyphs.allSatisfy { $0.font == 0 && $0.id != 0 })
    }

    @Test("a right-to-left word with an emoji keeps right-to-left visual order")
    func rightToLeftWithEmoji() throws {
        let word = try typesetter.typeset("שלום 🎉", font: dejaVu, size: 30)
        #expect(word.isRightToLeft)
        #expect(!word.glyphs.contains { $0.id == 0 })
        // Logically last, the emoji is drawn leftmost.
        #expect(word.glyphs.first?.font == 1)
    }

    @Test("colour emoji render in colour in PNG and PDF")
    func colourEmoji() throws {
        let word = try typesetter.typeset("🎉", font: dejaVu, size: 60)
        #expect(word.glyphs.allSatisfy { $0.id != 0 })
        let fill = Color(red: 0, green: 0, blue: 0)
        let layout = CloudLayout(
            kind: .flow, size: Size(width: 120, height: 120), background: nil,
            placed: [placed(word, origin: Point(x: 20, y: 80), color: fill)],
            unplaced: [], seed: 1)
        let image = try CairoRenderer(options: RenderOptions(transparent: true)).renderARGB(layout)
        var hues = Set<Int>()
        var saturated = 0
        for p in image.pixels {
            let c = channels(p)
            guard c.a == 255 else { continue }
            let high = max(c.r, c.g, c.b), low = min(c.r, c.g, c.b)
            guard high - low > 80 else { continue }
            saturated += 1
            // Which of six hue sectors the pixel falls in.
            let r = Double(c.r), g = Double(c.g), b = Double(c.b), d = Double(high - low)
            var hue: Double
            if high == c.r { hue = (g - b) / d } else if high == c.g { hue = 2 + (b - r) / d } else { hue = 4 + (r - g) / d }
            if hue < 0 { hue += 6 }
            hues.insert(Int(hue) % 6)
        }
        // A black word drawn as a mask would have no saturated pixel at all.
        #expect(saturated > 100)
        #expect(hues.count >= 3)
        let pdf = try CairoRenderer().pdfData(layout)
        #expect(pdf.count > 0)
    }

    @Test(
        "the mask covers every pixel cairo paints for words in several fonts",
        arguments: ["🎉 party", "日本語 😀", "שלום 🎉", "a漢b"])
    func maskCoversCairo(text: String) throws {
        for rotation in [0.0, 90, -30] {
            let word = try typesetter.typeset(text, font: dejaVu, size: 30)
            let mask = try rasterizer.coverage(of: word, rotation: rotation)
            let origin = Point(x: 200, y: 200)
            let layout = CloudLayout(
                kind: .cloud, size: Size(width: 400, height: 400), background: nil,
                placed: [placed(word, origin: origin, rotation: rotation)], unplaced: [], seed: 1)
            let image = try CairoRenderer(options: RenderOptions(transparent: true)).renderARGB(layout)
            let left = Int(origin.x) + mask.offsetX, top = Int(origin.y) + mask.offsetY
            var missing = 0, painted = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[y * image.width + x] >> 24 != 0 {
                    if mask.bits[x - left, y - top] { painted += 1 } else { missing += 1 }
                }
            }
            #expect(missing == 0, "\(text) at \(rotation)°: \(missing) painted pixels outside the mask")
            #expect(painted > 0)
        }
    }

    @Test("a layout with fallback fonts survives a JSON round trip; single-font JSON is unchanged")
    func jsonRoundTrip() throws {
        let mixed = try typesetter.typeset("🎉 party", font: dejaVu, size: 30)
        let plain = try typesetter.typeset("party", font: dejaVu, size: 30)
        let layout = CloudLayout(
            kind: .flow, size: Size(width: 300, height: 100), background: .white,
            placed: [
                placed(mixed, origin: Point(x: 10, y: 40)),
                placed(plain, origin: Point(x: 10, y: 80)),
            ],
            unplaced: [], seed: 3)
        let data = try LayoutJSON.encode(layout, glyphs: true)
        let decoded = try LayoutJSON.decode(data)
        #expect(decoded == layout)
        #expect(decoded.placed[0].fallbackFonts == mixed.fallbackFonts)
        #expect(decoded.placed[0].glyphs.map(\.font) == mixed.glyphs.map(\.font))

        // The single-font word writes neither the new keys nor a glyph font index.
        let single = CloudLayout(
            kind: .flow, size: layout.size, background: .white, placed: [layout.placed[1]],
            unplaced: [], seed: 3)
        let text = String(decoding: try LayoutJSON.encode(single, glyphs: true), as: UTF8.self)
        #expect(!text.contains("fallbackFonts") && !text.contains("fontRuns"))
        #expect(!text.contains("{\"font\":0,\"id\""), "a glyph in the word's own font names none")

        // JSON written before font fallback (no such keys) still decodes.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var words = try #require(object["placed"] as? [[String: Any]])
        for i in words.indices {
            words[i]["fallbackFonts"] = nil
            words[i]["fontRuns"] = nil
            words[i]["glyphs"] = (words[i]["glyphs"] as? [[String: Any]])?.map { g in
                var g = g
                g["font"] = nil
                return g
            }
        }
        object["placed"] = words
        let old = try LayoutJSON.decode(try JSONSerialization.data(withJSONObject: object))
        #expect(old.placed[0].fallbackFonts.isEmpty)
        #expect(old.placed[0].glyphs.allSatisfy { $0.font == 0 })

        let word = try JSONDecoder().decode(TypesetWord.self, from: try JSONEncoder().encode(mixed))
        #expect(word == mixed)
    }

    @Test("SVG names each run's font; outlines skip colour bitmaps")
    func svg() throws {
        let mixed = try typesetter.typeset("🎉 party", font: dejaVu, size: 30)
        let layout = CloudLayout(
            kind: .flow, size: Size(width: 300, height: 100), background: nil,
            placed: [placed(mixed, origin: Point(x: 10, y: 40))], unplaced: [], seed: 3)
        let text = try SVGWriter().svg(layout)
        #expect(text.contains("<tspan font-family=\"Noto Color Emoji\">🎉</tspan>"))
        #expect(text.contains("<tspan font-family=\"DejaVu Sans\"> party</tspan>"))
        let outlines = try SVGWriter(mode: .outlines(GlyphOutlineCache())).svg(layout)
        #expect(outlines.contains("<path d=\"M "))
        _ = try HTMLWriter().html(layout)
    }
}

@Suite("SVG with embedded font subsets")
struct EmbeddedFontTests {
    @Test("each font used is embedded as a small TrueType subset and referenced by the words")
    func embedded() throws {
        var o = FlowOptions()
        o.seed = 2
        let layout = try FlowLayout(o).layout(
            [Term("swift"), Term("你好世界"), Term("cloud")], typesetter: FreeTypeTypesetter(), width: 500)
        let svg = try SVGWriter(embeddedFonts: FontSubsetter()).svg(layout)
        let faces = svg.components(separatedBy: "@font-face").count - 1
        #expect(faces == Set(layout.placed.map(\.font)).count)
        #expect(svg.contains("font-family=\"tagcloud-font-0, DejaVu Sans\""))
        // The data URI decodes to a font file much smaller than the original.
        let start = try #require(svg.range(of: "base64,"))
        let b64 = svg[start.upperBound...].prefix { $0 != ")" }
        let bytes = try #require(Data(base64Encoded: String(b64)))
        #expect(
            bytes.prefix(4) == Data([0, 1, 0, 0]) || bytes.prefix(4) == Data("OTTO".utf8) || bytes.prefix(4) == Data("true".utf8))
        let original = try Data(contentsOf: URL(fileURLWithPath: layout.placed[0].font.file))
        #expect(bytes.count < original.count / 4, "subset \(bytes.count) of \(original.count) bytes")
        // Without embedding, the output is unchanged.
        #expect(try !SVGWriter().svg(layout).contains("@font-face"))
    }
}
