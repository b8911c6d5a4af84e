/// What a word is made of, from ICU's word-break rule status.
public enum WordKind: Sendable, Equatable {
    /// Digits, possibly with separators (`1,000`, `3.14`).
    case number
    /// Letters of an alphabet or abugida (Latin, Cyrillic, Arabic, Devanagari, Thai…), possibly with digits.
    case letter
    /// Japanese kana.
    case kana
    /// Chinese characters (Han), as split by ICU's dictionary.
    case ideograph
}
