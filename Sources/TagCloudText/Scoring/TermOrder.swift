import TagCloud

#if !hasFeature(Embedded)
import Foundation
#endif

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
                let c = n == 0 ? 0 : compare(x.baseAddress!, y.baseAddress!, n)
                return c != 0 ? c < 0 : x.count < y.count
            }
        }
    }

    /// `memcmp`'s sign: the C library's natively, a loop in WebAssembly (no C library imported there).
    @inline(__always)
    private static func compare(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, _ n: Int) -> Int32 {
        #if hasFeature(Embedded)
        for i in 0..<n where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
        #else
        return memcmp(x, y, n)
        #endif
    }
}
