import CICUShim

/// Unicode normalisation and case folding through ICU.
enum ICUText {
    /// `text` in NFC, case-folded (full folding: "Straße" and "STRASSE" both become "strasse").
    static func foldedNFC(_ text: String) -> String {
        ICUData.prepare()
        return transform(text, tc_fold_nfc)
    }

    /// `text` in Unicode normalisation form C.
    static func nfc(_ text: String) -> String { transform(text, tc_nfc) }

    private static func transform(
        _ text: String,
        _ f: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32) -> Int32
    ) -> String {
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
