/// The folded form each folded form of a count is counted under: itself, another one (a plural's
/// singular, a possessive's base, see `PluralMerging.swift`; a word without its elided article or
/// its Arabic conjunction, see `CliticMerging.swift`), or none when it is dropped (a stop word, or a
/// form no word was counted under).
struct CanonicalForms {
    let vocabulary: Vocabulary
    /// `canonical[f]`: the folded id folded form `f` is counted under, -1 when dropped.
    var canonical: [Int32]
    /// `strip[f]`: how many characters the spellings of folded form `f` lose when shown under their
    /// canonical form (2 for a possessive 's, 1 for a plural s or a classical Chinese particle, else 0).
    var strip: [Int]
    /// `stripFront[f]`: how many characters the spellings of folded form `f` lose at the front when
    /// shown under their canonical form (2 for "l'", 3 for "qu'", 1 for the Arabic "و" of "وقال",
    /// else 0).
    var stripFront: [Int]

    /// Every counted folded form under itself, the stop words dropped. `foldedCount[f]`: how often
    /// folded form `f` was counted.
    init(vocabulary: Vocabulary, foldedCount: [Int], stopWords: Set<String>) {
        self.vocabulary = vocabulary
        let F = foldedCount.count
        // Stop words looked up in the vocabulary rather than the vocabulary in the stop words: a few
        // hundred hashes instead of one per distinct word.
        var isStop = [Bool](repeating: false, count: F)
        for w in stopWords { if let f = vocabulary.foldedLookup(w), Int(f) < F { isStop[Int(f)] = true } }
        canonical = (0..<F).map { f -> Int32 in foldedCount[f] > 0 && !isStop[f] ? Int32(f) : -1 }
        strip = [Int](repeating: 0, count: F)
        stripFront = strip
    }

    /// Room for the folded forms interned since (a base never seen alone), each counted 0 times in
    /// `foldedCount` and under itself.
    mutating func grow(foldedCount: inout [Int]) {
        while canonical.count < vocabulary.folded.count {
            canonical.append(Int32(canonical.count)); strip.append(0); stripFront.append(0); foldedCount.append(0)
        }
    }

    /// The folded id raw word `id` is counted under, -1 when dropped.
    func of(raw id: Int) -> Int32 {
        let f = Int(vocabulary.foldedOf[id])
        return f >= 0 ? canonical[f] : -1
    }
}
