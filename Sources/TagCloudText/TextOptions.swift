import Foundation

/// The languages TagCloud has stop-word lists for (ISO 639-1 codes).
public enum Language: String, Sendable, CaseIterable, Codable {
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
        case .ja: return "Japanese"
        case .ar: return "Arabic"
        case .hi: return "Hindi"
        }
    }

    /// Parses a code such as `en` or `en-GB` (the region is ignored); throws with the supported codes.
    public init(code: String) throws {
        let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard let language = Language(rawValue: base) else {
            throw TextError.invalidOption(reason: "unknown language \"\(code)\": choose one of \(Language.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = language
    }
}

/// Where the stop words come from.
public enum StopWordSource: Sendable, Equatable {
    /// The built-in list of the language given or detected (none when no language is recognised).
    case language
    /// No stop words at all.
    case none
    /// Exactly these words (compared after case folding), instead of a built-in list.
    case custom(Set<String>)
}

/// How text becomes words and counts. Every field has a documented default; the CLI maps one flag to one field.
public struct TextOptions: Sendable {
    /// Keep apostrophes inside words (`don't`, `l'homme` as one word). Default: true.
    public var keepApostrophes = true
    /// Keep hyphenated words whole (`well-known`); by default they are split into their parts, as ICU does.
    public var keepHyphens = false
    /// Count numbers (`1999`, `3.14`) as words. Default: false.
    public var includeNumbers = false
    /// Words shorter than this many characters (grapheme clusters) are dropped. Default: 2, as the
    /// Python wordcloud package's default pattern.
    public var minimumLength = 2
    /// The minimum for Chinese characters (Han, also in Japanese), where one character is often a whole
    /// word. Default: 1. Kana words follow `minimumLength`.
    public var minimumIdeographicLength = 1
    /// A regular expression (ICU syntax, as NSRegularExpression) whose matches are the words, used
    /// instead of ICU word breaks; nil (default) uses word breaks. A match never spans a line break
    /// or a space that starts a new read chunk of a stream.
    public var pattern: String?
    /// The language, which chooses the stop words and English plural merging; nil detects it from
    /// the scripts and the most common stop words of the text.
    public var language: Language?
    /// The stop words to drop. Default: the language's built-in list.
    public var stopWords: StopWordSource = .language
    /// Further stop words, added to whatever `stopWords` gives.
    public var extraStopWords: Set<String> = []
    /// Merge English plurals into their singular when both occur ("rabbits" into "rabbit") and drop
    /// possessive `'s`; nil (default) does so when the language is English.
    public var mergePlurals: Bool?
    /// Find two-word collocations ("White Rabbit") and count them as one term. Default: true.
    public var collocations = true
    /// The Dunning log-likelihood score a bigram needs to count as a collocation (Python wordcloud's default: 30).
    public var collocationThreshold = 30.0
    /// Phrases that are always counted as one term and never split (`New York`), matched after case folding.
    public var phrases: [String] = []
    /// The most distinct word pairs kept for collocation scoring; beyond it the rarest pairs are dropped,
    /// so memory stays bounded on huge inputs. Default: 500,000 (a table of at most 16 MB). The pairs
    /// dropped are those seen once or twice, which rarely score as collocations: in a text long enough
    /// to fill the table, a pair needs a few sightings to beat the threshold.
    public var bigramLimit = 500_000
    /// Segment the next chunk of a long text on a second thread while the words of the current one
    /// are counted, when the process may use more than one core. The counts are the same either way.
    /// Default: true.
    public var segmentsConcurrently = true

    /// The defaults.
    public init() {}
}

/// The built-in stop-word lists and language detection.
public enum StopWords {
    /// The built-in stop words of `language`, case-folded, loaded from the package's resource files.
    public static func list(for language: Language) -> Set<String> {
        // Loaded once per process: detecting a Latin-script language reads seven lists, which cost
        // far more than counting a short text (a program counting many small texts paid it each time).
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache[language] { return cached }
        let words = load(language)
        cache[language] = words
        return words
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [Language: Set<String>] = [:]

    private static func load(_ language: Language) -> Set<String> {
        guard let url = Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "Resources/stopwords")
                ?? Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "stopwords"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return parse(text)
    }

    /// Parses a stop-word file: one word per line, `#` comments, blank lines ignored; words are case-folded.
    public static func parse(_ text: String) -> Set<String> {
        var words = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if word.isEmpty || word.hasPrefix("#") { continue }
            // Folding ASCII is lower-casing; ICU only for the rest (a list holds hundreds of words).
            words.insert(word.utf8.allSatisfy { $0 < 0x80 } ? word.lowercased() : ICUText.foldedNFC(word))
        }
        return words
    }

    /// The largest stop-word file read, in bytes: the longest lists in use hold a few thousand words.
    public static let maximumFileBytes = 4 << 20

    /// Reads a stop-word file, with errors naming it.
    public static func read(path: String) throws -> Set<String> {
        let data: Data
        do { data = try WholeFile.contents(of: path, limit: maximumFileBytes) } catch {
            if case .tooLarge = error { throw TextError.tooLarge(name: path, limit: maximumFileBytes, what: "a stop-word file") }
            throw TextError.unreadable(name: path, reason: error.reason(kind: "a stop-word file", fix: ""))
        }
        return parse(try TagListReader.decodeText(data, name: path))
    }

    private static let latinCandidates: [Language] = [.en, .de, .fr, .es, .it, .pt, .nl]

    /// Each stop word of a Latin-script language with the set of `latinCandidates` listing it (bit i
    /// for candidate i): one lookup per word instead of one per list.
    private static let latinStopWords: [String: UInt8] = {
        var table: [String: UInt8] = [:]
        for (i, language) in latinCandidates.enumerated() {
            for word in list(for: language) { table[word, default: 0] |= 1 << UInt8(i) }
        }
        return table
    }()

    /// The `k`-th largest of `values` (1-based; `values` has at least `k` elements), by selection in
    /// linear expected time: sorting every count of a large vocabulary cost more than the detection.
    static func largest(_ k: Int, of values: [Int]) -> Int {
        var v = values
        var lo = 0, hi = v.count - 1
        let target = k - 1
        while lo < hi {
            // Median of three as pivot, then a three-way partition (descending): counts repeat a lot.
            let pivot = Swift.max(Swift.min(v[lo], v[hi]), Swift.min(Swift.max(v[lo], v[hi]), v[(lo + hi) / 2]))
            var lt = lo, i = lo, gt = hi
            while i <= gt {
                if v[i] > pivot { v.swapAt(lt, i); lt += 1; i += 1 }
                else if v[i] < pivot { v.swapAt(i, gt); gt -= 1 }
                else { i += 1 }
            }
            if target < lt { hi = lt - 1 } else if target > gt { lo = gt + 1 } else { return pivot }
        }
        return v[lo]
    }

    /// How many of the most frequent words language detection looks at.
    static let detectionVocabulary = 2000

    /// Guesses the language from case-folded word counts: the script of most words, then, for Latin
    /// and the Han/kana mix, which list's stop words are most frequent. Nil when nothing matches.
    /// `words[i]` is seen `counts[i]` times (0: ignored), in text order.
    static func detect(words: [String], counts all: [Int]) -> Language? {
        // Stop words are the most frequent words of a text and the script of the text is that of its
        // frequent words, so the top of the vocabulary decides; the long tail only costs time.
        // The words above the cut-off count, then those at it in text order (every seen word when
        // there are few: the cut is then 0, which no seen word is at).
        let seen = all.filter { $0 > 0 }
        var cut = 0, atCut = 0
        if seen.count > detectionVocabulary {
            cut = Self.largest(detectionVocabulary, of: seen)
            atCut = detectionVocabulary - seen.lazy.filter { $0 > cut }.count
        }
        var counts: [(word: String, count: Int)] = []
        counts.reserveCapacity(min(seen.count, detectionVocabulary))
        for (i, c) in all.enumerated() where c > cut || (c == cut && atCut > 0) {
            if c == cut { atCut -= 1 }
            counts.append((words[i], c))
        }
        var scripts: [Int32: Int] = [:]
        var total = 0
        for (word, count) in counts {
            guard let s = ICUText.script(of: word) else { continue }
            scripts[s, default: 0] += count
            total += count
        }
        guard total > 0, let top = scripts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { return nil }
        switch top.key {
        case ScriptCode.arabic: return .ar
        case ScriptCode.devanagari: return .hi
        case ScriptCode.cyrillic: return .ru
        case ScriptCode.han, ScriptCode.hiragana, ScriptCode.katakana:
            // Japanese writes its grammar in kana; Chinese text has next to none.
            let kana = (scripts[ScriptCode.hiragana] ?? 0) + (scripts[ScriptCode.katakana] ?? 0)
            let cjk = kana + (scripts[ScriptCode.han] ?? 0)
            return kana * 10 >= cjk ? .ja : .zh
        case ScriptCode.latin:
            let candidates = latinCandidates
            var scores = [Int](repeating: 0, count: candidates.count)
            for (word, count) in counts {
                guard var languages = latinStopWords[word] else { continue }
                while languages != 0 {
                    scores[languages.trailingZeroBitCount] += count
                    languages &= languages - 1
                }
            }
            guard let best = scores.indices.max(by: { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 > $1 }),
                  scores[best] > 0 else { return nil }
            return candidates[best]
        default:
            return nil
        }
    }
}
