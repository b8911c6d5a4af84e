/// The text set in one font, a piece of a word that mixes fonts (in logical order, as typed).
/// Vector text output needs it to name each piece's font (`<tspan font-family>` in SVG), since
/// glyphs alone do not say which characters they draw.
public struct FontRun: Hashable, Sendable {
    /// The run's font, numbered like `PositionedGlyph.font`.
    public var font: Int
    /// The characters of the run.
    public var text: String

    /// Creates a run.
    public init(font: Int, text: String) { self.font = font; self.text = text }
}

#if !hasFeature(Embedded)
extension FontRun: Codable {}
#endif
