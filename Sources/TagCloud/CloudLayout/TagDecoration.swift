/// A pill or button shape drawn behind a tag.
public struct TagDecoration: Hashable, Sendable {
    /// Fill colour; `nil` draws no fill.
    public var fill: Color?
    /// Border colour; `nil` draws no border.
    public var border: Color?
    /// Border width in points.
    public var borderWidth: Double
    /// Corner radius in points. Layouts clamp it to half the frame's smaller side, so a huge value
    /// (`.greatestFiniteMagnitude`) asks for a pill.
    public var cornerRadius: Double

    /// Creates a decoration.
    public init(fill: Color? = nil, border: Color? = nil, borderWidth: Double = 1, cornerRadius: Double = 6) {
        self.fill = fill; self.border = border; self.borderWidth = borderWidth; self.cornerRadius = cornerRadius
    }
}

#if !hasFeature(Embedded)
extension TagDecoration: Codable {}
#endif
