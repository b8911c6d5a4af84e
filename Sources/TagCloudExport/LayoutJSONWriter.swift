import TagCloud

/// Writes a `CloudLayout` as JSON text: the one place the layout's JSON schema is spelled
/// (docs/json-layout.md describes it; `CloudLayout`'s `Decodable` reads it back, and the tests
/// check that every field survives the trip).
///
/// The text follows `JSONEncoder`'s pretty-printed form with sorted keys (two-space indents,
/// `" : "`, empty containers as `[`, a blank line and `]`, its string escapes, numbers as Swift's
/// `description` without a trailing `.0`), so any JSON tool reads it and equal layouts give equal
/// bytes. Keys are written in their sorted order directly and numbers with few binary fraction
/// digits (glyph positions are 1/64 of a point) without a `String`, as a large flow's JSON would
/// otherwise take longer than its layout.
///
/// Optional fields are left out when nil (and a placed word's font fallbacks when empty), as the
/// decoder reads them; a stored property added to a layout type must be added here.
struct LayoutJSONWriter {
    private(set) var bytes: [UInt8] = []
    private var level = 0
    /// Whether the innermost open object or array has had no member yet, and the same for the
    /// ones around it.
    private var empty = true
    private var enclosing: [Bool] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    // MARK: - The layout

    mutating func write(_ layout: CloudLayout) {
        beginObject()
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
        key("kind"); string(layout.kind.rawValue)
        if let legend = layout.legend { key("legend"); self.legend(legend) }
        key("placed")
        beginArray()
        for w in layout.placed { element(); word(w) }
        endArray()
        if let seed = layout.seed { key("seed"); unsigned(seed) }
        key("size")
        beginObject()
        key("height"); number(layout.size.height)
        key("width"); number(layout.size.width)
        endObject()
        key("unplaced")
        beginArray()
        for u in layout.unplaced {
            element()
            beginObject()
            if let id = u.id { key("id"); string(id) }
            key("index"); integer(u.index)
            key("reason"); string(u.reason.rawValue)
            key("text"); string(u.text)
            endObject()
        }
        endArray()
        endObject()
        bytes.append(0x0A)
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
        key("fallbackFont"); boolean(w.fallbackFont)
        if !w.fallbackFonts.isEmpty {
            key("fallbackFonts")
            beginArray()
            for f in w.fallbackFonts { element(); font(f) }
            endArray()
        }
        key("font"); font(w.font)
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
        key("glyphs")
        beginArray()
        for g in w.glyphs {
            element()
            beginObject()
            if g.font != 0 { key("font"); integer(g.font) }
            key("id"); unsigned(UInt64(g.id))
            key("x"); number(g.x)
            key("y"); number(g.y)
            endObject()
        }
        endArray()
        if let id = w.id { key("id"); string(id) }
        key("index"); integer(w.index)
        key("inkBounds"); rect(w.inkBounds)
        if let link = w.link.flatMap(SafeLink.sanitized) { key("link"); string(link) }
        key("origin"); point(w.origin)
        key("rightToLeft"); boolean(w.rightToLeft)
        key("rotation"); number(w.rotation)
        key("shrunk"); boolean(w.shrunk)
        key("text"); string(w.text)
        key("weight"); number(w.weight)
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

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func beginObject() { begin(UInt8(ascii: "{")) }
    private mutating func endObject() { end(UInt8(ascii: "}")) }
    private mutating func beginArray() { begin(UInt8(ascii: "[")) }
    private mutating func endArray() { end(UInt8(ascii: "]")) }

    private mutating func begin(_ bracket: UInt8) {
        bytes.append(bracket)
        enclosing.append(empty)
        empty = true
        level += 1
    }

    private mutating func end(_ bracket: UInt8) {
        level -= 1
        // An empty container is written with a blank line inside it.
        if empty { bytes.append(0x0A) }
        newline()
        bytes.append(bracket)
        empty = enclosing.removeLast()
    }

    /// A comma before every member but the first, and the member's own line.
    private mutating func element() {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        newline()
    }

    private mutating func key(_ name: StaticString) {
        element()
        bytes.append(0x22)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [0x22, 0x20, 0x3A, 0x20])  // `" : `
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
