/// A shaped word: glyphs in visual order and metrics, all in points relative to the origin
/// (the baseline at the start of the pen advance), y down.
public struct TypesetWord: Hashable, Sendable {
    /// The text that was shaped.
    public var text: String
    /// The word's main font: the requested one, or the fallback font when that draws the whole
    /// word; glyphs with `font` index 0 are in it, others in `fallbackFonts`.
    public var font: ResolvedFont
    /// Size in points.
    public var size: Double
    /// Total pen advance.
    public var advance: Double
    /// Font ascent above the baseline (positive).
    public var ascent: Double
    /// Font descent below the baseline (positive).
    public var descent: Double
    /// Bounds of the ink, relative to the origin (y down; `minY` is negative above the baseline).
    public var inkBounds: Rect
    /// Glyphs in visual (left-to-right) order.
    public var glyphs: [PositionedGlyph]
    /// Whether the text is a right-to-left line: its first strong letter is right to left (Arabic,
    /// Hebrew), so its directional runs are ordered from the right ("שלום hello" draws the Latin
    /// word on the left).
    public var isRightToLeft: Bool
    /// Whether a fallback font was used instead of, or as well as, the requested one.
    public var usedFallback: Bool
    /// Further fonts some glyphs are set in, for characters `font` lacks; a glyph's `font` index
    /// `i ≥ 1` names `fallbackFonts[i - 1]`. Empty when the whole word is in `font`.
    public var fallbackFonts: [ResolvedFont]
    /// The word's text split by font, in logical order; empty when the whole word is in `font`.
    public var fontRuns: [FontRun]

    /// Creates a typeset word.
    public init(
        text: String, font: ResolvedFont, size: Double, advance: Double, ascent: Double,
        descent: Double, inkBounds: Rect, glyphs: [PositionedGlyph],
        isRightToLeft: Bool = false, usedFallback: Bool = false,
        fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = []
    ) {
        self.text = text; self.font = font; self.size = size; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.inkBounds = inkBounds
        self.glyphs = glyphs; self.isRightToLeft = isRightToLeft; self.usedFallback = usedFallback
        self.fallbackFonts = fallbackFonts; self.fontRuns = fontRuns
    }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case text, font, size, advance, ascent, descent, inkBounds, glyphs, isRightToLeft, usedFallback
        case fallbackFonts, fontRuns
    }

    /// Decodes a word; the fallback fields are optional, as single-font words leave them out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        font = try c.decode(ResolvedFont.self, forKey: .font)
        size = try c.decode(Double.self, forKey: .size)
        advance = try c.decode(Double.self, forKey: .advance)
        ascent = try c.decode(Double.self, forKey: .ascent)
        descent = try c.decode(Double.self, forKey: .descent)
        inkBounds = try c.decode(Rect.self, forKey: .inkBounds)
        glyphs = try c.decode([PositionedGlyph].self, forKey: .glyphs)
        isRightToLeft = try c.decode(Bool.self, forKey: .isRightToLeft)
        usedFallback = try c.decode(Bool.self, forKey: .usedFallback)
        fallbackFonts = try c.decodeIfPresent([ResolvedFont].self, forKey: .fallbackFonts) ?? []
        fontRuns = try c.decodeIfPresent([FontRun].self, forKey: .fontRuns) ?? []
    }

    /// Encodes a word, leaving out the fallback fields when empty, so single-font JSON holds none.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(font, forKey: .font)
        try c.encode(size, forKey: .size)
        try c.encode(advance, forKey: .advance)
        try c.encode(ascent, forKey: .ascent)
        try c.encode(descent, forKey: .descent)
        try c.encode(inkBounds, forKey: .inkBounds)
        try c.encode(glyphs, forKey: .glyphs)
        try c.encode(isRightToLeft, forKey: .isRightToLeft)
        try c.encode(usedFallback, forKey: .usedFallback)
        if !fallbackFonts.isEmpty { try c.encode(fallbackFonts, forKey: .fallbackFonts) }
        if !fontRuns.isEmpty { try c.encode(fontRuns, forKey: .fontRuns) }
    }
    #endif

    /// The box a layout reserves for the word: from the font's ascent to its descent, widened to
    /// any ink that reaches beyond them or beyond the advance, relative to the origin.
    public var layoutBounds: Rect {
        let left = min(0, inkBounds.isEmpty ? 0 : inkBounds.minX)
        let right = max(advance, inkBounds.isEmpty ? 0 : inkBounds.maxX)
        let top = min(-ascent, inkBounds.isEmpty ? 0 : inkBounds.minY)
        let bottom = max(descent, inkBounds.isEmpty ? 0 : inkBounds.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

#if !hasFeature(Embedded)
extension TypesetWord: Codable {}
#endif
