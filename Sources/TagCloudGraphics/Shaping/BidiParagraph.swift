import CICUShim

/// A tag's text split into directional runs by the Unicode bidirectional algorithm (UAX #9, ICU's
/// ubidi), in visual order, so that "hello עולם world" draws its Hebrew right to left between the
/// Latin words, digits in Hebrew stay left to right, and the explicit controls (U+202A-U+202E,
/// U+2066-U+2069, LRM, RLM, ALM) take effect. The paragraph direction is that of the first strong
/// character (left to right when there is none), as a browser resolves `dir="auto"`.
struct BidiParagraph {
    /// One run of one direction: UTF-8 byte offsets into the text, in logical order within it.
    struct Run: Equatable {
        var start: Int
        var end: Int
        var isRightToLeft: Bool
    }

    /// The runs from left to right.
    let runs: [Run]
    /// Whether the paragraph runs right to left (its first strong character is right to left).
    let isRightToLeft: Bool

    /// Whether `text` needs the algorithm at all: only right-to-left letters, Arabic digits and
    /// the explicit controls can make its visual order differ from the logical one. All of them
    /// are at U+0590 or above, whose UTF-8 lead bytes are 0xD6 or more, so most text is cleared by
    /// one pass over its bytes without looking a character up.
    static func isNeeded(for text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        return text.unicodeScalars.contains { $0.value >= 0x590 && tc_bidi_reorders($0.value) != 0 }
    }

    /// Runs the algorithm over `text`. Throws when ICU fails (out of memory) or the text is too
    /// long for it (2^31 UTF-16 units).
    init(_ text: String) throws(GraphicsError) {
        let utf16 = Array(text.utf16)
        func failure(_ reason: String) -> GraphicsError {
            let shown = text.count > 40 ? "\(text.prefix(40))…" : text
            return .bidi("order \"\(shown)\" for display (\(reason))")
        }
        guard let length = Int32(exactly: utf16.count) else {
            throw failure("\(utf16.count) UTF-16 units, more than the \(Int32.max) ICU can take")
        }
        // Where each UTF-16 index starts in the UTF-8 bytes: ICU counts in UTF-16, the shaper in UTF-8.
        var utf8Offset: [Int] = []
        utf8Offset.reserveCapacity(utf16.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            utf8Offset.append(offset)
            if UTF16.width(scalar) == 2 { utf8Offset.append(offset) }
            offset += width
        }
        utf8Offset.append(offset)

        (runs, isRightToLeft) = try utf16.withUnsafeBufferPointer { (units) throws(GraphicsError) in
            var error: Int32 = 0
            guard let bidi = tc_bidi_open(units.baseAddress, length, &error) else {
                throw failure("ICU error \(error)")
            }
            defer { tc_bidi_close(bidi) }
            let count = tc_bidi_count_runs(bidi, &error)
            guard count >= 0 else { throw failure("ICU error \(error)") }
            var runs: [Run] = []
            runs.reserveCapacity(Int(count))
            for index in 0..<count {
                var start: Int32 = 0, runLength: Int32 = 0
                let rightToLeft = tc_bidi_visual_run(bidi, index, &start, &runLength) != 0
                let first = Int(start), last = Int(start) + Int(runLength)
                guard first >= 0, first < last, last <= utf16.count else { continue }
                runs.append(Run(start: utf8Offset[first], end: utf8Offset[last], isRightToLeft: rightToLeft))
            }
            return (runs, tc_bidi_is_right_to_left(bidi) != 0)
        }
    }
}
