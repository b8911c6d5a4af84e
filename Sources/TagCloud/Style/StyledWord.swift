/// A term with its look decided: font, size, colour and rotation.
public struct StyledWord: Hashable, Codable, Sendable {
    /// The term.
    public var term: Term
    /// Position in the input list.
    public var index: Int
    /// Requested font.
    public var font: FontDescriptor
    /// Font size in points.
    public var size: Double
    /// Fill colour.
    public var color: Color
    /// Rotation in degrees, clockwise on screen (as SVG `rotate`).
    public var rotation: Double

    /// Creates a styled word.
    public init(term: Term, index: Int, font: FontDescriptor, size: Double, color: Color, rotation: Double = 0) {
        self.term = term; self.index = index; self.font = font; self.size = size
        self.color = color; self.rotation = rotation
    }
}
