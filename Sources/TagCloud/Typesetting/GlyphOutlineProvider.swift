/// The seam that turns glyphs into vector outlines, so a vector writer that knows nothing of font
/// files can draw text as paths (FreeType implements it in TagCloudGraphics).
public protocol GlyphOutlineProvider: AnyObject {
    /// SVG path data (absolute commands, y down) for `glyphs` of `font` at `size` points, each glyph
    /// placed at `origin` plus its own offset.
    func pathData(for glyphs: [PositionedGlyph], font: ResolvedFont, size: Double, origin: Point) throws(CoreError) -> String
}
