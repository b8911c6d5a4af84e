/// The hinge of the pipeline: everything a renderer or an app needs to draw a cloud, and nothing else.
/// Its JSON form (what `tagcloud … -o layout.json` writes) is written by TagCloudExport's
/// `LayoutJSON.encode` and read back by `init(json:)`, which reads every version up to
/// `jsonVersion` (docs/json-layout.md).
public struct CloudLayout: Hashable, Sendable {
    /// Which layout made a cloud.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Rows of tags (`FlowLayout`).
        case flow
        /// A word cloud (`WordCloudLayout`).
        case cloud
    }

    /// Which layout made it.
    public var kind: Kind
    /// Canvas size in points.
    public var size: Size
    /// Canvas background; `nil` is transparent.
    public var background: Color?
    /// Words that were placed, in input order.
    public var placed: [PlacedWord]
    /// Words that were not placed, each with its reason. Nothing is dropped silently.
    public var unplaced: [UnplacedWord]
    /// The seed of the generator the layout drew its random choices from; nil when the caller
    /// passed a generator of its own, or styled the words itself.
    public var seed: UInt64?
    /// The outline of the shape or mask the words were placed in, when it is to be drawn.
    public var contour: Contour?
    /// The key of weights and their sizes, drawn as a band below the canvas; nil without one.
    public var legend: SizeLegend? = nil

    /// Creates a layout.
    public init(
        kind: Kind, size: Size, background: Color?, placed: [PlacedWord],
        unplaced: [UnplacedWord], seed: UInt64?, contour: Contour? = nil
    ) {
        self.kind = kind; self.size = size; self.background = background; self.placed = placed
        self.unplaced = unplaced; self.seed = seed; self.contour = contour
    }

    /// The version of the JSON form `LayoutJSON` writes (its `version` key): 2 names fonts by
    /// index into one `fonts` table and leaves glyphs out unless asked. A file without the key is
    /// version 1 (each word's fonts in full); both are read.
    public static let jsonVersion = 2
}

#if !hasFeature(Embedded)
extension CloudLayout.Kind: Codable {}
#endif
