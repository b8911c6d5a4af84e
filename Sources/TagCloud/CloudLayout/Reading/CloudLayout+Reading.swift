extension CloudLayout {
    /// Reads the JSON form of a layout (`LayoutJSON.encode`, docs/json-layout.md) of any version up to
    /// `jsonVersion`; a newer one is refused, as its words may mean something this reader does not
    /// know. The fonts table is read first wherever it stands, as version 2's words name their fonts
    /// by index into it.
    public init(json bytes: [UInt8]) throws(LayoutJSONError) {
        let (version, fonts) = try Self.versionAndFonts(bytes)
        guard (1...Self.jsonVersion).contains(version) else {
            throw LayoutJSONError("version \(version) is not one this reader knows (1 to \(Self.jsonVersion))")
        }
        var kind = Kind.cloud, size = Size.zero, background: Color?, seed: UInt64?
        var placed: [PlacedWord] = [], unplaced: [UnplacedWord] = []
        var contour: Contour?, legend: SizeLegend?
        var r = LayoutJSONReader(bytes)
        try r.object(required: ["kind", "size", "placed", "unplaced"]) {
            (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "kind": kind = try r.choice(Kind.self)
            case "size": size = try Size(reading: &r)
            case "background": background = try r.null() ? nil : r.color()
            case "placed":
                placed = try r.list { (r) throws(LayoutJSONError) in try PlacedWord(reading: &r, fonts: fonts) }
            case "unplaced": unplaced = try r.list { (r) throws(LayoutJSONError) in try UnplacedWord(reading: &r) }
            case "seed": seed = try r.null() ? nil : r.integer(UInt64.self)
            case "contour": contour = try r.null() ? nil : Contour(reading: &r)
            case "legend": legend = try r.null() ? nil : SizeLegend(reading: &r, fonts: fonts)
            default: return false
            }
            return true
        }
        try r.finish()
        self.init(
            kind: kind, size: size, background: background, placed: placed, unplaced: unplaced, seed: seed,
            contour: contour)
        self.legend = legend
    }

    /// The layout's `version` (1 when it has none) and its `fonts` table (empty when none).
    private static func versionAndFonts(_ bytes: [UInt8]) throws(LayoutJSONError) -> (Int, [ResolvedFont]) {
        var version = 1
        var fonts: [ResolvedFont] = []
        var r = LayoutJSONReader(bytes)
        try r.object { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "version": version = try r.null() ? 1 : r.integer()
            case "fonts": fonts = try r.null() ? [] : r.list { (r) throws(LayoutJSONError) in try ResolvedFont(reading: &r) }
            default: return false
            }
            return true
        }
        return (version, fonts)
    }
}

extension SizeLegend {
    /// Reads a legend whose words name their fonts in full or by index into `fonts`.
    init(reading r: inout LayoutJSONReader, fonts: [ResolvedFont]) throws(LayoutJSONError) {
        var height = 0.0, entries: [Entry] = []
        var caption: PlacedWord?
        try r.object(required: ["height", "caption", "entries"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "height": height = try r.double()
            case "caption": caption = try PlacedWord(reading: &r, fonts: fonts)
            case "entries": entries = try r.list { (r) throws(LayoutJSONError) in try Entry(reading: &r, fonts: fonts) }
            default: return false
            }
            return true
        }
        guard let caption else { throw r.missing("caption") }
        self.init(height: height, caption: caption, entries: entries)
    }
}

extension SizeLegend.Entry {
    /// Reads one sample of a legend: `weight`, `fontSize`, its `sample` word and `label`.
    init(reading r: inout LayoutJSONReader, fonts: [ResolvedFont]) throws(LayoutJSONError) {
        var weight = 0.0, fontSize = 0.0
        var sample: PlacedWord?, label: PlacedWord?
        try r.object(required: ["weight", "fontSize", "sample", "label"]) {
            (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "weight": weight = try r.double()
            case "fontSize": fontSize = try r.double()
            case "sample": sample = try PlacedWord(reading: &r, fonts: fonts)
            case "label": label = try PlacedWord(reading: &r, fonts: fonts)
            default: return false
            }
            return true
        }
        guard let sample, let label else { throw r.missing(sample == nil ? "sample" : "label") }
        self.init(weight: weight, fontSize: fontSize, sample: sample, label: label)
    }
}

extension UnplacedWord {
    /// Reads a word left out: `index`, `text`, `reason`, and `id` when it has one.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var index = 0, text = "", id: String?, reason = Reason.noSpace
        try r.object(required: ["index", "text", "reason"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "index": index = try r.integer()
            case "text": text = try r.string()
            case "id": id = try r.null() ? nil : r.string()
            case "reason": reason = try r.choice(Reason.self)
            default: return false
            }
            return true
        }
        self.init(index: index, text: text, id: id, reason: reason)
    }
}

extension Contour {
    /// Reads a shape's outline: its `polygons` of points, line `width` and `color`.
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        var polygons: [[Point]] = [], width = 0.0, color = Color.black
        try r.object(required: ["polygons", "width", "color"]) { (r: inout LayoutJSONReader, key) throws(LayoutJSONError) in
            switch key {
            case "polygons":
                polygons = try r.list { (r) throws(LayoutJSONError) in
                    try r.list { (r) throws(LayoutJSONError) in try Point(reading: &r) }
                }
            case "width": width = try r.double()
            case "color": color = try r.color()
            default: return false
            }
            return true
        }
        self.init(polygons: polygons, width: width, color: color)
    }
}

extension Point {
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        let v = try r.numbers(["x", "y"])
        self.init(x: v[0], y: v[1])
    }
}

extension Size {
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        let v = try r.numbers(["width", "height"])
        self.init(width: v[0], height: v[1])
    }
}

extension Rect {
    init(reading r: inout LayoutJSONReader) throws(LayoutJSONError) {
        let v = try r.numbers(["x", "y", "width", "height"])
        self.init(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
