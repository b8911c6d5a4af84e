/// The seam between layout and real fonts: shapes a word in a font at a size and reports its
/// metrics and glyphs. FreeType + HarfBuzz implement it on Linux; CoreText could on Apple platforms.
public protocol Typesetter {
    /// Shapes `text` in `font` at `size` points (falling back to another font for characters
    /// the requested one lacks) and returns its glyphs and metrics.
    func typeset(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord

    /// `typeset(_:font:size:)` for a caller that keeps its own results (a word cloud keeps every
    /// word's masks, typesetting included): a typesetter that memoises may skip storing this one.
    /// The result is the same.
    func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord
}

extension Typesetter {
    /// By default, `typeset(_:font:size:)`.
    public func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        try typeset(text, font: font, size: size)
    }
}
