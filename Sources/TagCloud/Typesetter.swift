/// The seam between layout and real fonts: shapes a word in a font at a size and reports its
/// metrics and glyphs. FreeType + HarfBuzz implement it on Linux; CoreText could on Apple platforms.
public protocol Typesetter {
    /// Shapes `text` in `font` at `size` points (falling back to another font for characters
    /// the requested one lacks) and returns its glyphs and metrics.
    func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord

    /// `typeset(_:font:size:)` for a caller that keeps its own results (a word cloud keeps every
    /// word's masks, typesetting included): a typesetter that memoises may skip storing this one.
    /// The result is the same.
    func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord
}

extension Typesetter {
    /// By default, `typeset(_:font:size:)`.
    public func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
        try typeset(text, font: font, size: size)
    }
}

/// One glyph of a shaped run, positioned relative to the run's origin (on the baseline, at the pen
/// start); y grows downward.
public struct PositionedGlyph: Hashable, Codable, Sendable {
    /// Glyph index in the font.
    public var id: UInt32
    /// Horizontal offset from the origin, in points.
    public var x: Double
    /// Vertical offset from the baseline, in points (down is positive).
    public var y: Double
    /// Which of the word's fonts the glyph is in: 0 is the word's `font`, `i ≥ 1` is
    /// `fallbackFonts[i - 1]`. A glyph id only means something together with its font.
    public var font: Int

    /// Creates a positioned glyph.
    public init(id: UInt32, x: Double, y: Double, font: Int = 0) {
        self.id = id; self.x = x; self.y = y; self.font = font
    }

    private enum CodingKeys: String, CodingKey { case id, x, y, font }

    /// Decodes a glyph; `font` is optional so layouts written before font fallback still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UInt32.self, forKey: .id)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        font = try c.decodeIfPresent(Int.self, forKey: .font) ?? 0
    }

    /// Encodes a glyph, writing `font` only when it is not the main font, so single-font layouts
    /// keep the exact JSON they had before fallback fonts existed.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        if font != 0 { try c.encode(font, forKey: .font) }
    }
}

/// The text set in one font, a piece of a word that mixes fonts (in logical order, as typed).
/// Vector text output needs it to name each piece's font (`<tspan font-family>` in SVG), since
/// glyphs alone do not say which characters they draw.
public struct FontRun: Hashable, Codable, Sendable {
    /// The run's font, numbered like `PositionedGlyph.font`.
    public var font: Int
    /// The characters of the run.
    public var text: String

    /// Creates a run.
    public init(font: Int, text: String) { self.font = font; self.text = text }
}

extension Array where Element == ResolvedFont {
    /// The font numbered `index` in a word whose main font is `main` and whose fallback fonts are
    /// this array (0 = `main`); an index out of range gives `main`, so a damaged layout still draws.
    public func font(at index: Int, main: ResolvedFont) -> ResolvedFont {
        index >= 1 && index <= count ? self[index - 1] : main
    }
}

/// A shaped word: glyphs in visual order and metrics, all in points relative to the origin
/// (the baseline at the start of the pen advance), y down.
public struct TypesetWord: Hashable, Codable, Sendable {
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
    public init(text: String, font: ResolvedFont, size: Double, advance: Double, ascent: Double,
                descent: Double, inkBounds: Rect, glyphs: [PositionedGlyph],
                isRightToLeft: Bool = false, usedFallback: Bool = false,
                fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = []) {
        self.text = text; self.font = font; self.size = size; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.inkBounds = inkBounds
        self.glyphs = glyphs; self.isRightToLeft = isRightToLeft; self.usedFallback = usedFallback
        self.fallbackFonts = fallbackFonts; self.fontRuns = fontRuns
    }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }

    private enum CodingKeys: String, CodingKey {
        case text, font, size, advance, ascent, descent, inkBounds, glyphs, isRightToLeft, usedFallback
        case fallbackFonts, fontRuns
    }

    /// Decodes a word; the fallback fields are optional so older JSON still loads.
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

    /// Encodes a word, leaving out the fallback fields when empty so single-font JSON is unchanged.
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
