import TagCloud

extension FontManifest {
    /// The manifest as JSON: `fonts` (each font's fields and `charset` ranges), `families`,
    /// `resolutions` (each request's family, weight and style, and its `font`) and `fallbacks`
    /// (each preferred font's family, weight and style, and its `order`).
    public var json: [UInt8] {
        var out: [UInt8] = []
        func add(_ s: String) { out.append(contentsOf: s.utf8) }
        func request(_ r: Request) -> String {
            "\"family\":\(JSONString.quoted(r.family)),\"weight\":\(r.weight),\"style\":\"\(r.style.rawValue)\""
        }
        add("{\"fonts\":[")
        for (i, entry) in fonts.enumerated() {
            add(i == 0 ? "\n" : ",\n")
            add("{\(Self.fields(entry.font)),\"charset\":[")
            add(entry.charset.map { String($0) }.joined(separator: ","))
            add("]}")
        }
        add("],\n\"families\":[\(familyNames.map { JSONString.quoted($0) }.joined(separator: ","))],\n\"resolutions\":[")
        let requests = resolutions.keys.sorted(by: Self.ordered)
        for (i, r) in requests.enumerated() {
            add(i == 0 ? "\n" : ",\n")
            add("{\(request(r)),\"font\":{\(Self.fields(resolutions[r] ?? ResolvedFont(family: "", file: "")))}}")
        }
        add("],\n\"fallbacks\":[")
        for (i, r) in fallbackOrders.keys.sorted(by: Self.ordered).enumerated() {
            add(i == 0 ? "\n" : ",\n")
            add("{\(request(r)),\"order\":[\((fallbackOrders[r] ?? []).map { String($0) }.joined(separator: ","))]}")
        }
        add("]}\n")
        return out
    }

    /// Reads a manifest `json` wrote. Throws `GraphicsError.fontManifest` naming what is wrong.
    public convenience init(json bytes: [UInt8]) throws(GraphicsError) {
        var reader = JSONReader(bytes)
        var fonts: [Font] = [], families: [String] = []
        var resolutions: [Request: ResolvedFont] = [:], orders: [Request: [Int]] = [:]
        do throws(JSONError) {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "fonts":
                    try Self.each(&reader) { (r) throws(JSONError) in fonts.append(try Self.readFont(&r)) }
                case "families":
                    try Self.each(&reader) { (r) throws(JSONError) in families.append(try r.readString()) }
                case "resolutions":
                    try Self.each(&reader) { (r) throws(JSONError) in
                        let (request, font, _) = try Self.readRequest(&r)
                        if let font { resolutions[request] = font }
                    }
                case "fallbacks":
                    try Self.each(&reader) { (r) throws(JSONError) in
                        let (request, _, order) = try Self.readRequest(&r)
                        orders[request] = order
                    }
                default: try reader.skipValue()
                }
            }
            try reader.finish()
        } catch {
            throw GraphicsError.fontManifest(error.description)
        }
        self.init(fonts: fonts, resolutions: resolutions, fallbackOrders: orders, familyNames: families)
    }

    private static func ordered(_ a: Request, _ b: Request) -> Bool {
        if a.family != b.family { return a.family < b.family }
        if a.weight != b.weight { return a.weight < b.weight }
        return a.style.rawValue < b.style.rawValue
    }

    private static func fields(_ f: ResolvedFont) -> String {
        "\"family\":\(JSONString.quoted(f.family)),\"file\":\(JSONString.quoted(f.file)),\"index\":\(f.faceIndex),"
            + "\"weight\":\(f.weight),\"style\":\"\(f.style.rawValue)\""
    }

    private static func each(
        _ reader: inout JSONReader, _ body: (inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        try reader.beginArray()
        while try reader.nextElement() { try body(&reader) }
    }

    private static func integer(_ reader: inout JSONReader) throws(JSONError) -> Int {
        let number = try reader.readNumber()
        guard number.isInteger, let value = Int(exactly: number.value) else {
            throw JSONError(line: 0, column: 0, reason: "\(number.text) is not a whole number")
        }
        return value
    }

    private static func style(_ reader: inout JSONReader) throws(JSONError) -> FontStyle {
        let name = try reader.readString()
        guard let style = FontStyle(rawValue: name) else {
            throw JSONError(line: 0, column: 0, reason: "\"\(name)\" is not a font style")
        }
        return style
    }

    /// One font's fields, with its charset when it has one.
    private static func readFont(_ reader: inout JSONReader) throws(JSONError) -> Font {
        var font = ResolvedFont(family: "", file: "")
        var charset: [UInt32] = []
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "family": font.family = try reader.readString()
            case "file": font.file = try reader.readString()
            case "index": font.faceIndex = try integer(&reader)
            case "weight": font.weight = try integer(&reader)
            case "style": font.style = try style(&reader)
            case "charset":
                try each(&reader) { (r) throws(JSONError) in charset.append(UInt32(clamping: try integer(&r))) }
            default: try reader.skipValue()
            }
        }
        return Font(font: font, charset: charset)
    }

    /// A request's family, weight and style, with its font or its fallback order.
    private static func readRequest(_ reader: inout JSONReader) throws(JSONError) -> (Request, ResolvedFont?, [Int]) {
        var family = "", weight = 400, fontStyle = FontStyle.normal
        var font: ResolvedFont?, order: [Int] = []
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "family": family = try reader.readString()
            case "weight": weight = try integer(&reader)
            case "style": fontStyle = try style(&reader)
            case "font": font = try readFont(&reader).font
            case "order": try each(&reader) { (r) throws(JSONError) in order.append(try integer(&r)) }
            default: try reader.skipValue()
            }
        }
        return (Request(family: family, weight: weight, style: fontStyle), font, order)
    }
}
