/// A strict JSON reader (RFC 8259) that pulls one value at a time from UTF-8 bytes, so a reader of
/// a tag list, a configuration or a layout builds its own values as it goes instead of a tree of
/// every value first (a tree of a million term objects took gigabytes), and can count what it reads
/// and stop at a limit before the rest is even looked at.
///
/// Containers are read with `beginObject`/`nextKey` and `beginArray`/`nextElement`; scalars with
/// `readString`, `readNumber`, `readBool` and `readNull`; `skipValue` passes over anything, and
/// `readValue` reads a small value whole. Every error is a `JSONError` at the line and column
/// (in characters, both from 1) of the byte at fault. Nesting is limited to `maximumDepth`.
///
///     var reader = JSONReader(Array(#"{"width": 800, "tags": ["a", "b"]}"#.utf8))
///     try reader.beginObject()
///     while let key = try reader.nextKey() { try reader.skipValue() }
///     try reader.finish()
public struct JSONReader: Sendable {
    /// The text.
    public let bytes: [UInt8]
    /// The offset of the next byte to read.
    public internal(set) var offset = 0
    /// The deepest nesting of arrays and objects accepted.
    public let maximumDepth: Int
    /// For each open container, innermost last: whether it has had a member yet.
    private var open: [Bool] = []
    /// The line of `offset`, from 1, and the offset its line starts at (newlines occur only in
    /// whitespace, so the reader keeps count as it skips whitespace).
    private var line = 1
    private var lineStart = 0

    /// A reader of `bytes`, with arrays and objects nested at most `maximumDepth` deep.
    public init(_ bytes: [UInt8], maximumDepth: Int = 100) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; lineStart = 3 }
    }

    /// The kinds of JSON value.
    public enum Kind: Sendable, Equatable {
        /// `{...}`
        case object
        /// `[...]`
        case array
        /// `"..."`
        case string
        /// A number.
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null
    }

    /// The kind of the next value, after any whitespace; throws at the end of the text or at a byte
    /// that starts no value.
    public mutating func peek() throws(JSONError) -> Kind {
        skipWhitespace()
        guard offset < bytes.count else { throw error("unexpected end of the text: a value is missing") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw unexpected("a value")
        }
    }

    // MARK: - Containers

    /// Reads `{`; then `nextKey` gives each key in turn.
    public mutating func beginObject() throws(JSONError) {
        try begin(UInt8(ascii: "{"), "an object")
    }

    /// The next key of the object begun last, its `:` read, so its value comes next; nil after the
    /// closing `}` (which it reads).
    public mutating func nextKey() throws(JSONError) -> String? {
        guard try nextMember(close: UInt8(ascii: "}"), after: "a member of an object") else { return nil }
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
        let key = try readString()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected("\":\" after a key") }
        offset += 1
        return key
    }

    /// Reads `[`; then `nextElement` says whether another element comes.
    public mutating func beginArray() throws(JSONError) {
        try begin(UInt8(ascii: "["), "an array")
    }

    /// Whether another element of the array begun last comes (then it is the next value); false
    /// after the closing `]` (which it reads).
    public mutating func nextElement() throws(JSONError) -> Bool {
        try nextMember(close: UInt8(ascii: "]"), after: "an element of an array")
    }

    private mutating func begin(_ byte: UInt8, _ what: String) throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { throw unexpected(what) }
        guard open.count < maximumDepth else {
            throw error("arrays and objects are nested more than \(maximumDepth) deep")
        }
        offset += 1
        open.append(false)
    }

    /// Reads the `,` before a member or the `close` byte after the last one.
    private mutating func nextMember(close: UInt8, after what: String) throws(JSONError) -> Bool {
        guard let hasMembers = open.last else { throw error("no array or object is open") }
        skipWhitespace()
        guard offset < bytes.count else {
            throw error("unexpected end of the text: a \"\(Character(Unicode.Scalar(close)))\" is missing")
        }
        if bytes[offset] == close {
            offset += 1
            open.removeLast()
            return false
        }
        if hasMembers {
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw unexpected("\",\" or \"\(Character(Unicode.Scalar(close)))\" after \(what)")
            }
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == close { throw unexpected("another member after \",\"") }
        }
        open[open.count - 1] = true
        return true
    }

    // MARK: - Scalars

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        skipWhitespace()
        let isFalse = offset < bytes.count && bytes[offset] == UInt8(ascii: "f")
        guard try literal(isFalse ? "false" : "true") else { throw unexpected(isFalse ? "false" : "true or false") }
        return !isFalse
    }

    /// Reads `null`.
    public mutating func readNull() throws(JSONError) {
        skipWhitespace()
        guard try literal("null") else { throw unexpected("null") }
    }

    /// Reads `word`; false, with the offset at the first byte that differs (where an error points),
    /// when the text holds something else.
    private mutating func literal(_ word: StaticString) throws(JSONError) -> Bool {
        let n = word.utf8CodeUnitCount
        let same = word.withUTF8Buffer { w in
            var k = 0
            while k < n, offset + k < bytes.count, bytes[offset + k] == w[k] { k += 1 }
            return k
        }
        guard same == n else {
            offset += same
            return false
        }
        offset += n
        if offset < bytes.count, Self.isWordByte(bytes[offset]) { throw unexpected("the end of \(word)") }
        return true
    }

    /// Skips the next value, arrays and objects with all they hold.
    public mutating func skipValue() throws(JSONError) {
        switch try peek() {
        case .object:
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string: try skipString()
        case .number: _ = try scanNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    /// Throws at the first place the rest of the text is not one JSON value (and nothing after it
    /// but whitespace), without making any value: a reader that makes its values as it goes
    /// calls it first on a copy, so a file that is not JSON is reported as such before any of its
    /// items is looked at.
    public func checkSyntax() throws(JSONError) {
        var copy = self
        try copy.skipValue()
        try copy.finish()
    }

    /// Throws unless only whitespace is left.
    public mutating func finish() throws(JSONError) {
        skipWhitespace()
        guard offset == bytes.count else { throw unexpected("the end of the text after the value") }
    }

    // MARK: - Positions and errors

    /// Skips spaces, tabs and line breaks, counting lines.
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default: return
            }
        }
    }

    /// The line and column (in characters) of byte `at` of the current line, both from 1.
    func position(of at: Int) -> (line: Int, column: Int) {
        var column = 1
        var i = lineStart
        while i < min(at, bytes.count) {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// An error at byte `at` (by default the next byte).
    func error(_ reason: String, at: Int? = nil) -> JSONError {
        let p = position(of: at ?? offset)
        return JSONError(line: p.line, column: p.column, reason: reason)
    }

    /// The error for a byte (or the end of the text) where `expected` should be.
    func unexpected(_ expected: String) -> JSONError {
        guard offset < bytes.count else { return error("unexpected end of the text: expected \(expected)") }
        return error("unexpected \(Self.shown(bytes[offset])): expected \(expected)")
    }

    /// A byte as a message shows it: printable ASCII in quotes, anything else as its code.
    static func shown(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        let digits = Array("0123456789ABCDEF")
        return "byte 0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    /// Letters and digits, which may not run on after a literal or a number.
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }
}

/// Why JSON text could not be read: the line and column (in characters, both from 1) of the
/// problem, and what it is.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in characters (Unicode scalars), from 1.
    public var column: Int
    /// What is wrong, in a few words.
    public var reason: String

    /// Creates an error.
    public init(line: Int, column: Int, reason: String) {
        self.line = line; self.column = column; self.reason = reason
    }

    /// `LINE:COLUMN: not valid JSON (REASON)`.
    public var description: String { "\(line):\(column): not valid JSON (\(reason))" }
}
