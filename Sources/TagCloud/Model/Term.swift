/// One word or tag to be drawn, with its weight and the optional data an app attaches to it.
public struct Term: Hashable, Codable, Sendable {
    /// The text shown.
    public var text: String
    /// Importance; larger weights get larger fonts. Must be finite and non-negative.
    public var weight: Double
    /// An identifier the app chooses, carried through to the layout unchanged.
    public var id: String?
    /// A link the word points to (used by the SVG and HTML outputs).
    public var link: String?
    /// A fixed colour for this word, overriding the palette.
    public var color: Color?
    /// A group name (for colouring by group).
    public var group: String?
    /// A fixed place in a word cloud (`WordCloudLayout` places the word exactly there, before the
    /// others); nil: the layout finds a place. `FlowLayout` ignores it.
    public var pin: Pin?

    /// Creates a term.
    public init(
        _ text: String, weight: Double = 1, id: String? = nil, link: String? = nil,
        color: Color? = nil, group: String? = nil, pin: Pin? = nil
    ) {
        self.text = text; self.weight = weight; self.id = id; self.link = link
        self.color = color; self.group = group; self.pin = pin
    }
}
