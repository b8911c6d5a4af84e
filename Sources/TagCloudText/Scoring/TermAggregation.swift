import TagCloud

/// Turns a finished count into terms, once, after every word was read. The steps:
///
/// 1. add up the raw spellings' counts per folded form;
/// 2. choose the stop words (`StopWordChoice`, detecting the language when none is given);
/// 3. decide the form each word counts under (`CanonicalForms`, `CliticMerging.swift`,
///    `PluralMerging.swift`);
/// 4. say what the filters dropped (`DroppedWords`);
/// 5. count each canonical word and choose its spelling (`SpellingChoice`);
/// 6. find the collocations (`CollocationFinder`), whose words then count less alone;
/// 7. make the terms: collocations, single words, protected phrases; add up equal texts; sort.
struct TermAggregation {
    let options: TextOptions
    let vocabulary: Vocabulary
    /// The pairs of adjacent kept words, by raw id.
    let pairs: PairTable
    let phrases: PhraseMatcher
    /// Kept words counted (the phrases' words not included).
    let words: Int
    /// Words dropped for being longer than `TermCounter.maximumWordBytes`.
    let tooLong: Int

    /// What the steps give.
    struct Result {
        var terms: [Term]
        var language: Language?
        var dropped: DroppedWords
        /// Every word token read (see `TextAnalysis.tokens`).
        var tokens: Int
        var collocations: Int
        /// Which term each counted word became, with `TextOptions.cooccurrenceWindow`; else nil.
        var names: WordCooccurrence.Names? = nil
    }

    /// Runs the steps.
    func run() -> Result {
        var foldedCount = foldedCounts()
        let stopWords = StopWordChoice(options: options, vocabulary: vocabulary, foldedCount: foldedCount)
        var forms = CanonicalForms(vocabulary: vocabulary, foldedCount: foldedCount, stopWords: stopWords.all)
        let clitics = stopWords.language.map { CanonicalForms.mergesClitics(options, language: $0) } ?? false
        if clitics, let language = stopWords.language {
            forms.mergeClitics(language: language, foldedCount: &foldedCount, stopWords: stopWords.all, options: options)
        }
        if options.mergePlurals ?? (stopWords.language == .en) {
            forms.mergePlurals(foldedCount: &foldedCount, stopWords: stopWords.all)
        }
        let dropped = DroppedWords(
            vocabulary: vocabulary, forms: forms, stopWords: stopWords, clitics: clitics, tooLong: tooLong)
        let spellings = SpellingChoice(vocabulary: vocabulary, forms: forms)

        var remaining = spellings.counts
        var names = options.cooccurrenceWindow == nil ? nil : WordCooccurrence.Names(count: remaining.count)
        let collocations = options.collocations ? collocationTerms(spellings, forms, remaining: &remaining, names: &names) : []
        var terms = collocations
        let singlesStart = terms.count
        for c in 0..<remaining.count where remaining[c] > 0 && forms.canonical[c] == Int32(c) {
            terms.append(Term(spellings.shown(Int32(c)), weight: Double(remaining[c])))
            names?.single[c] = terms[terms.count - 1].text
        }
        names?.canonicalOfRaw = (0..<vocabulary.rawCounts.count).map { forms.of(raw: $0) }
        let singles = singlesStart..<terms.count
        for (p, n) in phrases.counts.enumerated() where n > 0 { terms.append(Term(phrases.texts[p], weight: Double(n))) }

        // A protected phrase's tokens never reach the vocabulary's counts: added so `tokens` counts
        // every word read.
        let tokens = words + dropped.numbers + dropped.tooShort + dropped.tooLong + phrases.matchedWords
        return Result(
            terms: TermOrder.sorted(mergingEqualTexts(terms, singles: singles)), language: stopWords.language,
            dropped: dropped, tokens: tokens, collocations: collocations.count, names: names)
    }

    /// Step 1: how often each folded form was counted, its raw spellings together.
    private func foldedCounts() -> [Int] {
        var foldedCount = [Int](repeating: 0, count: vocabulary.folded.count)
        for id in 0..<vocabulary.rawCounts.count where vocabulary.foldedOf[id] >= 0 {
            foldedCount[Int(vocabulary.foldedOf[id])] += vocabulary.rawCounts[id]
        }
        return foldedCount
    }

    /// Step 6: the collocations as terms, each shown as its pair was written most often; their
    /// counts are taken from the words' `remaining` counts.
    private func collocationTerms(
        _ spellings: SpellingChoice, _ forms: CanonicalForms, remaining: inout [Int], names: inout WordCooccurrence.Names?
    ) -> [Term] {
        let canonicalOfRaw = (0..<vocabulary.rawCounts.count).map { forms.of(raw: $0) }
        var terms: [Term] = []
        for w in CollocationFinder.find(
            pairs: pairs, canonicalOfRaw: canonicalOfRaw, counts: spellings.counts,
            threshold: options.collocationThreshold, limit: options.bigramLimit)
        {
            remaining[Int(w.first)] -= w.count
            remaining[Int(w.second)] -= w.count
            let left = spellings.pairText(Int(w.rawFirst)), right = spellings.pairText(Int(w.rawSecond))
            let separator = NoSpaceScript.joinsWithoutSpace(left, right) ? "" : " "
            terms.append(Term(left + separator + right, weight: Double(w.count)))
            names?.pairs[PairTable.key(w.first, w.second)] = left + separator + right
        }
        return terms
    }

    /// Step 7: `terms` with equal texts added up, in first-seen order. The same spelling can arrive
    /// twice (a collocation equal to a phrase's text, or a Chinese word equal to two joined
    /// characters). Only such texts are hashed: a single word (the terms at `singles`) holds no
    /// space and, outside the scripts written without spaces, cannot equal a pair. Without phrases,
    /// two terms can only coincide when one is a pair joined without a space (two Chinese words
    /// equal to one), and then both hold such characters: texts without any skip the hashing, and
    /// the copying, altogether.
    private func mergingEqualTexts(_ terms: [Term], singles: Range<Int>) -> [Term] {
        let hasPhrases = !phrases.texts.isEmpty
        if !hasPhrases && !terms[..<singles.upperBound].contains(where: { NoSpaceScript.mayBeJoined($0.text) }) {
            return terms
        }
        var unique: [Term] = []
        var merged: [String: Int] = [:]
        for (k, t) in terms.enumerated() {
            guard !singles.contains(k) || hasPhrases || NoSpaceScript.mayBeJoined(t.text) else {
                unique.append(t)
                continue
            }
            if let i = merged[t.text] { unique[i].weight += t.weight } else { merged[t.text] = unique.count; unique.append(t) }
        }
        return unique
    }
}
