import CICUShim

/// Word-break classes of the segmenter's fast paths: UAX #29 as ICU implements it, reduced to what
/// decides a word boundary in text without dictionary scripts, emoji or Hebrew.
///
/// ICU's iterator is slow on any text and needs it in UTF-16; these classes let the
/// segmenter cross ASCII a byte at a time and Cyrillic, Greek, Arabic, Devanagari or accented Latin a
/// character at a time, and hand ICU only the pieces holding a character of class `needsICU`.
enum WordClass {
    static let other: UInt8 = 0, letter: UInt8 = 1, digit: UInt8 = 2, underscore: UInt8 = 3
    static let midNumLet: UInt8 = 4, midNum: UInt8 = 5, space: UInt8 = 6, hyphen: UInt8 = 7
    /// Joins letters only (U+00B7 MIDDLE DOT, U+0387 GREEK ANO TELEIA…); ICU leaves the ASCII colon out.
    static let midLetter: UInt8 = 8
    /// Extend, Format and ZWJ: invisible to the rules after a letter or digit (WB4).
    static let extend: UInt8 = 9
    /// A character whose rules the fast paths do not implement.
    static let needsICU: UInt8 = 10

    /// Class of each ASCII byte; bytes from 0x80 are `other` (the ASCII path sees only the few
    /// punctuation marks it handles whole).
    static let ascii: [UInt8] = {
        var t = [UInt8](repeating: other, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = letter }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = letter }
        // ICU counts @ as a letter (so e-mail addresses stay whole); the fast path must too.
        t[Int(UInt8(ascii: "@"))] = letter
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = digit }
        t[Int(UInt8(ascii: "_"))] = underscore
        t[Int(UInt8(ascii: "."))] = midNumLet
        t[Int(UInt8(ascii: "'"))] = midNumLet
        t[Int(UInt8(ascii: ","))] = midNum
        t[Int(UInt8(ascii: ";"))] = midNum
        for b: UInt8 in [9, 10, 11, 12, 13, 32] { t[Int(b)] = space }
        t[Int(UInt8(ascii: "-"))] = hyphen
        return t
    }()

    /// Per ASCII byte: 1 letter, 2 digit, 4 underscore (the word characters), 8 punctuation (neither a
    /// word character, a space nor a hyphen). Lets the scanner cross a run with one lookup per byte
    /// and decide afterwards whether the run needs the exact rules.
    static let runBits: [UInt8] = ascii.map { c in
        switch c {
        case letter: return 1
        case digit: return 2
        case underscore: return 4
        case space, hyphen: return 0
        default: return 8
        }
    }

    /// Code points below this have a class in `belowLimit`; all above need ICU (CJK, kana, Hangul and
    /// the compatibility forms start at U+3000).
    static let limit = 0x3000

    /// Class of every code point below `limit`, read from ICU's character properties once per
    /// process (about a millisecond), so the fast path cannot drift from the ICU it replaces.
    static let belowLimit: [UInt8] = (0..<limit).map { c in
        c < 0x80 ? ascii[c] : UInt8(truncatingIfNeeded: tc_fast_word_class(UInt32(c)))
    }

    /// Whether a class continues a word (letters, digits, underscore).
    @inline(__always) static func isWordCharacter(_ c: UInt8) -> Bool { c >= letter && c <= underscore }
}
