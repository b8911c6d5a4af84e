/// How a picture becomes a mask of where words may go.
public struct ImageMaskOptions: Sendable, Hashable {
    /// Swap allowed and forbidden pixels.
    public var invert: Bool
    /// The cut-off, 0–255: with transparency, pixels with alpha ≥ `threshold` are allowed;
    /// without, pixels with luminance < `threshold` are allowed.
    public var threshold: UInt8

    /// Creates options; the defaults allow opaque or dark pixels.
    public init(invert: Bool = false, threshold: UInt8 = 128) {
        self.invert = invert; self.threshold = threshold
    }
}
