/// A word's coverage at one size and angle: the pixels its glyphs touch, and where the mask's
/// top-left pixel lies relative to the word's origin (the baseline start), in whole pixels.
public struct WordMask: Hashable, Sendable {
    /// Covered pixels.
    public var bits: BitMask
    /// Column of the mask's left edge relative to the origin.
    public var offsetX: Int
    /// Row of the mask's top edge relative to the origin (negative above the baseline).
    public var offsetY: Int

    /// Creates a word mask.
    public init(bits: BitMask, offsetX: Int, offsetY: Int) {
        self.bits = bits; self.offsetX = offsetX; self.offsetY = offsetY
    }

    /// The mask grown by `radius` pixels on every side (the margin between words).
    public func dilated(by radius: Int) -> WordMask {
        guard radius > 0 else { return self }
        return WordMask(bits: bits.dilated(by: radius), offsetX: offsetX - radius, offsetY: offsetY - radius)
    }
}
