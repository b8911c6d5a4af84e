/// The languages TagCloud has stop-word lists for (ISO 639-1 codes, and ISO 639-3 `lzh` for classical
/// Chinese, which has none shorter).
public enum Language: String, Sendable, CaseIterable {
    /// English (plural merging on by default).
    case en
    /// German.
    case de
    /// French.
    case fr
    /// Spanish.
    case es
    /// Italian.
    case it
    /// Portuguese.
    case pt
    /// Dutch.
    case nl
    /// Russian.
    case ru
    /// Chinese.
    case zh
    /// Classical (Literary) Chinese: the Chinese of the classics, whose particles (曰, 矣, 乎, 也, 之…)
    /// are its most frequent words.
    case lzh
    /// Japanese.
    case ja
    /// Arabic.
    case ar
    /// Hindi.
    case hi

    /// The language's name in English, for messages ("removed by the English stop-word list").
    public var name: String {
        switch self {
        case .en: return "English"
        case .de: return "German"
        case .fr: return "French"
        case .es: return "Spanish"
        case .it: return "Italian"
        case .pt: return "Portuguese"
        case .nl: return "Dutch"
        case .ru: return "Russian"
        case .zh: return "Chinese"
        case .lzh: return "Classical Chinese"
        case .ja: return "Japanese"
        case .ar: return "Arabic"
        case .hi: return "Hindi"
        }
    }

    /// Parses a code such as `en` or `en-GB` (the region is ignored); throws with the supported codes.
    public init(code: String) throws(TextError) {
        let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard let language = Language(rawValue: base) else {
            throw TextError.invalidOption(
                reason:
                    "unknown language \"\(code)\": choose one of \(Language.allCases.map { $0.rawValue }.joined(separator: ", "))"
            )
        }
        self = language
    }
}

#if !hasFeature(Embedded)
extension Language: Codable {}
#endif
