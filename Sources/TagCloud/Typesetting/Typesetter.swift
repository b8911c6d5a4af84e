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

    /// `text` set top to bottom, each glyph upright under the one before, as Chinese, Japanese
    /// and Korean are written in columns (`TypesetWord.isVertical`): the glyphs hang down from the
    /// origin, centred on it, with the font's vertical forms and advances. Not remembered, like
    /// `typesetUnremembered`. A typesetter that cannot set vertical text returns the word as a
    /// line (`isVertical` false), which a layout then turns like any other word.
    func typesetVertical(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord
}

extension Typesetter {
    /// By default, `typeset(_:font:size:)`.
    public func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        try typeset(text, font: font, size: size)
    }

    /// By default, the word as a line: `typesetUnremembered(_:font:size:)`.
    public func typesetVertical(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        try typesetUnremembered(text, font: font, size: size)
    }
}
