/// ICU's word break iterator, for the text the fast paths cannot segment (and for all text in tests
/// that compare the paths): the text decoded to UTF-16, its segments mapped back to byte offsets.
extension Segmenter {
    /// Decodes the (valid) UTF-8 `p[start..<end]` to UTF-16 for ICU, with each unit's byte offset
    /// (and `end` after the last), and calls `body` with both.
    func withUTF16<R>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<Int32>) -> R
    ) -> R {
        // The buffers are reused across calls but filled as locals: an append to a class property
        // pays a dynamic exclusivity check, which cost more than the decoding.
        var utf16 = self.utf16, byteOffsets = self.byteOffsets
        self.utf16 = []; self.byteOffsets = []
        defer { self.utf16 = utf16; self.byteOffsets = byteOffsets }
        utf16.removeAll(keepingCapacity: true)
        byteOffsets.removeAll(keepingCapacity: true)
        var i = start
        while i < end {
            let (scalar, len) = decodeScalar(p, i)
            if scalar >= 0x10000 {
                let v = scalar - 0x10000
                utf16.append(UInt16(0xD800 + (v >> 10))); byteOffsets.append(Int32(i))
                utf16.append(UInt16(0xDC00 + (v & 0x3FF))); byteOffsets.append(Int32(i))
            } else {
                utf16.append(UInt16(scalar)); byteOffsets.append(Int32(i))
            }
            i += len
        }
        byteOffsets.append(Int32(end))
        return utf16.withUnsafeBufferPointer { units in byteOffsets.withUnsafeBufferPointer { body(units, $0) } }
    }

    func icu(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        guard let breaker else { return }
        withUTF16(p, start, end) { text, offsets in
            breaker.segments(text) { a, b, status in
                let s = Int(offsets[a]), e = Int(offsets[b])
                switch status {
                case 100..<200: word(p, s, e, .number, sink)
                case 200..<300: word(p, s, e, .letter, sink)
                case 300..<400: word(p, s, e, .kana, sink)
                case 400..<500: word(p, s, e, .ideograph, sink)
                default:
                    var punct = false
                    for k in a..<b where !Self.isSpaceOrHyphen(text[k]) { punct = true; break }
                    gap(p, s, e, punctuation: punct, singleHyphen: b - a == 1 && Self.isHyphen(text[a]))
                }
            }
        }
    }

    private static func isHyphen(_ u: UInt16) -> Bool { u == 0x2D || u == 0x2010 || u == 0x2011 }

    private static func isSpaceOrHyphen(_ u: UInt16) -> Bool {
        if isHyphen(u) { return true }
        switch u {
        case 9...13, 32, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }
}
