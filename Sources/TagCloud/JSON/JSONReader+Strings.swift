extension JSONReader {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// Reads a string: its escapes decoded, its bytes checked to be UTF-8; a raw control
    /// character, a bad escape or a lone surrogate (`\ud800` without its pair, which no Unicode
    /// text can hold) is an error at its place.
    public mutating func readString() throws(JSONError) -> String {
        let (start, end, escaped) = try scanString()
        if !escaped { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        try decodeEscapes(start, end, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Checks a string as `readString` does, without making it.
    mutating func skipString() throws(JSONError) {
        let (start, end, escaped) = try scanString()
        if escaped {
            var none: [UInt8]? = nil
            try decodeEscapes(start, end, into: &none)
        }
    }

    /// Reads past a string, checking its bytes; its contents are `start..<end`.
    private mutating func scanString() throws(JSONError) -> (start: Int, end: Int, escaped: Bool) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == Self.quote else { throw unexpected("a string") }
        let open = offset
        offset += 1
        let start = offset
        var escaped = false
        while true {
            guard offset < bytes.count else {
                throw error("unexpected end of the text: the string begun here is never closed", at: open)
            }
            let b = bytes[offset]
            if b == Self.quote { break }
            if b == Self.backslash {
                escaped = true
                offset += 2
                continue
            }
            if b < 0x20 {
                throw error("\(Self.shown(b)) inside a string: write control characters as escapes such as \\n or \\t")
            }
            offset += 1
        }
        let end = offset
        offset += 1
        try checkUTF8(start, end)
        return (start, end, escaped)
    }

    /// Throws at the first byte of `start..<end` that does not begin a valid UTF-8 sequence.
    private func checkUTF8(_ start: Int, _ end: Int) throws(JSONError) {
        var i = start
        while i < end {
            if bytes[i] < 0x80 { i += 1; continue }
            guard let n = Self.utf8Length(bytes, i, end) else {
                throw error("byte 0x\(Self.hex(bytes[i])) is not UTF-8: save the file as UTF-8", at: i)
            }
            i += n
        }
    }

    /// The length of the valid UTF-8 sequence of non-ASCII lead byte `bytes[i]`, nil when invalid
    /// (a bad lead, a missing or bad continuation, an overlong form, a surrogate, beyond U+10FFFF).
    private static func utf8Length(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int? {
        guard let (n, second) = UTF8Lead.shape(of: bytes[i]), i + n <= end, second.contains(bytes[i + 1]) else {
            return nil
        }
        for k in 2..<n where bytes[i + k] & 0xC0 != 0x80 { return nil }
        return n
    }

    /// Decodes the escapes of `start..<end` into `out` (only checks them when `out` is nil).
    private func decodeEscapes<Output: ByteSink>(_ start: Int, _ end: Int, into out: inout Output) throws(JSONError) {
        var i = start
        while i < end {
            let b = bytes[i]
            guard b == Self.backslash else {
                out.append(b)
                i += 1
                continue
            }
            let next = bytes[i + 1]
            switch next {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): out.append(next)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let (scalar, length) = try unicodeEscape(at: i, end: end)
                out.appendUTF8(scalar)
                i += length
                continue
            default:
                throw error(
                    "\\\(Character(Unicode.Scalar(next))) is not an escape: write \\\\ for a backslash", at: i)
            }
            i += 2
        }
    }

    /// The scalar of the `\uXXXX` escape at `i` (with the low half of a surrogate pair when it is
    /// the high one) and the bytes it takes.
    private func unicodeEscape(at i: Int, end: Int) throws(JSONError) -> (Unicode.Scalar, Int) {
        guard let unit = Self.hex4(bytes, i + 2, end) else {
            throw error("\\u must be followed by four hexadecimal digits, such as \\u00e9", at: i)
        }
        if (0xDC00...0xDFFF).contains(unit) { throw error(Self.loneSurrogate(unit), at: i) }
        if (0xD800...0xDBFF).contains(unit) {
            let low =
                i + 7 < end && bytes[i + 6] == Self.backslash && bytes[i + 7] == UInt8(ascii: "u")
                ? Self.hex4(bytes, i + 8, end) : nil
            guard let low, (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { throw error(Self.loneSurrogate(unit), at: i) }
            return (scalar, 12)
        }
        // Not a surrogate, so always a scalar.
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", 6)
    }

    private static func hex4(_ bytes: [UInt8], _ at: Int, _ end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
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

    /// Why a surrogate escape without its other half is refused, and the fix.
    static func loneSurrogate(_ unit: UInt32) -> String {
        let escape = "\\u" + String(unit, radix: 16)
        let half =
            unit < 0xDC00
            ? "a high surrogate without the low one that must follow"
            : "a low surrogate without the high one that must come first"
        return "\(escape) is \(half); write the character itself, or both halves of its pair such as \\ud83d\\ude00"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}

/// Where decoded string bytes go: an array, or nowhere (`Optional.none`) when only checked.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
}

extension ByteSink {
    /// Appends the UTF-8 bytes of `scalar`.
    mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        switch v {
        case 0..<0x80: append(UInt8(v))
        case 0x80..<0x800:
            append(UInt8(0xC0 | (v >> 6)))
            append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            append(UInt8(0xE0 | (v >> 12)))
            append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            append(UInt8(0x80 | (v & 0x3F)))
        default:
            append(UInt8(0xF0 | (v >> 18)))
            append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}

extension Array: ByteSink where Element == UInt8 {}

extension Optional: ByteSink where Wrapped == [UInt8] {
    mutating func append(_ byte: UInt8) { self?.append(byte) }
}
