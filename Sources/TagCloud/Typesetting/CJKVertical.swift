/// How a word of Chinese, Japanese or Korean is drawn at a quarter turn (±90°).
///
/// Latin text runs down the page turned on its side; CJK readers set vertical text upright, each
/// character under the one before (知 stays 知, not turned). The decision is made here, once, for a
/// word at an angle (`setsUpright(_:angle:)`); the typesetter then shapes the word top to bottom
/// (`TypesetWord.isVertical`), the layout records it (`PlacedWord.upright`), and every renderer
/// reads that.
public enum CJKVertical: String, Hashable, Sendable, CaseIterable {
    /// Upright, glyph under glyph, reading top to bottom, at +90° and at -90° alike (the default).
    case upright
    /// Turned on its side like any other word: +90° reads top to bottom, -90° bottom to top.
    case rotated

    /// Whether `text` drawn at `angle` degrees is set upright in a column: the setting is
    /// `upright`, the angle is a quarter turn either way (90° or -90°, or a whole turn more), and
    /// the text is wholly CJK (`isCJK`). Any other word keeps its glyphs along a line turned by the angle.
    public func setsUpright(_ text: String, angle: Double) -> Bool {
        guard self == .upright, angle.isFinite else { return false }
        let turn = angle.truncatingRemainder(dividingBy: 360)
        guard turn == 90 || turn == -90 || turn == 270 || turn == -270 else { return false }
        return Self.isCJK(text)
    }

    /// Whether every character of `text` is one a vertical CJK line sets upright: Han, Hiragana,
    /// Katakana, Hangul, Bopomofo, CJK punctuation and symbols, full-width forms, and the variation
    /// selectors that pick an ideograph's form; with at least one Han, Kana or Hangul letter.
    /// "漢字", "ひらがな", "한국어" and "東京タワー" are; "ABC漢字" and "漢字 2" are not.
    public static func isCJK(_ text: String) -> Bool {
        var letter = false
        for s in text.unicodeScalars {
            switch s.value {
            case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
                0x31A0...0x31BF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
                0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F:
                letter = true
            case 0x2FF0...0x2FFF, 0x3000...0x303F, 0x3190...0x319F, 0x31C0...0x31EF, 0x3200...0x33FF,
                0xFE00...0xFE0F, 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF01...0xFF65, 0xFFE0...0xFFEE,
                0xE0100...0xE01EF:
                continue
            default:
                return false
            }
        }
        return letter
    }

    /// `text` in `font` at `size`, shaped for `angle`: top to bottom when `setsUpright` says so,
    /// else as a line. Layouts typeset a cloud's words through this, so the masks they place and
    /// the glyphs they record come from one shaping.
    func typeset<T: Typesetter>(
        _ text: String, font: FontDescriptor, size: Double, angle: Double, with typesetter: T
    ) throws(CoreError) -> TypesetWord {
        if setsUpright(text, angle: angle) { return try typesetter.typesetVertical(text, font: font, size: size) }
        return try typesetter.typesetUnremembered(text, font: font, size: size)
    }
}

#if !hasFeature(Embedded)
extension CJKVertical: Codable {}
#endif
