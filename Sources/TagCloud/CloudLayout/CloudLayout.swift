/// The hinge of the pipeline: everything a renderer or an app needs to draw a cloud, and nothing else.
/// Its JSON form (what `tagcloud … -o layout.json` writes) is written by TagCloudExport's
/// `LayoutJSON.encode` and read back through `Decodable`, which reads every version up to
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

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case kind, size, background, placed, unplaced, seed, contour, legend, fonts, version
    }

    /// Decodes a layout of any version up to `jsonVersion`; a newer one is refused, as its words
    /// may mean something this reader does not know.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard (1...Self.jsonVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "version \(version) is not one this reader knows (1 to \(Self.jsonVersion))")
        }
        let fonts = try c.decodeIfPresent([ResolvedFont].self, forKey: .fonts) ?? []
        kind = try c.decode(Kind.self, forKey: .kind)
        size = try c.decode(Size.self, forKey: .size)
        background = try c.decodeIfPresent(Color.self, forKey: .background)
        var list = try c.nestedUnkeyedContainer(forKey: .placed)
        var placed: [PlacedWord] = []
        placed.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd { placed.append(try PlacedWord(from: list.superDecoder(), fonts: fonts)) }
        self.placed = placed
        unplaced = try c.decode([UnplacedWord].self, forKey: .unplaced)
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
        contour = try c.decodeIfPresent(Contour.self, forKey: .contour)
        legend = try c.contains(.legend) ? SizeLegend(from: c.superDecoder(forKey: .legend), fonts: fonts) : nil
    }
    #endif
}

#if !hasFeature(Embedded)
extension CloudLayout: Decodable {}
extension CloudLayout.Kind: Codable {}
#endif
