/// Words whole: French and Italian elided articles and pronouns come off the word they are attached
/// to (`Elision`), and Arabic proclitics are seen through (`ArabicProclitics`). Like plural merging,
/// this works on the distinct folded forms once counting is done, when the language is known: the
/// word breaks keep "l'air" and "وقال" whole (an apostrophe between letters joins them, as Unicode's
/// word-break rules say), and the language may only be detected from the whole text.
extension CanonicalForms {
    /// Whether `TextOptions.mergeClitics` asks for the rules and `language` has some.
    static func mergesClitics(_ options: TextOptions, language: Language?) -> Bool {
        options.mergeClitics && (language == .fr || language == .it || language == .ar)
    }

    /// Applies the rules of `language` (French, Italian or Arabic; others have none). `foldedCount`
    /// grows with the bases never seen alone and receives the merged forms' counts; `stopWords` drop
    /// a word whose base is one; a base shorter than `minimumLength` characters leaves its word whole.
    mutating func mergeClitics(language: Language, foldedCount: inout [Int], stopWords: Set<String>, minimumLength: Int) {
        if let forms = Elision.forms(of: language) {
            mergeElisions(forms, foldedCount: &foldedCount, stopWords: stopWords, minimumLength: minimumLength)
        } else if language == .ar {
            mergeArabic(foldedCount: &foldedCount, stopWords: stopWords)
        }
    }

    private mutating func mergeElisions(
        _ forms: Set<String>, foldedCount: inout [Int], stopWords: Set<String>, minimumLength: Int
    ) {
        for f in 0..<foldedCount.count where canonical[f] == Int32(f) {
            guard let (characters, base) = Elision.split(vocabulary.folded[f], forms: forms) else { continue }
            if stopWords.contains(base) { canonical[f] = -1; continue }
            guard base.count >= minimumLength else { continue }
            let b = vocabulary.foldedID(base, kind: vocabulary.foldedKind[f])
            grow(foldedCount: &foldedCount)
            if canonical[Int(b)] < 0 { canonical[Int(b)] = b }
            canonical[f] = b
            stripFront[f] = characters
            foldedCount[Int(b)] += foldedCount[f]
        }
    }

    private mutating func mergeArabic(foldedCount: inout [Int], stopWords: Set<String>) {
        var targets: [(form: Int, base: Int32)] = []
        for f in 0..<foldedCount.count where canonical[f] == Int32(f) {
            let w = vocabulary.folded[f]
            // Most words start with no proclitic letter: one scalar compared, nothing allocated.
            guard let first = w.unicodeScalars.first,
                ArabicProclitics.conjunctions.contains(first) || ArabicProclitics.prepositions.contains(first)
            else { continue }
            if ArabicProclitics.stopWordCandidates(w).contains(where: stopWords.contains) {
                canonical[f] = -1
                continue
            }
            // The bare word must occur in the text itself: known from the counts, not guessed.
            if let bare = ArabicProclitics.withoutConjunction(w), let b = vocabulary.foldedLookup(bare),
                Int(b) < foldedCount.count, foldedCount[Int(b)] > 0, canonical[Int(b)] == b
            {
                targets.append((f, b))
            }
        }
        // Decided on the forms as counted, then applied; a bare word may itself have merged (or been
        // dropped as a stop word), so each form follows the chain to its end. Each link is a shorter
        // word: no chain loops.
        for t in targets { canonical[t.form] = t.base }
        for t in targets {
            var c = canonical[t.form]
            while c >= 0 && canonical[Int(c)] != c { c = canonical[Int(c)] }
            canonical[t.form] = c
        }
    }
}
