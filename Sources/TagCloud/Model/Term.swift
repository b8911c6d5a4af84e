/// One word or tag to be drawn, with its weight and the optional data an app attaches to it.
///
/// The optional data lives in one shared box, absent when none is set: most terms have only text
/// and weight, and a million of them then take 32 bytes each instead of 120.
public struct Term: Hashable, Sendable {
    /// The text shown.
    public var text: String
    /// Importance; larger weights get larger fonts. Must be finite and non-negative.
    public var weight: Double
    /// The optional fields, boxed only when one is set.
    private var extras: RareFields<Fields>

    /// An identifier the app chooses, carried through to the layout unchanged.
    public var id: String? {
        get { extras.fields.id }
        set { extras.update { $0.id = newValue } }
    }
    /// A link the word points to (used by the SVG and HTML outputs).
    public var link: String? {
        get { extras.fields.link }
        set { extras.update { $0.link = newValue } }
    }
    /// A fixed colour for this word, overriding the palette.
    public var color: Color? {
        get { extras.fields.color }
        set { extras.update { $0.color = newValue } }
    }
    /// A group name (for colouring by group).
    public var group: String? {
        get { extras.fields.group }
        set { extras.update { $0.group = newValue } }
    }
    /// A fixed place in a word cloud (`WordCloudLayout` places the word exactly there, before the
    /// others); nil: the layout finds a place. `FlowLayout` ignores it.
    public var pin: Pin? {
        get { extras.fields.pin }
        set { extras.update { $0.pin = newValue } }
    }

    /// A font family (or font file) for this word alone, in place of the style's choice.
    public var font: String? {
        get { extras.fields.font }
        set { extras.update { $0.font = newValue } }
    }
    /// An angle for this word alone (degrees, clockwise), in place of the angles the layout draws;
    /// `WordCloudLayout` tries no other. A pin's angle wins over it.
    public var angle: Double? {
        get { extras.fields.angle }
        set { extras.update { $0.angle = newValue } }
    }

    /// Creates a term.
    public init(
        _ text: String, weight: Double = 1, id: String? = nil, link: String? = nil,
        color: Color? = nil, group: String? = nil, pin: Pin? = nil
    ) {
        self.text = text
        self.weight = weight
        extras = RareFields(Fields(id: id, link: link, color: color, group: group, pin: pin))
    }

    /// The optional fields as values.
    private struct Fields: OptionalFields {
        var id: String?
        var link: String?
        var color: Color?
        var group: String?
        var pin: Pin?
        var font: String?
        var angle: Double?

        var isEmpty: Bool {
            id == nil && link == nil && color == nil && group == nil && pin == nil && font == nil && angle == nil
        }
    }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case text, weight, id, link, color, group, pin
    }

    /// Decodes a term: `text` and `weight`, and each optional field when present.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try c.decode(String.self, forKey: .text), weight: try c.decode(Double.self, forKey: .weight),
            id: try c.decodeIfPresent(String.self, forKey: .id), link: try c.decodeIfPresent(String.self, forKey: .link),
            color: try c.decodeIfPresent(Color.self, forKey: .color),
            group: try c.decodeIfPresent(String.self, forKey: .group), pin: try c.decodeIfPresent(Pin.self, forKey: .pin))
    }

    /// Encodes a term: `text` and `weight`, and each optional field that is set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(weight, forKey: .weight)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(color, forKey: .color)
        try c.encodeIfPresent(group, forKey: .group)
        try c.encodeIfPresent(pin, forKey: .pin)
    }
    #endif
}

#if !hasFeature(Embedded)
extension Term: Codable {}
#endif
