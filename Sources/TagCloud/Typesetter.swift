/// The seam between layout and real fonts: shapes a word in a font at a size and reports its
/// metrics and glyphs. FreeType + HarfBuzz implement it on Linux; CoreText could on Apple platforms.
public protocol Typesetter {
    /// Shapes `text` in `font` at `size` points (falling back to another font for characters
    /// the requested one lacks) and returns its glyphs and metrics.
    func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord
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

    /// Creates a positioned glyph.
    public init(id: UInt32, x: Double, y: Double) { self.id = id; self.x = x; self.y = y }
}

/// A shaped word: glyphs in visual order and metrics, all in points relative to the origin
/// (the baseline at the start of the pen advance), y down.
public struct TypesetWord: Hashable, Codable, Sendable {
    /// The text that was shaped.
    public var text: String
    /// The font actually used (the fallback font when the requested one lacked characters).
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
    /// Whether the text runs right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool
    /// Whether a fallback font was used instead of the requested one.
    public var usedFallback: Bool

    /// Creates a typeset word.
    public init(text: String, font: ResolvedFont, size: Double, advance: Double, ascent: Double,
                descent: Double, inkBounds: Rect, glyphs: [PositionedGlyph],
                isRightToLeft: Bool = false, usedFallback: Bool = false) {
        self.text = text; self.font = font; self.size = size; self.advance = advance
        self.ascent = ascent; self.descent = descent; self.inkBounds = inkBounds
        self.glyphs = glyphs; self.isRightToLeft = isRightToLeft; self.usedFallback = usedFallback
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
