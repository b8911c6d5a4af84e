/// A term with its look decided: font, size and colour. (A word cloud chooses each word's angle as it
/// places it, from `WordCloudOptions.rotation`; a flow does not rotate.)
public struct StyledWord: Hashable, Sendable {
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

    /// Creates a styled word.
    public init(term: Term, index: Int, font: FontDescriptor, size: Double, color: Color) {
        self.term = term; self.index = index; self.font = font; self.size = size
        self.color = color
    }
}

#if !hasFeature(Embedded)
extension StyledWord: Codable {}
#endif
