/// The seam that gives a vector writer the bytes of a font, cut down to the characters it needs, so
/// an SVG in text mode can carry its fonts (HarfBuzz's subsetter implements it in TagCloudGraphics).
public protocol FontSubsetProvider: AnyObject {
    /// An OpenType/TrueType font file holding at least the glyphs of `text` in `font`.
    func subset(of font: ResolvedFont, text: String) throws(CoreError) -> [UInt8]
}
