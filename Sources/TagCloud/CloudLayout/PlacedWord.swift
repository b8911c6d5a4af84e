/// A word on the canvas.
public struct PlacedWord: Hashable, Decodable, Sendable {
    /// Position of the term in the input.
    public var index: Int
    /// The text drawn (shortened with an ellipsis when truncated).
    public var text: String
    /// The full input text when `text` was truncated.
    public var fullText: String?
    /// The term's id, if any.
    public var id: String?
    /// The term's link, if any. Outputs carry it only when `SafeLink` allows it: the JSON
    /// encoding and the SVG and HTML writers leave out a refused link.
    public var link: String?
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
    public var decoration: TagDecoration?
    /// Further fonts some glyphs are drawn in (a glyph's `font` index `i ≥ 1` names
    /// `fallbackFonts[i - 1]`); empty when the whole word is in `font`.
    public var fallbackFonts: [ResolvedFont]
    /// The text split by font, in logical order; empty when the whole word is in `font`.
    public var fontRuns: [FontRun]

    /// Creates a placed word.
    public init(
        index: Int, text: String, fullText: String? = nil, id: String?, link: String?, weight: Double,
        frame: Rect, origin: Point, inkBounds: Rect, font: ResolvedFont, fontSize: Double,
        color: Color, rotation: Double = 0, glyphs: [PositionedGlyph], rightToLeft: Bool,
        fallbackFont: Bool, shrunk: Bool = false, decoration: TagDecoration? = nil,
        fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = []
    ) {
        self.index = index; self.text = text; self.fullText = fullText; self.id = id; self.link = link
        self.weight = weight; self.frame = frame; self.origin = origin; self.baseline = origin.y
        self.inkBounds = inkBounds; self.font = font; self.fontSize = fontSize; self.color = color
        self.rotation = rotation; self.glyphs = glyphs; self.rightToLeft = rightToLeft
        self.fallbackFont = fallbackFont; self.shrunk = shrunk; self.decoration = decoration
        self.fallbackFonts = fallbackFonts; self.fontRuns = fontRuns
    }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }

    private enum CodingKeys: String, CodingKey {
        case index, text, fullText, id, link, weight, frame, origin, baseline, inkBounds, font, fontSize
        case color, rotation, glyphs, rightToLeft, fallbackFont, shrunk, decoration, fallbackFonts, fontRuns
    }

    /// Decodes a placed word; the fallback fields are optional, as single-font layouts leave them out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        text = try c.decode(String.self, forKey: .text)
        fullText = try c.decodeIfPresent(String.self, forKey: .fullText)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        weight = try c.decode(Double.self, forKey: .weight)
        frame = try c.decode(Rect.self, forKey: .frame)
        origin = try c.decode(Point.self, forKey: .origin)
        baseline = try c.decode(Double.self, forKey: .baseline)
        inkBounds = try c.decode(Rect.self, forKey: .inkBounds)
        font = try c.decode(ResolvedFont.self, forKey: .font)
        fontSize = try c.decode(Double.self, forKey: .fontSize)
        color = try c.decode(Color.self, forKey: .color)
        rotation = try c.decode(Double.self, forKey: .rotation)
        glyphs = try c.decode([PositionedGlyph].self, forKey: .glyphs)
        rightToLeft = try c.decode(Bool.self, forKey: .rightToLeft)
        fallbackFont = try c.decode(Bool.self, forKey: .fallbackFont)
        shrunk = try c.decode(Bool.self, forKey: .shrunk)
        decoration = try c.decodeIfPresent(TagDecoration.self, forKey: .decoration)
        fallbackFonts = try c.decodeIfPresent([ResolvedFont].self, forKey: .fallbackFonts) ?? []
        fontRuns = try c.decodeIfPresent([FontRun].self, forKey: .fontRuns) ?? []
    }
}
