import TagCloud
import TagCloudTestSupport
import Testing

@Suite("CJK words at a quarter turn: upright or turned")
struct CJKVerticalTests {
    @Test(
        "wholly CJK words are CJK; words with Latin letters, digits or spaces are not",
        arguments: [
            ("漢字", true), ("知", true), ("ひらがな", true), ("カタカナー", true), ("한국어", true), ("東京タワー", true),
            ("「論語」", true), ("々", false), ("。", false), ("ABC漢字", false), ("漢字 2", false), ("漢字2", false),
            ("hello", false), ("", false), ("ｶﾀｶﾅ", true), ("𠀋", true),
        ])
    func cjk(text: String, expected: Bool) {
        #expect(CJKVertical.isCJK(text) == expected, "\(text)")
    }

    @Test("upright only at ±90° (a whole turn more or less too), and only when asked")
    func angles() {
        for angle in [90.0, -90, 270, -270, 450] { #expect(CJKVertical.upright.setsUpright("漢字", angle: angle), "\(angle)") }
        for angle in [0.0, 45, -45, 89.9, 180, .nan, .infinity] {
            #expect(!CJKVertical.upright.setsUpright("漢字", angle: angle), "\(angle)")
        }
        #expect(!CJKVertical.rotated.setsUpright("漢字", angle: 90))
        #expect(!CJKVertical.upright.setsUpright("ABC漢字", angle: 90))
    }

    /// A typesetter that sets every word it is asked to as a column of one-em glyphs; its masks
    /// are `FakeTypesetter`'s.
    struct ColumnTypesetter: Typesetter, GlyphRasterizer {
        func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
            try FakeTypesetter().typeset(text, font: font, size: size)
        }
        func typesetVertical(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
            var word = try FakeTypesetter().typeset(text, font: font, size: size)
            word.glyphs = word.glyphs.indices.map { PositionedGlyph(id: UInt32($0 + 1), x: -size / 2, y: Double($0 + 1) * size) }
            word.isVertical = true
            return word
        }
        func coverage(of word: TypesetWord, rotation: Double) throws -> WordMask {
            try FakeTypesetter().coverage(of: word, rotation: rotation)
        }
    }

    @Test("a word cloud typesets and records upright words, by the option, and keeps their angle")
    func layoutRecordsUpright() throws {
        var o = WordCloudOptions()
        o.width = 400
        o.height = 300
        o.rotation = .angles([90])
        let terms = [Term("漢字", weight: 3), Term("ABC漢字", weight: 2), Term("かな", weight: 1)]
        let typesetter = ColumnTypesetter()
        let upright = try WordCloudLayout(o).layout(terms, typesetter: typesetter)
        #expect(upright.placed.map { $0.upright } == [true, false, true])
        #expect(upright.placed.allSatisfy { $0.rotation == 90 })
        #expect(upright.placed.map { $0.glyphRotation } == [0, 90, 0])
        #expect(
            upright.placed[0].glyphs.map { $0.y }
                == upright.placed[0].glyphs.indices.map { Double($0 + 1) * upright.placed[0].fontSize })
        o.cjkVertical = .rotated
        let turned = try WordCloudLayout(o).layout(terms, typesetter: typesetter)
        #expect(turned.placed.allSatisfy { !$0.upright && $0.glyphRotation == 90 })
    }
}
