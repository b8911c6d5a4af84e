extension PlacedWord {
    /// The fields a placed word's JSON must have; the others may be left out, as the writer leaves
    /// them out when they hold their default.
    static let requiredKeys = [
        "index", "text", "weight", "frame", "origin", "baseline", "inkBounds", "font", "fontSize", "color",
    ]

    /// Reads a placed word: its fonts either in full (version 1) or as indices into `fonts`, the
    /// layout's table (version 2).
    init(reading r: inout LayoutJSONReader, fonts: [ResolvedFont]) throws(LayoutJSONError) {
        var index = 0, text = "", weight = 0.0, baseline = 0.0, fontSize = 0.0, rotation = 0.0
        var frame = Rect.zero, inkBounds = Rect.zero, origin = Point(x: 0, y: 0)
        var font = ResolvedFont(family: "", file: ""), color = Color.black
        var glyphs: [PositionedGlyph] = [], fallbackFonts: [ResolvedFont] = [], fontRuns: [FontRun] = []
        var rightToLeft = false, fallbackFont = false, shrunk = false, upright = false
        var fullText: String?, id: String?, link: String?, decoration: TagDecoration?
        try r.object(required: Self.requiredKeys) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "index": index = try r.integer()
            case "text": text = try r.string()
            case "weight": weight = try r.double()
            case "frame": frame = try Rect(reading: &r)
            case "origin": origin = try Point(reading: &r)
            case "baseline": baseline = try r.double()
            case "inkBounds": inkBounds = try Rect(reading: &r)
            case "font": font = try ResolvedFont(reference: &r, in: fonts)
            case "fontSize": fontSize = try r.double()
            case "color": color = try r.color()
            case "rotation": rotation = try r.null() ? 0 : r.double()
            case "glyphs": glyphs = try r.null() ? [] : r.list { (r) throws(LayoutJSONError) in try PositionedGlyph(reading: &r) }
            case "rightToLeft": rightToLeft = try r.null() ? false : r.bool()
            case "fallbackFont": fallbackFont = try r.null() ? false : r.bool()
            case "shrunk": shrunk = try r.null() ? false : r.bool()
            case "upright": upright = try r.null() ? false : r.bool()
            case "fullText": fullText = try r.null() ? nil : r.string()
            case "id": id = try r.null() ? nil : r.string()
            case "link": link = try r.null() ? nil : r.string()
            case "decoration": decoration = try r.null() ? nil : TagDecoration(reading: &r)
            case "fallbackFonts":
                fallbackFonts =
                    try r.null() ? [] : r.list { (r) throws(LayoutJSONError) in try ResolvedFont(reference: &r, in: fonts) }
            case "fontRuns": fontRuns = try r.null() ? [] : r.list { (r) throws(LayoutJSONError) in try FontRun(reading: &r) }
            default: return false
            }
            return true
        }
        self.init(
            index: index, text: text, fullText: fullText, id: id, link: link, weight: weight, frame: frame, origin: origin,
            inkBounds: inkBounds, font: font, fontSize: fontSize, color: color, rotation: rotation, glyphs: glyphs,
            rightToLeft: rightToLeft, fallbackFont: fallbackFont, shrunk: shrunk, decoration: decoration,
            fallbackFonts: fallbackFonts, fontRuns: fontRuns, upright: upright)
        self.baseline = baseline
    }
}

extension ResolvedFont {
    /// Reads a font written in full: `family`, `file`, `faceIndex`, `weight`, `style`.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var family = "", file = "", faceIndex = 0, weight = 0, style = FontStyle.normal
        try r.object(required: ["family", "file", "faceIndex", "weight", "style"]) {
            (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "family": family = try r.string()
            case "file": file = try r.string()
            case "faceIndex": faceIndex = try r.integer()
            case "weight": weight = try r.integer()
            case "style": style = try r.choice(FontStyle.self)
            default: return false
            }
            return true
        }
        self.init(family: family, file: file, faceIndex: faceIndex, weight: weight, style: style)
    }

    /// Reads a font a word names: an index into `fonts` (version 2) or the font in full (version 1).
    init(reference r: inout LayoutJSONReader, in fonts: [ResolvedFont]) throws(LayoutJSONError) {
        guard try r.peek() == .number else {
            self = try ResolvedFont(reading: &r)
            return
        }
        let i: Int = try r.integer()
        guard fonts.indices.contains(i) else {
            throw LayoutJSONError("\(r.place): font \(i) is not in the layout's fonts (it has \(fonts.count))")
        }
        self = fonts[i]
    }
}

extension PositionedGlyph {
    /// Reads a glyph: `id`, `x`, `y`, and `font` when not the word's main font.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var id: UInt32 = 0, x = 0.0, y = 0.0, font = 0
        try r.object(required: ["id", "x", "y"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "id": id = try r.integer(UInt32.self)
            case "x": x = try r.double()
            case "y": y = try r.double()
            case "font": font = try r.null() ? 0 : r.integer()
            default: return false
            }
            return true
        }
        self.init(id: id, x: x, y: y, font: font)
    }
}

extension FontRun {
    /// Reads a run of a word's text set in one font: `font` (an index), `text`.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var font = 0, text = ""
        try r.object(required: ["font", "text"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "font": font = try r.integer()
            case "text": text = try r.string()
            default: return false
            }
            return true
        }
        self.init(font: font, text: text)
    }
}

extension TagDecoration {
    /// Reads a tag's frame: `fill`, `border` (either may be left out), `borderWidth`, `cornerRadius`.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var fill: Color?, border: Color?, borderWidth = 0.0, cornerRadius = 0.0
        try r.object(required: ["borderWidth", "cornerRadius"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "fill": fill = try r.null() ? nil : r.color()
            case "border": border = try r.null() ? nil : r.color()
            case "borderWidth": borderWidth = try r.double()
            case "cornerRadius": cornerRadius = try r.double()
            default: return false
            }
            return true
        }
        self.init(fill: fill, border: border, borderWidth: borderWidth, cornerRadius: cornerRadius)
    }
}
