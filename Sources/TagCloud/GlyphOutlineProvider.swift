/// The seam that turns glyphs into vector outlines, so a vector writer that knows nothing of font
/// files can draw text as paths (FreeType implements it in TagCloudGraphics).
public protocol GlyphOutlineProvider {
    /// SVG path data (absolute commands, y down) for `glyphs` of `font` at `size` points, each glyph
    /// placed at `origin` plus its own offset.
    func pathData(for glyphs: [PositionedGlyph], font: ResolvedFont, size: Double, origin: Point) throws -> String
}

/// The seam that gives a vector writer the bytes of a font, cut down to the characters it needs, so
/// an SVG in text mode can carry its fonts (HarfBuzz's subsetter implements it in TagCloudGraphics).
public protocol FontSubsetProvider {
    /// An OpenType/TrueType font file holding at least the glyphs of `text` in `font`.
    func subset(of font: ResolvedFont, text: String) throws -> [UInt8]
}
