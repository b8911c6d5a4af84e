/// ICU script codes (UScriptCode) used by language detection.
enum ScriptCode {
    static let arabic: Int32 = 2, cyrillic: Int32 = 8, devanagari: Int32 = 10, han: Int32 = 17
    static let hangul: Int32 = 18, hiragana: Int32 = 20, katakana: Int32 = 22, latin: Int32 = 25, thai: Int32 = 38
}
