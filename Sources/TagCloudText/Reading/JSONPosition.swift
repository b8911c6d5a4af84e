import Foundation

/// Positions in JSON text, for errors that point at the line and column of the problem (both counted
/// from 1, the column in characters) where Foundation's parser gives none or only a byte offset.
public enum JSONPosition {
    /// A problem found at a place in the text.
    public struct Problem: Sendable, Equatable {
        /// The line, from 1.
        public var line: Int
        /// The column in characters (Unicode scalars), from 1.
        public var column: Int
        /// What is wrong and how to fix it.
        public var reason: String
    }

    /// Parses JSON `data` (fragments allowed) as `JSONSerialization` does, with its errors given
    /// as `TextError.invalidJSONAt` at their line and column wherever one can be found, and as
    /// `TextError.invalidJSON` otherwise; `name` is the file name shown in errors.
    public static func jsonObject(from data: Data, name: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation calls a lone surrogate escape an unexpected end of file, with no position.
            if let lone = firstLoneSurrogate(in: data) {
                throw TextError.invalidJSONAt(name: name, line: lone.line, column: lone.column, reason: lone.reason)
            }
            let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            let reason = (debug ?? error.localizedDescription).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            if let place = place(of: reason, in: data) {
                throw TextError.invalidJSONAt(name: name, line: place.line, column: place.column, reason: reason)
            }
            throw TextError.invalidJSON(name: name, reason: reason)
        }
    }

    /// The first `\u` escape in a JSON string that is half of a UTF-16 surrogate pair without its
    /// other half (`"\ud800"`, or `"\udc00"` alone), which no Unicode text can hold. Foundation's
    /// parser reports it as "Unexpected end of file" without a position; this finds it. Nil when
    /// there is none. Works on any bytes: a text that is not JSON just gives no finding or a wrong one.
    public static func firstLoneSurrogate(in data: Data) -> Problem? {
        data.withUnsafeBytes { raw -> Problem? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var line = 1, column = 1
            var inString = false
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b == 0x0A { line += 1; column = 1; i += 1; continue }
                if inString && b == UInt8(ascii: "\\") && i + 1 < n {
                    if bytes[i + 1] == UInt8(ascii: "u"), let unit = hex4(bytes, i + 2) {
                        if (0xDC00...0xDFFF).contains(unit) {
                            return Problem(line: line, column: column, reason: loneReason(unit))
                        }
                        if (0xD800...0xDBFF).contains(unit) {
                            let low =
                                i + 7 < n && bytes[i + 6] == UInt8(ascii: "\\") && bytes[i + 7] == UInt8(ascii: "u")
                                ? hex4(bytes, i + 8) : nil
                            guard let low, (0xDC00...0xDFFF).contains(low) else {
                                return Problem(line: line, column: column, reason: loneReason(unit))
                            }
                            i += 12; column += 12
                            continue
                        }
                        i += 6; column += 6
                        continue
                    }
                    // Any other escape is two characters (a line feed after a backslash is no escape
                    // JSON allows; it still starts a new line).
                    if bytes[i + 1] == 0x0A { i += 1; column += 1; continue }
                    i += 2; column += 2
                    continue
                }
                if b == UInt8(ascii: "\"") { inString.toggle() }
                if b & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            return nil
        }
    }

    /// The line and column of byte `offset` of `data` (the end of the text for an offset past it).
    public static func lineAndColumn(ofByteOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in data.prefix(max(offset, 0)) {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// Where Foundation's parser message `reason` about `data` points: "around character N" is a
    /// byte offset, and an unexpected end of file is at the end. Nil when it names no place.
    static func place(of reason: String, in data: Data) -> (line: Int, column: Int)? {
        if let range = reason.range(of: "around character ") {
            let digits = reason[range.upperBound...].prefix(while: \.isNumber)
            if let offset = Int(digits) { return lineAndColumn(ofByteOffset: offset, in: data) }
        }
        if reason.hasPrefix("Unexpected end of file") { return lineAndColumn(ofByteOffset: data.count, in: data) }
        return nil
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in at..<(at + 4) {
            let c = bytes[k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func loneReason(_ unit: UInt32) -> String {
        let escape = "\\u" + String(unit, radix: 16)
        let half =
            unit < 0xDC00
            ? "a high surrogate without the low one that must follow"
            : "a low surrogate without the high one that must come first"
        return "\(escape) is \(half); write the character itself, or both halves of its pair such as \\ud83d\\ude00"
    }
}
