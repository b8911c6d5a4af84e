/// A word on the canvas.
public struct PlacedWord: Hashable, Sendable {
    /// Position of the term in the input.
    public var index: Int
    /// The text drawn (shortened with an ellipsis when truncated).
    public var text: String
    /// The full input text when `text` was truncated.
    public var fullText: String? {
        get { extras.fields.fullText }
        set { extras.update { $0.fullText = newValue } }
    }
    /// The term's id, if any.
    public var id: String? {
        get { extras.fields.id }
        set { extras.update { $0.id = newValue } }
    }
    /// The term's link, if any. Outputs carry it only when `SafeLink` allows it: the JSON
    /// encoding and the SVG and HTML writers leave out a refused link.
    public var link: String? {
        get { extras.fields.link }
        set { extras.update { $0.link = newValue } }
    }
    /// The term's weight.
    public var weight: Double
    /// The tag's box in canvas points (includes padding; what an app sizes its button to).
    public var frame: Rect
    /// Start of the glyph run on the baseline, in canvas points.
    public var origin: Point
    /// The baseline's y coordinate (equals `origin.y`).
    public var baseline: Double
    /// The ink's bounding box in canvas points.
    public var inkBounds: Rect
    /// The font the word is drawn in.
    public var font: ResolvedFont
    /// Font size in points.
    public var fontSize: Double
    /// Fill colour.
    public var color: Color
    /// Rotation in degrees, clockwise on screen, about `origin`.
    public var rotation: Double
    /// Glyphs relative to `origin` (before rotation).
    public var glyphs: [PositionedGlyph]
    /// Whether the text is a right-to-left line (its first strong letter is right to left): its
    /// runs are ordered from the right, as `glyphs` already are and as text output must say.
    public var rightToLeft: Bool
    /// Whether a fallback font replaced, or joined, the requested one.
    public var fallbackFont: Bool
    /// Whether the size was reduced to make the word fit.
    public var shrunk: Bool
    /// The pill/button drawn behind the word, if any.
    public var decoration: TagDecoration? {
        get { extras.fields.decoration }
        set { extras.update { $0.decoration = newValue } }
    }
    /// Further fonts some glyphs are drawn in (a glyph's `font` index `i ≥ 1` names
    /// `fallbackFonts[i - 1]`); empty when the whole word is in `font`.
    public var fallbackFonts: [ResolvedFont] {
        get { extras.fields.fallbackFonts }
        set { extras.update { $0.fallbackFonts = newValue } }
    }
    /// The text split by font, in logical order; empty when the whole word is in `font`.
    public var fontRuns: [FontRun] {
        get { extras.fields.fontRuns }
        set { extras.update { $0.fontRuns = newValue } }
    }
    /// The fields most words leave unset, nil when all are: a flow of a million tags keeps a
    /// million placed words, so each inline field costs megabytes.
    private var extras: RareFields<Fields>

    /// Creates a placed word.
    public init(
        index: Int, text: String, fullText: String? = nil, id: String?, link: String?, weight: Double,
        frame: Rect, origin: Point, inkBounds: Rect, font: ResolvedFont, fontSize: Double,
        color: Color, rotation: Double = 0, glyphs: [PositionedGlyph], rightToLeft: Bool,
        fallbackFont: Bool, shrunk: Bool = false, decoration: TagDecoration? = nil,
        fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = []
    ) {
        self.index = index; self.text = text
        self.weight = weight; self.frame = frame; self.origin = origin; self.baseline = origin.y
        self.inkBounds = inkBounds; self.font = font; self.fontSize = fontSize; self.color = color
        self.rotation = rotation; self.glyphs = glyphs; self.rightToLeft = rightToLeft
        self.fallbackFont = fallbackFont; self.shrunk = shrunk
        extras = RareFields(
            Fields(
                fullText: fullText, id: id, link: link, decoration: decoration, fallbackFonts: fallbackFonts,
                fontRuns: fontRuns))
    }

    /// The fields most words leave unset, as values.
    private struct Fields: OptionalFields {
        var fullText: String?
        var id: String?
        var link: String?
        var decoration: TagDecoration?
        var fallbackFonts: [ResolvedFont] = []
        var fontRuns: [FontRun] = []

        var isEmpty: Bool {
            fullText == nil && id == nil && link == nil && decoration == nil && fallbackFonts.isEmpty && fontRuns.isEmpty
        }
    }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }

    #if !hasFeature(Embedded)
    private enum CodingKeys: String, CodingKey {
        case index, text, fullText, id, link, weight, frame, origin, baseline, inkBounds, font, fontSize
        case color, rotation, glyphs, rightToLeft, fallbackFont, shrunk, decoration, fallbackFonts, fontRuns
    }

    /// Decodes a placed word whose fonts are written in full (as a version 1 layout writes them);
    /// a font given as an index into the layout's `fonts` table is read by `CloudLayout`'s decoder.
    public init(from decoder: any Decoder) throws { try self.init(from: decoder, fonts: []) }

    /// Decodes a placed word: its fonts either in full or as indices into `fonts` (the layout's
    /// table, from version 2), and the keys a layout leaves out when they hold their default
    /// (glyphs when not asked for, `rotation` 0, the flags false, the fallback fields empty).
    init(from decoder: any Decoder, fonts: [ResolvedFont]) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func font(_ reference: FontReference) throws(CoreError) -> ResolvedFont {
            switch reference {
            case .font(let f): return f
            case .index(let i):
                guard fonts.indices.contains(i) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .font, in: c, debugDescription: "font \(i) is not in the layout's fonts (it has \(fonts.count))")
                }
                return fonts[i]
            }
        }
        index = try c.decode(Int.self, forKey: .index)
        text = try c.decode(String.self, forKey: .text)
        weight = try c.decode(Double.self, forKey: .weight)
        frame = try c.decode(Rect.self, forKey: .frame)
        origin = try c.decode(Point.self, forKey: .origin)
        baseline = try c.decode(Double.self, forKey: .baseline)
        inkBounds = try c.decode(Rect.self, forKey: .inkBounds)
        self.font = try font(c.decode(FontReference.self, forKey: .font))
        fontSize = try c.decode(Double.self, forKey: .fontSize)
        color = try c.decode(Color.self, forKey: .color)
        rotation = try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0
        glyphs = try c.decodeIfPresent([PositionedGlyph].self, forKey: .glyphs) ?? []
        rightToLeft = try c.decodeIfPresent(Bool.self, forKey: .rightToLeft) ?? false
        fallbackFont = try c.decodeIfPresent(Bool.self, forKey: .fallbackFont) ?? false
        shrunk = try c.decodeIfPresent(Bool.self, forKey: .shrunk) ?? false
        extras = RareFields(
            Fields(
                fullText: try c.decodeIfPresent(String.self, forKey: .fullText),
                id: try c.decodeIfPresent(String.self, forKey: .id),
                link: try c.decodeIfPresent(String.self, forKey: .link),
                decoration: try c.decodeIfPresent(TagDecoration.self, forKey: .decoration),
                fallbackFonts: try (c.decodeIfPresent([FontReference].self, forKey: .fallbackFonts) ?? []).map(font),
                fontRuns: try c.decodeIfPresent([FontRun].self, forKey: .fontRuns) ?? []))
    }
    #endif
}

#if !hasFeature(Embedded)
/// A font as a placed word's JSON names it: in full (version 1), or as an index into the
/// layout's `fonts` table (version 2).
private enum FontReference: Decodable {
    case index(Int)
    case font(ResolvedFont)

    init(from decoder: any Decoder) throws {
        if let i = try? decoder.singleValueContainer().decode(Int.self) {
            self = .index(i)
        } else {
            self = .font(try ResolvedFont(from: decoder))
        }
    }
}
#endif

#if !hasFeature(Embedded)
extension PlacedWord: Decodable {}
#endif
