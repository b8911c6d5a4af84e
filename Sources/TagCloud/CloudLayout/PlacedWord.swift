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
    /// Rotation in degrees, clockwise on screen, about `origin`: the angle the word was placed
    /// at. An `upright` word's glyphs are not turned by it (`glyphRotation`).
    public var rotation: Double
    /// Glyphs relative to `origin` (before rotation).
    public var glyphs: [PositionedGlyph]
    /// Whether the word is set upright in a column, as Chinese, Japanese and Korean are written
    /// vertically (`CJKVertical`): its glyphs hang down from `origin` (the top of the column,
    /// centred across it), each upright under the one before, at `rotation` ±90° alike. Renderers
    /// draw its glyphs unturned (`glyphRotation`), and text output says vertical writing.
    public var upright: Bool {
        get { extras.fields.upright }
        set { extras.update { $0.upright = newValue } }
    }
    /// How far the glyphs are turned about `origin`, in degrees clockwise: `rotation`, or 0 for an
    /// `upright` word, whose column already runs down the page. Renderers turn glyphs by this.
    public var glyphRotation: Double { upright ? 0 : rotation }
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
        fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = [], upright: Bool = false
    ) {
        self.index = index; self.text = text
        self.weight = weight; self.frame = frame; self.origin = origin; self.baseline = origin.y
        self.inkBounds = inkBounds; self.font = font; self.fontSize = fontSize; self.color = color
        self.rotation = rotation; self.glyphs = glyphs; self.rightToLeft = rightToLeft
        self.fallbackFont = fallbackFont; self.shrunk = shrunk
        extras = RareFields(
            Fields(
                fullText: fullText, id: id, link: link, decoration: decoration, fallbackFonts: fallbackFonts,
                fontRuns: fontRuns, upright: upright))
    }

    /// The fields most words leave unset, as values.
    private struct Fields: OptionalFields {
        var fullText: String?
        var id: String?
        var link: String?
        var decoration: TagDecoration?
        var fallbackFonts: [ResolvedFont] = []
        var fontRuns: [FontRun] = []
        var upright = false

        var isEmpty: Bool {
            fullText == nil && id == nil && link == nil && decoration == nil && fallbackFonts.isEmpty && fontRuns.isEmpty
                && !upright
        }
    }

    /// The font of glyphs whose `font` index is `index` (0 = `font`).
    public func font(at index: Int) -> ResolvedFont { fallbackFonts.font(at: index, main: font) }
}
