/// The Unicode fast path: pieces whose characters all have a class of `WordClass` (Cyrillic, Greek,
/// Arabic, Devanagari, accented Latin…) segmented a character at a time by the ASCII path's rules.
extension Segmenter {
    /// Segments `start..<end` (cut at whitespace-run starts) a piece at a time: pieces whose characters
    /// all have fast-path classes are segmented here, runs of the others by ICU in one call.
    func unicode(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        WordClass.belowLimit.withUnsafeBufferPointer { table in
            var pieceStart = start
            var icuStart = -1
            while pieceStart < end {
                var e = pieceStart
                while e < end && isASCIISpace(p[e]) { e += 1 }
                while e < end && !isASCIISpace(p[e]) { e += 1 }
                if Self.fastSegmentable(p, pieceStart, e, table) {
                    if icuStart >= 0 { icu(p, icuStart, pieceStart, sink); icuStart = -1 }
                    unicodePiece(p, pieceStart, e, table, sink)
                } else if icuStart < 0 {
                    icuStart = pieceStart
                }
                pieceStart = e
            }
            if icuStart >= 0 { icu(p, icuStart, end, sink) }
        }
    }

    /// The class of the code point at `p[i]`, and its length in bytes.
    @inline(__always)
    private static func classAt(_ p: UnsafePointer<UInt8>, _ i: Int, _ table: UnsafeBufferPointer<UInt8>) -> (UInt8, Int) {
        let (scalar, length) = decodeScalar(p, i)
        return (scalar < WordClass.limit ? table[Int(scalar)] : WordClass.needsICU, length)
    }

    /// Whether the fast path can segment the piece: no character needs ICU, and every Extend, Format
    /// or ZWJ follows a letter or a digit (elsewhere WB4 glues it to punctuation or spaces in ways
    /// only ICU's iterator reproduces).
    private static func fastSegmentable(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
        _ table: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var i = start
        var previous = WordClass.space
        while i < end {
            let (c, length) = classAt(p, i, table)
            if c == WordClass.needsICU { return false }
            if c == WordClass.extend {
                if previous != WordClass.letter && previous != WordClass.digit { return false }
            } else {
                previous = c
            }
            i += length
        }
        return true
    }

    /// Segments a piece that passed `fastSegmentable`, by the rules `ascii` follows, a character at a time.
    private func unicodePiece(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
        _ table: UnsafeBufferPointer<UInt8>, _ sink: some TokenSink
    ) {
        var i = start
        while i < end {
            let (c, length) = Self.classAt(p, i, table)
            if WordClass.isWordCharacter(c) {
                let wordStart = i
                var status = WordStatus()
                var last = c
                while true {
                    while i < end {
                        let (k, l) = Self.classAt(p, i, table)
                        if k == WordClass.extend { i += l; continue }
                        guard WordClass.isWordCharacter(k) else { break }
                        status.take(k)
                        last = k
                        i += l
                    }
                    if i < end {
                        let (mid, l) = Self.classAt(p, i, table)
                        if i + l < end, Self.joins(last, mid, Self.classAt(p, i + l, table).0) {
                            status.take(mid)
                            i += l
                            continue
                        }
                    }
                    break
                }
                if status.status != WordClass.other {
                    word(p, wordStart, i, status.status == WordClass.letter ? .letter : .number, sink)
                } else {
                    gap(p, wordStart, i, punctuation: true, singleHyphen: false)
                }
            } else {
                let gapStart = i
                var punctuation = false
                i += length
                if c != WordClass.space && c != WordClass.hyphen { punctuation = true }
                while i < end {
                    let (k, l) = Self.classAt(p, i, table)
                    if WordClass.isWordCharacter(k) { break }
                    if k != WordClass.space && k != WordClass.hyphen { punctuation = true }
                    i += l
                }
                gap(p, gapStart, i, punctuation: punctuation, singleHyphen: i - gapStart == 1 && c == WordClass.hyphen)
            }
        }
    }
}
