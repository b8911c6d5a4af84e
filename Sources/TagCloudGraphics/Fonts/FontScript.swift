/// A writing system, for listing the font families that can set it (`tagcloud fonts --script han`).
///
/// Coverage is fontconfig's own notion of a font supporting a language: each installed font carries
/// the set of languages whose whole orthography (every letter the language needs, from fontconfig's
/// tables) it has glyphs for. A few sample characters would accept a font with a handful of
/// ideographs or accented letters; an orthography does not.
public struct FontScript: Sendable, Equatable {
    /// The name shown and accepted, lower case (`han`).
    public let name: String
    /// The ISO 15924 code (`Hani`), also accepted.
    public let code: String
    /// Other accepted names (`chinese`, `Hans`, …).
    public let aliases: [String]
    /// Fontconfig language tags written in this script: a font covers the script when it covers
    /// one of them. Several, because one script serves languages with different letters (Han is
    /// written with the simplified set in `zh-cn`, the traditional one in `zh-tw` and `zh-hk`, and
    /// the kanji set in `ja`).
    public let languages: [String]

    /// Creates a script entry.
    public init(_ name: String, code: String, aliases: [String] = [], languages: [String]) {
        self.name = name; self.code = code; self.aliases = aliases; self.languages = languages
    }

    /// The scripts `named(_:)` knows, in the order `tagcloud fonts --script` lists them in its error.
    public static let all: [FontScript] = [
        // Latin by English's orthography: fonts that set English but not, say, Polish still set most
        // Latin text, and a stricter choice would hide them.
        FontScript("latin", code: "Latn", languages: ["en"]),
        FontScript("greek", code: "Grek", languages: ["el"]),
        FontScript("cyrillic", code: "Cyrl", languages: ["ru", "uk", "bg", "sr"]),
        FontScript("armenian", code: "Armn", languages: ["hy"]),
        FontScript("georgian", code: "Geor", languages: ["ka"]),
        FontScript("hebrew", code: "Hebr", languages: ["he"]),
        FontScript("arabic", code: "Arab", languages: ["ar", "fa", "ur"]),
        FontScript("devanagari", code: "Deva", aliases: ["hindi"], languages: ["hi", "mr", "ne"]),
        FontScript("bengali", code: "Beng", aliases: ["bangla"], languages: ["bn"]),
        FontScript("gurmukhi", code: "Guru", languages: ["pa"]),
        FontScript("gujarati", code: "Gujr", languages: ["gu"]),
        FontScript("tamil", code: "Taml", languages: ["ta"]),
        FontScript("telugu", code: "Telu", languages: ["te"]),
        FontScript("kannada", code: "Knda", languages: ["kn"]),
        FontScript("malayalam", code: "Mlym", languages: ["ml"]),
        FontScript("sinhala", code: "Sinh", languages: ["si"]),
        FontScript("thai", code: "Thai", languages: ["th"]),
        FontScript("lao", code: "Laoo", languages: ["lo"]),
        FontScript("khmer", code: "Khmr", languages: ["km"]),
        FontScript("myanmar", code: "Mymr", aliases: ["burmese"], languages: ["my"]),
        FontScript("tibetan", code: "Tibt", languages: ["bo"]),
        FontScript("ethiopic", code: "Ethi", aliases: ["geez"], languages: ["am"]),
        FontScript("han", code: "Hani", aliases: ["chinese", "Hans", "Hant"], languages: ["zh-cn", "zh-tw", "zh-hk", "ja"]),
        // Kana never come alone: a font for them is a Japanese font, and Japanese needs the kanji too.
        FontScript(
            "japanese", code: "Jpan", aliases: ["hiragana", "Hira", "katakana", "Kana", "Hrkt"],
            languages: ["ja"]),
        FontScript("hangul", code: "Hang", aliases: ["korean", "Kore"], languages: ["ko"]),
    ]

    /// The script called `name` (its name, ISO 15924 code or an alias, in any case), or nil.
    public static func named(_ name: String) -> FontScript? {
        let key = name.lowercased()
        return all.first { $0.name == key || $0.code.lowercased() == key || $0.aliases.contains { $0.lowercased() == key } }
    }

    /// Every name `named(_:)` accepts besides the ISO 15924 codes, for error messages.
    public static var acceptedNames: [String] {
        all.flatMap { [$0.name] + $0.aliases.filter { $0 == $0.lowercased() } }
    }
}
