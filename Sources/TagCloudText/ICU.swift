import CICUShim

/// Owns one ICU word break iterator (UAX #29 rules, with ICU's dictionaries for Chinese, Japanese,
/// Thai, Lao, Khmer and Burmese). Not thread-safe: one per tokenizer.
final class ICUWordBreaker {
    private let handle: OpaquePointer

    /// Opens an iterator with the root rules; throws when ICU's data cannot be loaded.
    init() throws {
        var error: Int32 = 0
        guard let h = tc_word_breaker_open("", &error) else {
            throw TextError.textEngine(reason: "ICU could not open a word break iterator (error \(error)); install libicu (apt libicu-dev, brew icu4c)")
        }
        handle = h
    }

    deinit { tc_word_breaker_close(handle) }

    /// Calls `body(start, end, status)` for each segment of `text` (UTF-16 offsets), in order.
    func segments(_ text: UnsafeBufferPointer<UInt16>, _ body: (Int, Int, Int32) -> Void) {
        guard let base = text.baseAddress, text.count > 0 else { return }
        guard tc_word_breaker_set_text(handle, base, Int32(text.count)) == 0 else { return }
        var start = 0
        while true {
            let end = Int(tc_word_breaker_next(handle))
            if end < 0 { break }
            body(start, end, tc_word_breaker_status(handle))
            start = end
        }
    }
}

/// Unicode normalisation and case folding through ICU.
enum ICUText {
    /// `text` in NFC, case-folded (full folding: "Straße" and "STRASSE" both become "strasse").
    static func foldedNFC(_ text: String) -> String { transform(text, tc_fold_nfc) }

    /// `text` in Unicode normalisation form C.
    static func nfc(_ text: String) -> String { transform(text, tc_nfc) }

    private static func transform(_ text: String,
                                  _ f: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32) -> Int32) -> String {
        let source = Array(text.utf16)
        // ICU takes 32-bit lengths, and the folding's scratch buffer is three times the text: longer
        // texts (no word or stop word is near this) are kept as they are rather than overflow them.
        guard source.count < Int(Int32.max) / 4 else { return text }
        var capacity = source.count * 3 + 8
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let n = source.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in f(s.baseAddress, Int32(s.count), d.baseAddress, Int32(capacity)) }
            }
            // ICU failed (cannot happen for valid strings): keep the text rather than lose the word.
            if n < 0 { return text }
            if Int(n) <= capacity { return String(decoding: out[0..<Int(n)], as: UTF16.self) }
            capacity = Int(n)
        }
    }

    /// The ICU script code of the first letter of `text` that belongs to a specific script, or nil.
    static func script(of text: String) -> Int32? {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 { return ScriptCode.latin }
                continue
            }
            let code = tc_script(scalar.value)
            if code > 1 { return code }
        }
        return nil
    }
}

/// ICU script codes (UScriptCode) used by language detection.
enum ScriptCode {
    static let arabic: Int32 = 2, cyrillic: Int32 = 8, devanagari: Int32 = 10, han: Int32 = 17
    static let hangul: Int32 = 18, hiragana: Int32 = 20, katakana: Int32 = 22, latin: Int32 = 25, thai: Int32 = 38
}
