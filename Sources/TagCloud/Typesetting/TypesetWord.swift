/// A shaped word: glyphs in visual order and metrics, all in points relative to the origin
/// (the baseline at the start of the pen advance), y down. A vertical word (`isVertical`) is a
/// column instead: its origin is the top of the column, centred across it.
public struct TypesetWord: Hashable, Sendable {
    /// The text that was shaped.
    public var text: String
    /// The word's main font: the requested one, or the fallback font when that draws the whole
    /// word; glyphs with `font` index 0 are in it, others in `fallbackFonts`.
    public var font: ResolvedFont
    /// Size in points.
    public var size: Double
    /// Total pen advance: the line's width, or a vertical word's column height.
    public var advance: Double
    /// Font ascent above the baseline (positive).
    public var ascent: Double
    /// Font descent below the baseline (positive).
    public var descent: Double
    /// Bounds of the ink, relative to the origin (y down; `minY` is negative above the baseline).
    public var inkBounds: Rect
    /// Glyphs in visual order: left to right, or top to bottom in a vertical word.
    public var glyphs: [PositionedGlyph]
    /// Whether the word was set top to bottom with its glyphs upright (`Typesetter.typesetVertical`),
    /// as CJK is set in columns: the glyphs hang down from the origin in the font's vertical
    /// forms, and are drawn unturned whatever angle the word is placed at (`glyphRotation(at:)`).
    public var isVertical: Bool
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
        fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = [], isVertical: Bool = false
    ) {
        self.text = text; self.font = font; self.size = size; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.inkBounds = inkBounds
        self.glyphs = glyphs; self.isRightToLeft = isRightToLeft; self.usedFallback = usedFallback
        self.fallbackFonts = fallbackFonts; self.fontRuns = fontRuns; self.isVertical = isVertical
    }

    /// How far the glyphs are turned when the word is placed at `angle` degrees: the angle, or 0
    /// for a vertical word, whose column already runs down the page with its glyphs upright.
    public func glyphRotation(at angle: Double) -> Double { isVertical ? 0 : angle }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case text, font, size, advance, ascent, descent, inkBounds, glyphs, isRightToLeft, usedFallback
        case fallbackFonts, fontRuns, isVertical
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
        isVertical = try c.decodeIfPresent(Bool.self, forKey: .isVertical) ?? false
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
        if isVertical { try c.encode(isVertical, forKey: .isVertical) }
    }
    #endif

    /// The box a layout reserves for the word: from the font's ascent to its descent, widened to
    /// any ink that reaches beyond them or beyond the advance, relative to the origin. For a
    /// vertical word: one em across, centred, down the column's advance, widened to its ink.
    public var layoutBounds: Rect {
        let line =
            isVertical
            ? (left: -size / 2, right: size / 2, top: 0.0, bottom: advance)
            : (left: 0, right: advance, top: -ascent, bottom: descent)
        let left = min(line.left, inkBounds.isEmpty ? line.left : inkBounds.minX)
        let right = max(line.right, inkBounds.isEmpty ? line.right : inkBounds.maxX)
        let top = min(line.top, inkBounds.isEmpty ? line.top : inkBounds.minY)
        let bottom = max(line.bottom, inkBounds.isEmpty ? line.bottom : inkBounds.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

#if !hasFeature(Embedded)
extension TypesetWord: Codable {}
#endif
