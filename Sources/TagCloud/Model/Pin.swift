/// A fixed place for one word of a word cloud: the word is drawn exactly there, at that angle and
/// size, before the other words are placed around it.
///
/// The reference point is the centre of the word's frame (`PlacedWord.frame`, the box around its
/// ink), so an editor that drags a word by some distance pins it at its frame's centre moved by that
/// distance. The frame lies on whole pixels, so its centre lands within half a point of the pin.
public struct Pin: Hashable, Sendable {
    /// Where the centre of the word's frame goes, in points from the canvas's left edge.
    public var x: Double
    /// Where the centre of the word's frame goes, in points from the canvas's top edge.
    public var y: Double
    /// Rotation in degrees, clockwise on screen, as `PlacedWord.rotation`. Default 0.
    public var angle: Double
    /// Font size in points; nil: the size the cloud's sizing gives the word at full scale.
    public var size: Double?

    /// The largest angle accepted either way, in degrees.
    public static let angleLimit = 360.0

    /// Creates a pin at (`x`, `y`).
    public init(x: Double, y: Double, angle: Double = 0, size: Double? = nil) {
        self.x = x; self.y = y; self.angle = angle; self.size = size
    }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey { case x, y, angle, size }

    /// Decodes a pin; `angle` and `size` may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        angle = try c.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        size = try c.decodeIfPresent(Double.self, forKey: .size)
    }
    #endif

    /// Throws `TagCloudError.invalidPin` naming `text` (the pinned word) and the field when a value
    /// is unusable: a coordinate that is not finite, an angle beyond ±`angleLimit`, a size outside
    /// 0.5 to `CloudStyle.fontSizeLimit` points.
    public func validate(text: String) throws(CoreError) {
        for (field, v) in [("x", x), ("y", y)] where !v.isFinite {
            throw TagCloudError.invalidPin(text: text, field: field, value: v, expected: "a finite number of points")
        }
        guard angle.isFinite, abs(angle) <= Self.angleLimit else {
            throw TagCloudError.invalidPin(
                text: text, field: "angle", value: angle,
                expected: "degrees from -\(Int(Self.angleLimit)) to \(Int(Self.angleLimit))")
        }
        if let size, !(size.isFinite && size >= 0.5 && size <= CloudStyle.fontSizeLimit) {
            throw TagCloudError.invalidPin(
                text: text, field: "size", value: size,
                expected: "a font size in points from 0.5 to \(Int(CloudStyle.fontSizeLimit))")
        }
    }
}

#if !hasFeature(Embedded)
extension Pin: Codable {}
#endif
