/// Words whole: French and Italian elided articles and pronouns come off the word they are attached
/// to (`Elision`), Arabic proclitics are seen through (`ArabicProclitics`), and so are the classical
/// Chinese particles ICU joins to a neighbour (`ClassicalChinese`). Like plural merging,
/// this works on the distinct folded forms once counting is done, when the language is known: the
/// word breaks keep "l'air" and "وقال" whole (an apostrophe between letters joins them, as Unicode's
/// word-break rules say), and the language may only be detected from the whole text.
extension CanonicalForms {
    /// Whether `TextOptions.mergeClitics` asks for the rules and `language` has some.
    static func mergesClitics(_ options: TextOptions, language: Language?) -> Bool {
        options.mergeClitics && (language == .fr || language == .it || language == .ar || language == .lzh)
    }

    /// Applies the rules of `language` (French, Italian, Arabic or classical Chinese; others have none). `foldedCount`
    /// grows with the bases never seen alone and receives the merged forms' counts; `stopWords` drop
    /// a word whose base is one; a base shorter than `options`' minimum length leaves its word whole.
    mutating func mergeClitics(language: Language, foldedCount: inout [Int], stopWords: Set<String>, options: TextOptions) {
        if let forms = Elision.forms(of: language) {
            mergeElisions(forms, foldedCount: &foldedCount, stopWords: stopWords, minimumLength: options.minimumLength)
        } else if language == .ar {
            mergeArabic(foldedCount: &foldedCount, stopWords: stopWords)
        } else if language == .lzh {
            mergeClassicalParticles(
                foldedCount: &foldedCount, stopWords: stopWords, keepsSingleCharacters: options.minimumIdeographicLength <= 1)
        }
    }

    /// Classical Chinese: a run of particles ICU took for one word ("可以", "如之何") is a stop word,
    /// and a word of two characters, one a stop word, counts as the other: "子曰" as "子", "不知" as "知",
    /// unless `keepsSingleCharacters` is false (a single character would be too short to count).
    private mutating func mergeClassicalParticles(foldedCount: inout [Int], stopWords: Set<String>, keepsSingleCharacters: Bool) {
        for f in 0..<foldedCount.count where canonical[f] == Int32(f) {
            let w = vocabulary.folded[f]
            // Most words of a modern text are ruled out by their length before any set lookup.
            guard w.utf8.count >= 6 else { continue }
            if ClassicalChinese.isParticleRun(w, stopWords: stopWords) { canonical[f] = -1; continue }
            guard keepsSingleCharacters, let (base, isFirst) = ClassicalChinese.peeled(w, stopWords: stopWords) else { continue }
            let b = vocabulary.foldedID(base, kind: vocabulary.foldedKind[f])
            grow(foldedCount: &foldedCount)
            if canonical[Int(b)] < 0 { canonical[Int(b)] = b }
            canonical[f] = b
            if isFirst { strip[f] = 1 } else { stripFront[f] = 1 }
            foldedCount[Int(b)] += foldedCount[f]
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
        // The term is shown bare, as the text writes the bare word ("قال" for "وقال" and "فقال"):
        // its spellings lose the proclitics, as an elided article comes off a French word.
        for t in targets { canonical[t.form] = t.base }
        for t in targets {
            var c = canonical[t.form]
            while c >= 0 && canonical[Int(c)] != c { c = canonical[Int(c)] }
            canonical[t.form] = c
            if c >= 0 { stripFront[t.form] = vocabulary.folded[t.form].count - vocabulary.folded[Int(c)].count }
        }
    }
}
