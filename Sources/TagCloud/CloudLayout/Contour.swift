/// The outline of a cloud's shape, drawn as a stroke over the background and under the words.
public struct Contour: Hashable, Sendable {
    /// Closed polygons in canvas points (the last point joins the first).
    public var polygons: [[Point]]
    /// Stroke width in points.
    public var width: Double
    /// Stroke colour.
    public var color: Color

    /// Creates a contour.
    public init(polygons: [[Point]], width: Double, color: Color) {
        self.polygons = polygons; self.width = width; self.color = color
    }
}

#if !hasFeature(Embedded)
extension Contour: Codable {}
#endif
