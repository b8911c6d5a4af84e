import Foundation
import TagCloud

/// The order of counted terms: heaviest first, ties by code point (so the output never depends on
/// hash-table order).
enum TermOrder {
    /// `terms` heaviest first, ties in code-point order of their text.
    ///
    /// Sorting the terms themselves moves large structs and compares strings scalar by scalar, which
    /// for a large vocabulary costs more than counting megabytes of text; a sort of
    /// small keys carrying the first eight bytes of each text settles nearly every tie without
    /// touching the strings.
    static func sorted(_ terms: [Term]) -> [Term] {
        struct Key { var weight: Double; var prefix: UInt64; var index: Int }
        var keys = terms.indices.map { Key(weight: terms[$0].weight, prefix: prefix(terms[$0].text), index: $0) }
        keys.sort { a, b in
            if a.weight != b.weight { return a.weight > b.weight }
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            return utf8Precedes(terms[a.index].text, terms[b.index].text)
        }
        return keys.map { terms[$0.index] }
    }

    /// The first eight UTF-8 bytes as a big-endian number, zero-padded: comparing two of them compares
    /// the strings' starts in byte order (a text holds no NUL, so padding sorts a shorter text first).
    static func prefix(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var value: UInt64 = 0
            for n in 0..<min(8, bytes.count) { value |= UInt64(bytes[n]) << UInt64(56 - 8 * n) }
            return value
        }
    }

    /// Whether `a` comes before `b` in UTF-8 byte order, which is code-point order.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
                return c != 0 ? c < 0 : x.count < y.count
            }
        }
    }
}
