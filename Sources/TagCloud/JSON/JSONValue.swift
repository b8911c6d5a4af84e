/// A JSON number: its value, and its text as written (so a seed or a size keeps the digits the
/// user typed, and a reader can tell `3` from `3.0`).
public struct JSONNumber: Sendable, Equatable {
    /// The value, the nearest double to the text.
    public var value: Double
    /// The number as written.
    public var text: String

    /// Creates a number.
    public init(value: Double, text: String) {
        self.value = value; self.text = text
    }

    /// Whether the text has neither a fraction nor an exponent.
    public var isInteger: Bool { !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
}

/// A small JSON value read whole (an option's value in a configuration), for readers that look
/// at its kind before they use it. Large arrays of records are read with `JSONReader` directly.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in the order written.
    case object([JSONMember])
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key; self.value = value
    }
}

extension JSONReader {
    private static let minus = UInt8(ascii: "-")
    private static let zero = UInt8(ascii: "0")
    private static let nine = UInt8(ascii: "9")

    /// Reads a number (`-`, digits without a leading zero, an optional fraction and exponent);
    /// one too large for a double (`1e400`) is refused.
    public mutating func readNumber() throws(JSONError) -> JSONNumber {
        let start = try scanNumber()
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = DecimalText.double(text), value.isFinite else {
            throw error("the number \(text) is too large: numbers must fit a double (about 1.8e308)", at: start)
        }
        return JSONNumber(value: value, text: text)
    }

    /// Reads past a number, checking its form; returns where it starts.
    mutating func scanNumber() throws(JSONError) -> Int {
        skipWhitespace()
        let start = offset
        if offset < bytes.count, bytes[offset] == Self.minus { offset += 1 }
        guard offset < bytes.count, (Self.zero...Self.nine).contains(bytes[offset]) else {
            throw unexpected("a digit")
        }
        if bytes[offset] == Self.zero {
            offset += 1
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            try requireDigits("a digit after the decimal point")
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == Self.minus || bytes[offset] == UInt8(ascii: "+") { offset += 1 }
            try requireDigits("a digit in the exponent")
        }
        if offset < bytes.count, Self.isWordByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".") {
            throw unexpected("the end of the number")
        }
        return start
    }

    private mutating func skipDigits() {
        while offset < bytes.count, (Self.zero...Self.nine).contains(bytes[offset]) { offset += 1 }
    }

    private mutating func requireDigits(_ what: String) throws(JSONError) {
        guard offset < bytes.count, (Self.zero...Self.nine).contains(bytes[offset]) else { throw unexpected(what) }
        skipDigits()
    }

    /// Reads the next value whole, with at most `limit` values in it (every element and member
    /// counts, nested ones too), so a reader that expects a small value is not made to build a
    /// large one; past the limit it throws.
    public mutating func readValue(limit: Int) throws(JSONError) -> JSONValue {
        var budget = limit
        return try readValue(budget: &budget, limit: limit)
    }

    private mutating func readValue(budget: inout Int, limit: Int) throws(JSONError) -> JSONValue {
        budget -= 1
        guard budget >= 0 else { throw error("more than \(limit) values where a few are expected") }
        switch try peek() {
        case .null:
            try readNull()
            return .null
        case .bool: return .bool(try readBool())
        case .number: return .number(try readNumber())
        case .string: return .string(try readString())
        case .array:
            try beginArray()
            var items: [JSONValue] = []
            while try nextElement() { items.append(try readValue(budget: &budget, limit: limit)) }
            return .array(items)
        case .object:
            try beginObject()
            var members: [JSONMember] = []
            while let key = try nextKey() {
                members.append(JSONMember(key: key, value: try readValue(budget: &budget, limit: limit)))
            }
            return .object(members)
        }
    }
}
