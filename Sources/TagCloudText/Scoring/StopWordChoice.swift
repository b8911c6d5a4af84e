/// The stop words a count drops: the language's built-in list (the language given, or detected from
/// the counted words), a custom list, or none; plus `TextOptions.extraStopWords`. All case-folded.
struct StopWordChoice {
    /// The language given or detected; nil when none was recognised.
    let language: Language?
    /// Every stop word in use: the list and the extra words.
    let all: Set<String>
    /// The list alone (built-in or custom), kept apart from the extra words only to say which of the
    /// two removed a word.
    let list: Set<String>

    /// The stop words for `options`, detecting the language from `vocabulary`'s folded forms counted
    /// `foldedCount` times when `options` gives none.
    init(options: TextOptions, vocabulary: Vocabulary, foldedCount: [Int]) {
        language = options.language ?? StopWords.detect(words: vocabulary.folded, counts: foldedCount)
        var stop: Set<String>
        switch options.stopWords {
        case .language: stop = language.map(StopWords.list(for:)) ?? []
        case .none: stop = []
        case .custom(let words): stop = Set(words.map(ICUText.foldedNFC))
        }
        list = stop
        stop.formUnion(options.extraStopWords.map(ICUText.foldedNFC))
        all = stop
    }

    /// Whether the extra words add nothing to the list, so every stop word dropped is the list's.
    var extraWordsAddNothing: Bool { list.count == all.count }

    /// Whether the folded form `word` was dropped by the list rather than by the extra words.
    /// `clitics`: whether the elision and proclitic rules were applied (`CliticMerging.swift`).
    func isOnList(_ word: String, clitics: Bool) -> Bool {
        if list.contains(word) { return true }
        // A possessive whose base is a stop word went with its base, and so did an elided form
        // ("qu'elle"), a stop word behind Arabic proclitics ("ولا") or a run of classical Chinese
        // particles ("可以").
        if Plural.isPossessive(word) && list.contains(String(word.dropLast(2))) { return true }
        guard clitics, let language else { return false }
        if let forms = Elision.forms(of: language) {
            return Elision.split(word, forms: forms).map { list.contains($0.base) } ?? false
        }
        if language == .lzh { return ClassicalChinese.isParticleRun(word, stopWords: list) }
        return language == .ar && ArabicProclitics.stopWordCandidates(word).contains(where: list.contains)
    }
}
