/// The hinge of the pipeline: everything a renderer or an app needs to draw a cloud, and nothing else.
/// It is `Codable`; its JSON form is what `tagcloud … -o layout.json` writes.
public struct CloudLayout: Hashable, Codable, Sendable {
    /// Which layout made it: "flow" or "cloud".
    public var kind: String
    /// Canvas size in points.
    public var size: Size
    /// Canvas background; `nil` is transparent.
    public var background: Color?
    /// Words that were placed, in input order.
    public var placed: [PlacedWord]
    /// Words that were not placed, each with its reason. Nothing is dropped silently.
    public var unplaced: [UnplacedWord]
    /// The seed that produced the styling and placement.
    public var seed: UInt64
    /// The outline of the shape or mask the words were placed in, when it is to be drawn.
    public var contour: Contour?

    /// Creates a layout.
    public init(kind: String, size: Size, background: Color?, placed: [PlacedWord],
                unplaced: [UnplacedWord], seed: UInt64, contour: Contour? = nil) {
        self.kind = kind; self.size = size; self.background = background; self.placed = placed
        self.unplaced = unplaced; self.seed = seed; self.contour = contour
    }
}
