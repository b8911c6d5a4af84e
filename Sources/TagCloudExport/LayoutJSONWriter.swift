import TagCloud

/// Writes a `CloudLayout` as JSON text: the one place the layout's JSON schema is spelled
/// (docs/json-layout.md describes it; `CloudLayout(json:)` reads it back, and the tests
/// check that every field survives the trip).
///
/// The text is JSON with keys sorted at every level: one line for each key of the layout, and one
/// line for each element of its `fonts`, `placed` and `unplaced` arrays, indented by two spaces a
/// level; each line is compact, as `JSONEncoder` writes with `[.sortedKeys,
/// .withoutEscapingSlashes]` (its string escapes, numbers as Swift's `description` without a
/// trailing `.0`), so any JSON tool reads it, a diff shows the words that changed, and equal
/// layouts give equal bytes. Keys are written in their sorted order directly and numbers with few
/// binary fraction digits (glyph positions are 1/64 of a point) without a `String`, as a large
/// flow's JSON would otherwise take longer than its layout.
///
/// A word names its fonts by index into the layout's `fonts` table (in order of first use), and
/// its glyphs are written only when asked for: they are most of the bytes of a large layout, and
/// an app that draws the text itself has no use for them. Optional fields are left out when nil,
/// a word's flags when false, its rotation when 0 and its fallback fonts when empty, as the
/// decoder reads them; a stored property added to a layout type must be added here.
///
/// With a sink, the text is handed over in pieces of about `chunkBytes` as it is made, so a large
/// layout never exists twice in memory.
struct LayoutJSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether each placed word's `glyphs` are written.
    private let glyphs: Bool
    private let sink: ((UnsafeRawBufferPointer) throws(CoreError) -> Void)?
    private var fonts = LayoutFontTable()
    /// Whether the innermost open object or array has had no member yet, whether its members
    /// are written one a line, and the same for the ones around it.
    private var empty = true
    private var lines = false
    private var enclosing: [(empty: Bool, lines: Bool)] = []
    /// The size of the pieces handed to the sink.
    static let chunkBytes = 1 << 20

    /// A writer that keeps the whole text in `bytes`.
    init(capacity: Int, glyphs: Bool) {
        self.glyphs = glyphs
        sink = nil
        bytes.reserveCapacity(capacity)
    }

    /// A writer that hands the text to `sink` in pieces.
    init(glyphs: Bool, sink: @escaping (UnsafeRawBufferPointer) throws(CoreError) -> Void) {
        self.glyphs = glyphs
        self.sink = sink
        bytes.reserveCapacity(Self.chunkBytes + (Self.chunkBytes >> 2))
    }

    // MARK: - The layout

    mutating func write(_ layout: CloudLayout) throws(CoreError) {
        fonts = LayoutFontTable(layout)
        beginObject(lines: true)
        if let background = layout.background { key("background"); color(background) }
        if let contour = layout.contour {
            key("contour")
            beginObject()
            key("color"); color(contour.color)
            key("polygons")
            beginArray()
            for polygon in contour.polygons {
                element()
                beginArray()
                for p in polygon { element(); point(p) }
                endArray()
            }
            endArray()
            key("width"); number(contour.width)
            endObject()
        }
        key("fonts")
        beginArray(lines: true)
        for f in fonts.fonts { element(); font(f) }
        endArray()
        key("kind"); string(layout.kind.rawValue)
        if let legend = layout.legend { key("legend"); self.legend(legend) }
        key("placed")
        beginArray(lines: true)
        for w in layout.placed {
            element()
            word(w)
            if bytes.count >= Self.chunkBytes { try flush() }
        }
        endArray()
        if let seed = layout.seed { key("seed"); unsigned(seed) }
        key("size")
        beginObject()
        key("height"); number(layout.size.height)
        key("width"); number(layout.size.width)
        endObject()
        key("unplaced")
        beginArray(lines: true)
        for u in layout.unplaced {
            element()
            beginObject()
            if let id = u.id { key("id"); string(id) }
            key("index"); integer(u.index)
            key("reason"); string(u.reason.rawValue)
            key("text"); string(u.text)
            endObject()
            if bytes.count >= Self.chunkBytes { try flush() }
        }
        endArray()
        key("version"); integer(CloudLayout.jsonVersion)
        endObject()
        bytes.append(0x0A)
        try flush()
    }

    /// Hands what is written so far to the sink, if there is one.
    private mutating func flush() throws(CoreError) {
        guard let sink, !bytes.isEmpty else { return }
        // Array's withUnsafeBytes rethrows untyped, which Embedded Swift cannot carry.
        var failure: CoreError? = nil
        bytes.withUnsafeBytes { buffer in
            do throws(CoreError) { try sink(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func legend(_ legend: SizeLegend) {
        beginObject()
        key("caption"); word(legend.caption)
        key("entries")
        beginArray()
        for e in legend.entries {
            element()
            beginObject()
            key("fontSize"); number(e.fontSize)
            key("label"); word(e.label)
            key("sample"); word(e.sample)
            key("weight"); number(e.weight)
            endObject()
        }
        endArray()
        key("height"); number(legend.height)
        endObject()
    }

    private mutating func word(_ w: PlacedWord) {
        beginObject()
        key("baseline"); number(w.baseline)
        key("color"); color(w.color)
        if let d = w.decoration {
            key("decoration")
            beginObject()
            if let border = d.border { key("border"); color(border) }
            key("borderWidth"); number(d.borderWidth)
            key("cornerRadius"); number(d.cornerRadius)
            if let fill = d.fill { key("fill"); color(fill) }
            endObject()
        }
        if w.fallbackFont { key("fallbackFont"); boolean(true) }
        if !w.fallbackFonts.isEmpty {
            key("fallbackFonts")
            beginArray()
            for f in w.fallbackFonts { element(); integer(fonts.index(of: f)) }
            endArray()
        }
        key("font"); integer(fonts.index(of: w.font))
        if !w.fontRuns.isEmpty {
            key("fontRuns")
            beginArray()
            for run in w.fontRuns {
                element()
                beginObject()
                key("font"); integer(run.font)
                key("text"); string(run.text)
                endObject()
            }
            endArray()
        }
        key("fontSize"); number(w.fontSize)
        key("frame"); rect(w.frame)
        if let fullText = w.fullText { key("fullText"); string(fullText) }
        if glyphs {
            key("glyphs")
            beginArray()
            for g in w.glyphs { glyph(g) }
            endArray()
        }
        if let id = w.id { key("id"); string(id) }
        key("index"); integer(w.index)
        key("inkBounds"); rect(w.inkBounds)
        if let link = w.link.flatMap(SafeLink.sanitized) { key("link"); string(link) }
        key("origin"); point(w.origin)
        if w.rightToLeft { key("rightToLeft"); boolean(true) }
        if w.rotation != 0 { key("rotation"); number(w.rotation) }
        if w.shrunk { key("shrunk"); boolean(true) }
        key("text"); string(w.text)
        if w.upright { key("upright"); boolean(true) }
        key("weight"); number(w.weight)
        endObject()
    }

    private mutating func glyph(_ g: PositionedGlyph) {
        element()
        beginObject()
        if g.font != 0 { key("font"); integer(g.font) }
        key("id"); unsigned(UInt64(g.id))
        key("x"); number(g.x)
        key("y"); number(g.y)
        endObject()
    }

    private mutating func font(_ f: ResolvedFont) {
        beginObject()
        key("faceIndex"); integer(f.faceIndex)
        key("family"); string(f.family)
        key("file"); string(f.file)
        key("style"); string(f.style.rawValue)
        key("weight"); integer(f.weight)
        endObject()
    }

    private mutating func rect(_ r: Rect) {
        beginObject()
        key("height"); number(r.height)
        key("width"); number(r.width)
        key("x"); number(r.x)
        key("y"); number(r.y)
        endObject()
    }

    private mutating func point(_ p: Point) {
        beginObject()
        key("x"); number(p.x)
        key("y"); number(p.y)
        endObject()
    }

    // MARK: - Containers

    /// A line break and the indent of the innermost open container's members (or, with `closing`,
    /// of the container itself).
    private mutating func newline(closing: Bool = false) {
        bytes.append(0x0A)
        for _ in 0..<(enclosing.count - (closing ? 1 : 0)) { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func beginObject(lines: Bool = false) { begin(UInt8(ascii: "{"), lines: lines) }
    private mutating func endObject() { end(UInt8(ascii: "}")) }
    private mutating func beginArray(lines: Bool = false) { begin(UInt8(ascii: "["), lines: lines) }
    private mutating func endArray() { end(UInt8(ascii: "]")) }

    private mutating func begin(_ bracket: UInt8, lines: Bool) {
        bytes.append(bracket)
        enclosing.append((empty, self.lines))
        empty = true
        self.lines = lines
    }

    private mutating func end(_ bracket: UInt8) {
        if lines && !empty { newline(closing: true) }
        bytes.append(bracket)
        (empty, lines) = enclosing.removeLast()
    }

    /// A comma before every member but the first, and the member's own line where members have one.
    private mutating func element() {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        if lines { newline() }
    }

    private mutating func key(_ name: StaticString) {
        element()
        bytes.append(0x22)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [0x22, 0x3A])  // `":`
    }

    // MARK: - Values

    private mutating func boolean(_ b: Bool) {
        let word: StaticString = b ? "true" : "false"
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func integer(_ v: Int) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(v.magnitude)
    }

    private mutating func unsigned<T: UnsignedInteger>(_ v: T) {
        var v = UInt64(v)
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[19 - n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            bytes.append(contentsOf: d[(20 - n)...])
        }
    }

    /// As `JSONEncoder` writes a Double: its `description`, less a trailing ".0". A value between
    /// 1/1024 and 10^15 in size with at most ten binary fraction digits (whole numbers, glyph
    /// positions in 1/64 point) is written here digit by digit when its exact decimal expansion
    /// has at most 15 significant digits: any shorter decimal is then at least 10^-15 of the value
    /// away from it, more than half a Double's spacing (2^-53 of it), so the expansion is what the
    /// shortest-round-trip `description` prints.
    private mutating func number(_ d: Double) {
        let m = d.magnitude
        if d == 0 {
            if d.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if m >= 1.0 / 1024, m < 1e15 {
            let scaled = m * 1024  // exact: a power of two
            if scaled == scaled.rounded(.towardZero) {
                let units = UInt64(scaled)
                let whole = units >> 10, fraction = units & 1023
                // Digits of the fraction (fraction / 1024 ends within ten), and its leading zeros.
                var fractionDigits = 0, leadingZeros = 0, f = fraction
                while f != 0 {
                    f *= 10
                    if f >> 10 == 0 && fractionDigits == leadingZeros { leadingZeros += 1 }
                    f &= 1023
                    fractionDigits += 1
                }
                var wholeDigits = 0, w = whole
                while w != 0 { wholeDigits += 1; w /= 10 }
                let significant = whole == 0 ? fractionDigits - leadingZeros : wholeDigits + fractionDigits
                if significant <= 15 {
                    if d < 0 { bytes.append(UInt8(ascii: "-")) }
                    unsigned(whole)
                    if fraction != 0 {
                        bytes.append(UInt8(ascii: "."))
                        f = fraction
                        while f != 0 {
                            f *= 10
                            bytes.append(UInt8(ascii: "0") + UInt8(f >> 10))
                            f &= 1023
                        }
                    }
                    return
                }
            }
        }
        var text = d.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A colour as `Color.hex` spells it (`"#rrggbb"`, `"#rrggbbaa"` when not opaque), without
    /// making the `String`.
    private mutating func color(_ c: Color) {
        let hex = Self.hexDigits
        bytes.append(contentsOf: [
            0x22, UInt8(ascii: "#"), hex[Int(c.red >> 4)], hex[Int(c.red & 15)],
            hex[Int(c.green >> 4)], hex[Int(c.green & 15)], hex[Int(c.blue >> 4)], hex[Int(c.blue & 15)],
        ])
        if c.alpha != 255 { bytes.append(contentsOf: [hex[Int(c.alpha >> 4)], hex[Int(c.alpha & 15)]]) }
        bytes.append(0x22)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func string(_ s: String) { JSONString.append(s, to: &bytes) }
}
