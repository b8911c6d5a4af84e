/// One glyph of a shaped run, positioned relative to the run's origin (on the baseline, at the pen
/// start); y grows downward.
public struct PositionedGlyph: Hashable, Sendable {
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

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey { case id, x, y, font }

    /// Decodes a glyph; `font` is optional, as glyphs in the word's main font leave it out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UInt32.self, forKey: .id)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        font = try c.decodeIfPresent(Int.self, forKey: .font) ?? 0
    }

    /// Encodes a glyph, writing `font` only when it is not the main font, so single-font layouts
    /// carry no font indices.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        if font != 0 { try c.encode(font, forKey: .font) }
    }
    #endif
}

#if !hasFeature(Embedded)
extension PositionedGlyph: Codable {}
#endif
