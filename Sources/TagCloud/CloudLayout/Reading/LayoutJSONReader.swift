/// Why a layout's JSON could not be read: the JSON itself, or a field missing or unusable, with
/// where it is (`placed[3].origin`).
public struct LayoutJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and where: `no "kind" in the top level`, `placed[3].origin is unusable`,
    /// or the JSON reader's `line:column: not valid JSON (…)`.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Reads the JSON form of a layout (docs/json-layout.md) field by field with the core's JSON
/// reader, in one pass and without a tree of the whole text, keeping the path to the value being
/// read for its errors. Keys it does not know are read past, so a newer writer's extra fields are
/// no error; a required field missing, or a value of the wrong kind, is.
struct LayoutJSONReader {
    private var reader: JSONReader
    /// A step of the path to a value: a key of an object or an index of an array.
    private enum Step {
        case key(String)
        case index(Int)
    }

    /// The keys and indices from the top level to the value being read, formatted only for an error.
    private var path: [Step] = []

    init(_ bytes: [UInt8]) { reader = JSONReader(bytes) }

    /// Runs a step of the JSON reader, its error a `LayoutJSONError`.
    private static func json<T>(_ step: () throws(JSONError) -> T) throws(LayoutJSONError) -> T {
        do { return try step() } catch { throw LayoutJSONError(error.description) }
    }

    /// Where the value being read is: `placed[3].origin`, or "the top level".
    var place: String {
        var text = ""
        for step in path {
            switch step {
            case .index(let i): text += "[\(i)]"
            case .key(let k): text += text.isEmpty ? k : "." + k
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    /// The value being read is not of the kind its field needs.
    func unusable() -> LayoutJSONError { LayoutJSONError("\(place) is unusable") }

    /// A required field is not in the object being read.
    func missing(_ key: String) -> LayoutJSONError { LayoutJSONError("no \"\(key)\" in \(place)") }

    /// Reads an object, handing each key to `member`, which reads its value or returns false to have
    /// it read past; `required` keys missing are an error.
    mutating func object(
        required: [String] = [], _ member: (inout Self, String) throws(LayoutJSONError) -> Bool
    ) throws(LayoutJSONError) {
        guard try peek() == .object else { throw unusable() }
        try Self.json { () throws(JSONError) in try reader.beginObject() }
        // Which of `required` were seen, a bit each: an object of a layout has at most a dozen.
        var seen: UInt64 = 0
        while let key = try Self.json({ () throws(JSONError) in try reader.nextKey() }) {
            if let k = required.firstIndex(of: key), k < 64 { seen |= 1 << UInt64(k) }
            path.append(.key(key))
            if try !member(&self, key) { try Self.json { () throws(JSONError) in try reader.skipValue() } }
            path.removeLast()
        }
        if let absent = required.indices.first(where: { $0 >= 64 || seen & (1 << UInt64($0)) == 0 }) {
            throw missing(required[absent])
        }
    }

    /// Reads an object of numbers, all required (a point's `x` and `y`, a rectangle's four), and
    /// returns them in the order of `keys`.
    mutating func numbers(_ keys: [String]) throws(LayoutJSONError) -> [Double] {
        var values = Array(repeating: 0.0, count: keys.count)
        try object(required: keys) { (r: inout Self, key) throws(LayoutJSONError) in
            guard let i = keys.firstIndex(of: key) else { return false }
            values[i] = try r.double()
            return true
        }
        return values
    }

    /// Reads an array, handing each element to `element`.
    mutating func array(_ element: (inout Self) throws(LayoutJSONError) -> Void) throws(LayoutJSONError) {
        guard try peek() == .array else { throw unusable() }
        try Self.json { () throws(JSONError) in try reader.beginArray() }
        var index = 0
        while try Self.json({ () throws(JSONError) in try reader.nextElement() }) {
            path.append(.index(index))
            try element(&self)
            path.removeLast()
            index += 1
        }
    }

    /// The array's elements, each read by `element`.
    mutating func list<T>(_ element: (inout Self) throws(LayoutJSONError) -> T) throws(LayoutJSONError) -> [T] {
        var items: [T] = []
        try array { (r: inout Self) throws(LayoutJSONError) in items.append(try element(&r)) }
        return items
    }

    /// The kind of the next value.
    mutating func peek() throws(LayoutJSONError) -> JSONReader.Kind {
        try Self.json { () throws(JSONError) in try reader.peek() }
    }

    /// Whether the next value is `null`, which is then read: an optional field left empty.
    mutating func null() throws(LayoutJSONError) -> Bool {
        guard try peek() == .null else { return false }
        try Self.json { () throws(JSONError) in try reader.readNull() }
        return true
    }

    mutating func number() throws(LayoutJSONError) -> JSONNumber {
        guard try peek() == .number else { throw unusable() }
        return try Self.json { () throws(JSONError) in try reader.readNumber() }
    }

    mutating func double() throws(LayoutJSONError) -> Double { try number().value }

    /// A whole number that fits `T`, read from its digits (a seed past 2^53 stays exact).
    mutating func integer<T: FixedWidthInteger>(_: T.Type = Int.self) throws(LayoutJSONError) -> T {
        let n = try number()
        if let exact = T(n.text) { return exact }
        guard let whole = T(exactly: n.value) else { throw unusable() }
        return whole
    }

    mutating func string() throws(LayoutJSONError) -> String {
        guard try peek() == .string else { throw unusable() }
        return try Self.json { () throws(JSONError) in try reader.readString() }
    }

    mutating func bool() throws(LayoutJSONError) -> Bool {
        guard try peek() == .bool else { throw unusable() }
        return try Self.json { () throws(JSONError) in try reader.readBool() }
    }

    /// A colour written as a string (`#rrggbb`, a name, `rgb(…)`).
    mutating func color() throws(LayoutJSONError) -> Color {
        guard let c = Color.parse(try string()) else { throw unusable() }
        return c
    }

    /// A value of a string-backed enumeration.
    mutating func choice<E: RawRepresentable>(_: E.Type) throws(LayoutJSONError) -> E where E.RawValue == String {
        guard let v = E(rawValue: try string()) else { throw unusable() }
        return v
    }

    /// The end of the text: nothing but white space after the layout.
    mutating func finish() throws(LayoutJSONError) {
        try Self.json { () throws(JSONError) in try reader.finish() }
    }
}
