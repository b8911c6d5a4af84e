import Foundation
import TagCloud
import TagCloudGraphics
import Testing

/// One typesetter for the whole suite: it is meant to be shared, and its caches keep tests fast.
private let typesetter = FreeTypeTypesetter()
private let dejaVu = FontDescriptor(family: "DejaVu Sans")

@Suite("FreeType typesetter")
struct TypesetterTests {
    @Test("kerning makes AV narrower than A plus V")
    func kerning() throws {
        let av = try typesetter.typeset("AV", font: dejaVu, size: 48)
        let a = try typesetter.typeset("A", font: dejaVu, size: 48)
        let v = try typesetter.typeset("V", font: dejaVu, size: 48)
        #expect(av.advance < a.advance + v.advance - 1)
        #expect(av.glyphs.count == 2)
        #expect(!av.usedFallback && !av.isRightToLeft)
    }

    @Test("a vertical word is a column: glyphs centred under the origin, one em apart, in vertical forms")
    func vertical() throws {
        let cjk = FontDescriptor(family: "Noto Sans CJK JP")
        let column = try typesetter.typesetVertical("漢字。", font: cjk, size: 40)
        let line = try typesetter.typeset("漢字。", font: cjk, size: 40)
        #expect(column.isVertical && !line.isVertical)
        #expect(column.glyphs.count == 3 && !column.usedFallback)
        // Each glyph 40 pt (one em, the font's vertical advance) under the one before, and centred:
        // its horizontal origin half its advance left of the column's centre line.
        for (g, next) in zip(column.glyphs, column.glyphs.dropFirst()) { #expect(abs(next.y - g.y - 40) < 0.01) }
        #expect(abs(column.glyphs[0].x + 20) < 0.01 && column.glyphs[0].y > 30 && column.glyphs[0].y < 40)
        #expect(abs(column.advance - 120) < 0.01)
        #expect(column.inkBounds.height > 2 * column.inkBounds.width)
        // The full stop takes its vertical form (`vert`): a glyph of its own, up in the right corner.
        #expect(column.glyphs[2].id != line.glyphs[2].id)
        #expect(column.glyphs.prefix(2).map { $0.id } == line.glyphs.prefix(2).map { $0.id })
        let bounds = column.layoutBounds
        #expect(bounds.minX <= -20 && bounds.maxX >= 20 && bounds.minY <= 0 && bounds.maxY >= 120)
    }

    @Test("a vertical word in two fonts stacks its runs")
    func verticalFallback() throws {
        // DejaVu Sans has the A but not the Han characters, which come from a fallback font.
        let column = try typesetter.typesetVertical("A漢字", font: dejaVu, size: 30)
        #expect(column.isVertical && column.usedFallback && column.fontRuns.count == 2)
        #expect(column.glyphs.map { $0.font } == [0, 1, 1])
        #expect(zip(column.glyphs, column.glyphs.dropFirst()).allSatisfy { $1.y > $0.y })
        #expect(column.glyphs[1].x == column.glyphs[2].x, "the Han glyphs share one centre line")
    }

    @Test("advances follow the size as the face changes size back and forth")
    func advancesFollowSize() throws {
        // Shaping reads a font of its own that must be rescaled whenever the face is: a stale
        // scale would give the second size the first size's advances.
        let t = FreeTypeTypesetter()
        let small = try t.typesetUnremembered("minimum", font: dejaVu, size: 20)
        let large = try t.typesetUnremembered("minimum", font: dejaVu, size: 40)
        let again = try t.typesetUnremembered("minimum", font: dejaVu, size: 20)
        #expect(small.advance > 50 && small.advance < 150)
        #expect(abs(large.advance - 2 * small.advance) <= 7.0 / 64)
        #expect(again.advance == small.advance)
        #expect(zip(again.glyphs, small.glyphs).allSatisfy { $0.x == $1.x && $0.id == $1.id })
    }

    @Test("a family resolves to its font file")
    func resolvesFamily() throws {
        let font = try FontLibrary.shared.resolve(dejaVu)
        #expect(font.file.hasSuffix("DejaVuSans.ttf"))
        #expect(font.family == "DejaVu Sans")
        #expect(font.weight == 400 && font.style == .normal)
        let bold = try FontLibrary.shared.resolve(FontDescriptor(family: "dejavu sans", weight: 700))
        #expect(bold.file.hasSuffix("DejaVuSans-Bold.ttf"))
        #expect(bold.family == "DejaVu Sans")
    }

    @Test("an unknown family is refused with close suggestions")
    func unknownFamily() throws {
        do {
            _ = try FontLibrary.shared.resolve(FontDescriptor(family: "DejaVu Sanz"))
            Issue.record("DejaVu Sanz should not resolve")
        } catch {
            // Not `catch let GraphicsError.unknownFontFamily(…)`: on a body that throws typed, that
            // pattern crashes Swift 6.3's compiler.
            guard case let .unknownFontFamily(name, suggestions) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "DejaVu Sanz")
            #expect(suggestions.contains("DejaVu Sans"))
            #expect(suggestions.count <= 3)
            let message = GraphicsError.unknownFontFamily(name, suggestions: suggestions).description
            #expect(message.contains("did you mean \"DejaVu Sans\""))
        }
        #expect(throws: GraphicsError.self) {
            try typesetter.typeset("x", font: FontDescriptor(family: "No Such Font Anywhere"), size: 12)
        }
    }

    @Test("font files are accepted and other files are not")
    func fontFiles() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let font = try FontLibrary.shared.resolve(FontDescriptor(family: path))
        #expect(font.file == path && font.family == "DejaVu Sans")
        let word = try typesetter.typeset("Hello", font: FontDescriptor(family: path), size: 20)
        #expect(word.glyphs.count == 5)

        let bogus = FileManager.default.temporaryDirectory
            .appendingPathComponent("not-a-font-\(UUID().uuidString).ttf").path
        try Data("this is not a font\n".utf8).write(to: URL(fileURLWithPath: bogus))
        defer { try? FileManager.default.removeItem(atPath: bogus) }
        #expect(throws: GraphicsError.notAFont(bogus)) {
            try FontLibrary.shared.resolve(FontDescriptor(family: bogus))
        }
        let missing = "/nonexistent/font.ttf"
        #expect(throws: GraphicsError.fontFileNotFound(missing)) {
            try FontLibrary.shared.resolve(FontDescriptor(family: missing))
        }
    }

    @Test("Chinese falls back to a CJK font")
    func chineseFallback() throws {
        let word = try typesetter.typeset("你好世界", font: dejaVu, size: 32)
        #expect(word.usedFallback)
        #expect(word.font.family.contains("CJK") || word.font.family.contains("Noto"))
        #expect(word.glyphs.count == 4)
        #expect(word.glyphs.allSatisfy { $0.id != 0 })
        #expect(word.advance > 0 && !word.inkBounds.isEmpty)
    }

    @Test("Arabic is right to left with joining forms")
    func arabic() throws {
        let word = try typesetter.typeset("مرحبا", font: dejaVu, size: 32)
        #expect(word.isRightToLeft)
        #expect(word.glyphs.allSatisfy { $0.id != 0 })
        // Visual order puts the first letter last, so compare with the isolated letters reversed.
        let isolated = try word.text.map { letter in
            try typesetter.typeset(String(letter), font: dejaVu, size: 32).glyphs.map(\.id)
        }.reversed().flatMap { $0 }
        #expect(word.glyphs.map(\.id) != isolated)
        let xs = word.glyphs.map(\.x)
        #expect(xs == xs.sorted())
    }

    @Test("ink bounds sit within ascent and descent")
    func inkBounds() throws {
        let word = try typesetter.typeset("Hg", font: dejaVu, size: 40)
        #expect(word.ascent > 0 && word.descent > 0)
        #expect(word.inkBounds.width > 0)
        #expect(word.inkBounds.minY >= -word.ascent - 1)
        #expect(word.inkBounds.maxY <= word.descent + 1)
        #expect(word.inkBounds.minY < -20)  // the H reaches well above the baseline
        #expect(word.inkBounds.maxY > 5)  // the g descends below it
        #expect(word.layoutBounds.contains(word.inkBounds))
        #expect(try typesetter.typeset(" ", font: dejaVu, size: 40).inkBounds == .zero)
    }

    @Test("doubling the size doubles the advance")
    func scaling() throws {
        let small = try typesetter.typeset("Typeset", font: dejaVu, size: 24)
        let large = try typesetter.typeset("Typeset", font: dejaVu, size: 48)
        #expect(abs(large.advance / small.advance - 2) < 0.02)
        #expect(abs(large.inkBounds.width / small.inkBounds.width - 2) < 0.05)
    }

    @Test("glyph outlines become SVG path data")
    func outlines() throws {
        let word = try typesetter.typeset("A", font: dejaVu, size: 48)
        let cache = GlyphOutlineCache()
        let path = try cache.pathData(glyph: word.glyphs[0].id, font: word.font, size: 48)
        #expect(path.hasPrefix("M"))
        #expect(path.contains("Z"))
        let numbers = path.split(separator: " ").filter { Double($0) != nil }
        #expect(numbers.allSatisfy { ($0.split(separator: ".").dropFirst().first?.count ?? 0) <= 2 })
        let placed = try cache.pathData(for: word.glyphs, font: word.font, size: 48, origin: Point(x: 100, y: 50))
        #expect(placed.hasPrefix("M") && placed != path)
    }

    @Test("typesetting without the memo gives the very words typesetting with it gives")
    func unremembered() throws {
        // A fresh typesetter, so nothing it answers comes from a memo filled by other tests.
        let fresh = FreeTypeTypesetter()
        for (text, size) in [("AVATAR", 48.0), ("office", 17), ("مرحبا", 30), ("日本語 🎉", 30), ("naïve café", 11)] {
            let once = try fresh.typesetUnremembered(text, font: dejaVu, size: size)
            #expect(once == (try typesetter.typeset(text, font: dejaVu, size: size)), "\(text)")
            #expect(once == (try fresh.typesetUnremembered(text, font: dejaVu, size: size)), "\(text)")
            #expect(!once.glyphs.isEmpty)
        }
        #expect(throws: GraphicsError.self) { try fresh.typesetUnremembered("x", font: dejaVu, size: 0) }
    }

    @Test("one typesetter can be shared across threads")
    func concurrency() throws {
        let texts = ["alpha", "beta", "gamma", "delta", "你好", "مرحبا", "AV", "Hg"]
        let expected = try texts.map { try typesetter.typeset($0, font: dejaVu, size: 30) }
        let fresh = FreeTypeTypesetter()
        let results = Results(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: texts.count * 4) { i in
            let word = try? fresh.typeset(texts[i % texts.count], font: dejaVu, size: 30)
            results.set(i % texts.count, word)
        }
        #expect(results.words == expected)
    }
}

/// Results gathered from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [TypesetWord?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ word: TypesetWord?) { lock.lock(); storage[i] = word; lock.unlock() }
    var words: [TypesetWord?] { lock.lock(); defer { lock.unlock() }; return storage }
}
