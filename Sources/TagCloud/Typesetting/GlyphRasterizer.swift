/// The seam that turns a shaped word into pixels: which pixels its glyphs cover when drawn at its
/// origin, rotated. FreeType implements it in TagCloudGraphics; implementations must be safe to call
/// from several threads at once.
public protocol GlyphRasterizer: Sendable {
    /// The pixels (1 pixel = 1 point) covered by `word` drawn with its origin at (0, 0), rotated by
    /// `rotation` degrees clockwise about the origin. A pixel counts when any of it is covered.
    func coverage(of word: TypesetWord, rotation: Double) throws(CoreError) -> WordMask

    /// A size the mask of `word` at `rotation` is sure to reach in each direction, known without
    /// rasterising it, or nil when there is no such cheap bound. A layout skips a word at a size
    /// and angle whose mask could not fit its area however it were placed; an implementation must
    /// never answer more than `coverage(of:rotation:)` would give.
    func coverageLowerBound(of word: TypesetWord, rotation: Double) -> (width: Int, height: Int)?
}

extension GlyphRasterizer {
    /// No bound: every mask is rasterised before it is searched.
    public func coverageLowerBound(of word: TypesetWord, rotation: Double) -> (width: Int, height: Int)? { nil }
}
