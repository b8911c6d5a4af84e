/// Protected phrases (`TextOptions.phrases`): word sequences counted as one term and never split.
///
/// A phrase is the folded ids of its words, so it matches whatever the case of the text. Kept words
/// wait here while they could still grow into a phrase; `next(final:)` then hands back, in text
/// order, either a phrase it counted or a word that starts none.
struct PhraseMatcher {
    /// A kept word waiting to be matched.
    struct Word {
        var raw: Int32
        var folded: Int32
        var afterPunctuation: Bool
    }

    /// What `next(final:)` resolved the first waiting words into.
    enum Match {
        /// A phrase, counted here.
        case phrase
        /// A word that starts no phrase, to be counted as a word.
        case word(Word)
    }

    /// Each phrase's folded ids → its index in `texts`.
    private var byKey: [[Int32]: Int] = [:]
    /// Every proper prefix of a phrase's folded ids.
    private var prefixes: Set<[Int32]> = []
    /// The phrases as shown, by index.
    private(set) var texts: [String] = []
    /// How often each phrase was found, by index.
    private(set) var counts: [Int] = []
    private var waiting: [Word] = []

    /// Splits each phrase into words as the text's words are split (by `segmenter`) and interns
    /// their folded forms in `vocabulary`. Throws `TextError.invalidOption` for a phrase without
    /// words or with a NUL character.
    init(phrases: [String], segmenter: Segmenter, vocabulary: Vocabulary) throws(TextError) {
        for phrase in phrases {
            // Shown as given, in NFC, with any run of spaces as one and no control characters (a tab
            // would break `word<TAB>count` output; see `TermText`).
            let shown = ICUText.nfc(TermText.normalized(phrase.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")))
            let collector = Parts()
            var bytes = Array(shown.utf8)
            if bytes.contains(0) { throw TextError.invalidOption(reason: "phrase \"\(phrase)\" contains a NUL character") }
            bytes.withUnsafeMutableBufferPointer { segmenter.process($0, into: collector) }
            guard !collector.parts.isEmpty else {
                throw TextError.invalidOption(reason: "phrase \"\(phrase)\" has no words; give words such as \"New York\"")
            }
            let key = collector.parts.map { vocabulary.foldedID(ICUText.foldedNFC($0.0), kind: $0.1) }
            if byKey[key] != nil { continue }
            byKey[key] = texts.count
            texts.append(shown)
            counts.append(0)
            for k in 1..<key.count { prefixes.insert(Array(key[0..<k])) }
        }
    }

    /// Whether there are no phrases to match.
    var isEmpty: Bool { byKey.isEmpty }

    /// The words of the text that the phrases found were made of.
    var matchedWords: Int {
        byKey.reduce(0) { sum, entry in sum + counts[entry.value] * entry.key.count }
    }

    /// Adds the next kept word of the text.
    mutating func append(_ word: Word) { waiting.append(word) }

    /// The kept words waiting to be matched (what a partial count hands to the merge).
    var waitingWords: [Word] { waiting }

    /// Adds `n` finds of phrase `index` (counted elsewhere: a partial count being merged).
    mutating func add(_ n: Int, toPhrase index: Int) { counts[index] += n }

    /// Resolves the first waiting words: a phrase when they start one (longest first), otherwise
    /// the first word alone. Nil when no word waits, or when the waiting words could still grow
    /// into a phrase, unless `final`.
    mutating func next(final: Bool) -> Match? {
        guard !waiting.isEmpty else { return nil }
        let keys = waiting.map { $0.folded }
        if !final && prefixes.contains(keys) { return nil }
        for k in stride(from: keys.count, through: 1, by: -1) {
            if let p = byKey[Array(keys[0..<k])] {
                counts[p] += 1
                waiting.removeFirst(k)
                return .phrase
            }
        }
        return .word(waiting.removeFirst())
    }
}

extension PhraseMatcher {
    /// The words of a phrase, as the segmenter finds them. Not local to `init`: Embedded Swift
    /// specializes the segmenter for it in the modules that count, where a local class is not seen.
    final class Parts: TokenSink {
        var parts: [(String, WordKind)] = []
        func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
            parts.append((String(decoding: bytes, as: UTF8.self), kind))
        }
    }
}
