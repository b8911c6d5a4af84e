import TagCloud

extension TagListReader {
    /// The tags of a JSON tag list: an array of strings and tag objects, or an object of tag-weight
    /// pairs. Read element by element, each made a term at once and counted, so a list past
    /// `maximumTags` is refused there.
    static func readJSON(_ bytes: [UInt8], name: String) throws(TextError) -> [Term] {
        var reader = JSONReader(bytes)
        try json(name) { () throws(JSONError) in try reader.checkSyntax() }
        let terms: [Term]
        switch try json(name, { () throws(JSONError) in try reader.peek() }) {
        case .array:
            terms = try readTagArray(&reader, name: name, item: { "item \($0)" })
            if terms.isEmpty { throw TextError.empty(name: name, reason: "the array is empty") }
        case .object:
            terms = try readWeightObject(&reader, name: name)
        default:
            throw TextError.badItem(
                name: name, item: "top level",
                reason: "expected an array of tags or an object of tag-weight pairs, e.g. {\"swift\": 3}")
        }
        try json(name) { () throws(JSONError) in try reader.finish() }
        return terms
    }

    /// The tags of the JSON array `reader` is at (strings and tag objects, mixed as they come),
    /// each made a term as it is read; `item` names the element (from 1) in errors. Throws once the
    /// array holds more than `maximumTags`, before the rest is read.
    public static func readTagArray(
        _ reader: inout JSONReader, name: String, item: (Int) -> String
    ) throws(TextError) -> [Term] {
        try readTags(&reader, name: name, item: item).terms
    }

    /// `readTagArray`, also telling whether every element was a bare string; past `limit` tags
    /// (at most `maximumTags`) it throws there.
    public static func readTags(
        _ reader: inout JSONReader, name: String, limit: Int = maximumTags, item: (Int) -> String
    ) throws(TextError) -> (terms: [Term], allStrings: Bool) {
        var terms: [Term] = []
        var allStrings = true
        try json(name) { () throws(JSONError) in try reader.beginArray() }
        while try json(name, { () throws(JSONError) in try reader.nextElement() }) {
            let fields = try JSONTagFields(&reader, name: name)
            if fields.bareString == nil { allStrings = false }
            do throws(Problem) {
                terms.append(try term(json: fields))
            } catch {
                throw TextError.badItem(name: name, item: item(terms.count + 1), reason: error.reason)
            }
            try checkCount(terms.count, name: name, limit: min(limit, maximumTags))
        }
        return (terms, allStrings)
    }

    /// `{"swift": 3, "rust": 2}`: the heaviest first, equal weights by text (a later key given
    /// twice wins, as in any JSON object).
    private static func readWeightObject(_ reader: inout JSONReader, name: String) throws(TextError) -> [Term] {
        var weights: [String: Double] = [:]
        var order: [String] = []
        try json(name) { () throws(JSONError) in try reader.beginObject() }
        while let key = try json(name, { () throws(JSONError) in try reader.nextKey() }) {
            let value = try JSONTagFields.value(&reader, name: name)
            guard case .number(let n) = value else {
                throw TextError.badItem(
                    name: name, item: "key \"\(key)\"", reason: "weight must be a number, e.g. {\"swift\": 3}")
            }
            if weights.updateValue(n.value, forKey: key) == nil { order.append(key) }
            try checkCount(order.count, name: name)
        }
        if order.isEmpty { throw TextError.empty(name: name, reason: "the object is empty") }
        var terms: [Term] = []
        terms.reserveCapacity(order.count)
        for key in order {
            do throws(Problem) {
                terms.append(try term(fields: [key], weight: weights[key] ?? 1, hint: ""))
            } catch {
                throw TextError.badItem(name: name, item: "key \"\(key)\"", reason: error.reason)
            }
        }
        terms.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.text < $1.text }
        return terms
    }

    /// The term of one element of a JSON tag list: a string, or an object of fields.
    static func term(json fields: JSONTagFields) throws(Problem) -> Term {
        if let text = fields.bareString { return try term(fields: [text], hint: "") }
        if let plain = fields.plainTerm() { return plain }
        guard fields.isObject else {
            throw Problem(column: 0, reason: "expected a string or an object like {\"text\": \"swift\", \"weight\": 3}")
        }
        guard let text = try fields.string(["text", "word", "tag"]) else {
            throw Problem(column: 1, reason: "missing \"text\" (also accepted: \"word\", \"tag\")")
        }
        let pin = try pinFieldNames.map { (key) throws(Problem) in try fields.numberText(key) }
        let font = try fields.string(["font"])
        // The pin's and the font's columns only when one is given: most tags have none.
        let columns =
            [
                text, "", try fields.string(["link"]) ?? "", try fields.string(["id"]) ?? "",
                try fields.string(["color", "colour"]) ?? "", try fields.string(["group"]) ?? "",
            ] + (pin.contains { $0 != nil } || font != nil ? pin.map { $0 ?? "" } : []) + (font.map { [$0] } ?? [])
        let hint = "give the weight as a number, e.g. {\"text\": \"swift\", \"weight\": 3}"
        guard let (key, value) = fields.first(["weight", "count", "value"]) else {
            return try term(fields: columns, hint: hint)
        }
        switch value {
        case .null: return try term(fields: columns, hint: hint)
        case .number(let n): return try term(fields: columns, weight: n.value, hint: hint)
        case .string(let raw):
            // A numeric string ("3") gets the same checks and messages as a weight column in a text file.
            var withWeight = columns
            withWeight[1] = raw
            return try term(fields: withWeight, hint: hint)
        default: throw Problem(column: 2, reason: "\"\(key)\" must be a number")
        }
    }

    /// Runs a step of the JSON reader, its error made a `TextError` naming `name`.
    static func json<T>(_ name: String, _ step: () throws(JSONError) -> T) throws(TextError) -> T {
        do { return try step() } catch {
            throw TextError.invalidJSONAt(name: name, line: error.line, column: error.column, reason: error.reason)
        }
    }
}

/// One element of a JSON tag list as its checks need it: a bare string, or the fields of a tag
/// object that a tag can have (any other field is read past), each as the kind of value it held.
struct JSONTagFields {
    /// A field's value, as far as the checks tell kinds apart.
    enum Value {
        case string(String)
        case number(JSONNumber)
        case null
        /// A boolean, an array or an object: never a valid field.
        case other
    }

    /// The fields a tag object may have.
    static let keys = [
        "text", "word", "tag", "weight", "count", "value", "link", "id", "color", "colour", "group",
        "x", "y", "angle", "size", "font",
    ]

    /// The slot of each of `keys` in `values`.
    private static let slots = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })

    /// The element when it is a string.
    private(set) var bareString: String?
    /// Whether the element is an object.
    private(set) var isObject = false
    /// The value of each of `keys` (a later field given twice wins), nil when not given.
    private var values: [Value?] = Array(repeating: nil, count: keys.count)
    /// The value of the frame key of a series' table (`frameKey`), nil when not given.
    private(set) var frame: Value?

    /// Reads the element `reader` is at; `frameKey` names the field that holds a series' frame,
    /// which is then not read as a tag field.
    init(_ reader: inout JSONReader, name: String, frameKey: String? = nil) throws(TextError) {
        switch try TagListReader.json(name, { () throws(JSONError) in try reader.peek() }) {
        case .string:
            bareString = try TagListReader.json(name) { () throws(JSONError) in try reader.readString() }
        case .object:
            isObject = true
            try TagListReader.json(name) { () throws(JSONError) in try reader.beginObject() }
            while let key = try TagListReader.json(name, { () throws(JSONError) in try reader.nextKey() }) {
                if key == frameKey {
                    frame = try Self.value(&reader, name: name)
                    continue
                }
                guard let slot = Self.slots[key] else {
                    try TagListReader.json(name) { () throws(JSONError) in try reader.skipValue() }
                    continue
                }
                values[slot] = try Self.value(&reader, name: name)
            }
        default:
            try TagListReader.json(name) { () throws(JSONError) in try reader.skipValue() }
        }
    }

    /// The next value of `reader`; arrays, objects and booleans are read past as `.other`.
    static func value(_ reader: inout JSONReader, name: String) throws(TextError) -> Value {
        try TagListReader.json(name) { () throws(JSONError) -> Value in
            switch try reader.peek() {
            case .string: return .string(try reader.readString())
            case .number: return .number(try reader.readNumber())
            case .null:
                try reader.readNull()
                return .null
            default:
                try reader.skipValue()
                return .other
            }
        }
    }

    /// The term of the commonest element, `{"text": "swift", "weight": 3}` (or without a weight),
    /// made without the general path's columns: nil for any other element, and for one the
    /// general path would refuse, which then gives the message.
    func plainTerm() -> Term? {
        guard isObject, case .string(let raw)? = values[Self.textSlot] else { return nil }
        var weight = 1.0
        for (slot, value) in values.enumerated() where value != nil && slot != Self.textSlot {
            guard slot == Self.weightSlot, case .number(let n)? = value else { return nil }
            weight = n.value
        }
        guard weight.isFinite, weight >= 0 else { return nil }
        let text = TermText.normalized(TagListReader.trimmed(raw))
        return text.isEmpty ? nil : Term(text, weight: weight)
    }

    private static let textSlot = 0
    private static let weightSlot = 3

    /// The first of `names` given (a `null` counts as given), with its value.
    func first(_ names: [String]) -> (key: String, value: Value)? {
        for name in names {
            if let slot = Self.slots[name], let v = values[slot] { return (name, v) }
        }
        return nil
    }

    /// The first of `names` given, as a string: nil when it is `null`; an `id` may be a whole number.
    func string(_ names: [String]) throws(TagListReader.Problem) -> String? {
        guard let (key, value) = first(names) else { return nil }
        switch value {
        case .string(let s): return s
        case .null: return nil
        // Ids are often numeric in exported data; accept whole numbers rather than reject them.
        // An integer keeps its digits exactly, past 2^53 too (ids are not numbers to compute with).
        case .number(let n) where key == "id" && n.isInteger: return n.text
        case .number(let n) where key == "id" && Int64(exactly: n.value) != nil:
            return String(Int64(exactly: n.value) ?? 0)
        default: throw TagListReader.Problem(column: 0, reason: "\"\(key)\" must be a string")
        }
    }

    /// A pin field as text (numbers written as plain decimals, whole numbers without a fraction),
    /// nil when missing or `null`.
    func numberText(_ key: String) throws(TagListReader.Problem) -> String? {
        guard let (_, value) = first([key]) else { return nil }
        switch value {
        case .null: return nil
        case .string(let s): return s
        case .number(let n): return Self.plain(n.value)
        case .other: throw TagListReader.Problem(column: 0, reason: "\"\(key)\" must be a number")
        }
    }

    /// A number as a pin or frame shows it: whole numbers without a fraction.
    static func plain(_ v: Double) -> String { DecimalText.plain(v) }
}
