import TagCloud

/// How often the most frequent terms of a text occur near one another, and the relations that
/// follow (`WordRelations(cooccurrence:…)`): the kept words, recorded in text order while counting,
/// are named after the terms they became once the count is over, and every two terms within
/// `window` words of each other are counted together.
///
/// A two-word collocation counts where its two words stand side by side; stop words and words not
/// among the terms take their place in the window without counting; protected phrases are not
/// counted.
struct WordCooccurrence {
    /// The most words recorded: about 64 MB of ids, some 100 MB of English text. Relations in a
    /// longer text come from its beginning.
    static let tokenLimit = 1 << 24
    /// The most frequent terms that take part; the semantic arrangement uses fewer.
    static let termLimit = 1000
    /// Recorded between the words of two paragraphs: no window reaches across it.
    static let paragraphEnd = Int32.min

    /// Which term each counted word became.
    struct Names {
        /// Each raw spelling's canonical word (-1: dropped).
        var canonicalOfRaw: [Int32] = []
        /// The term each canonical word is counted under on its own, nil when it has none.
        var single: [String?]
        /// The collocations' terms, by their canonical pair (`PairTable.key`).
        var pairs: [UInt64: String] = [:]

        /// Names for `count` canonical words, none known yet.
        init(count: Int) { single = Array(repeating: nil, count: count) }
    }

    /// The relations found; nil when too few words were recorded.
    let relations: WordRelations?

    /// Counts the terms of `stream` (raw ids as `CountingEngine.stream` records them) named by
    /// `names`, within `window` words, among the first `termLimit` of `terms`.
    init(stream: [Int32], names: Names, terms: [Term], window: Int) {
        let kept = terms.prefix(Self.termLimit).map { $0.text }
        var index: [String: Int32] = [:]
        for (i, t) in kept.enumerated() where index[t] == nil { index[t] = Int32(i) }
        let at = Self.termIndices(stream, names: names, index: index)
        let n = kept.count, w = max(1, window)
        var counts = [Int](repeating: 0, count: n)
        var together = [Int32](repeating: 0, count: n * n)
        // Pairs of places looked at: fewer than `window` a word where paragraphs are short.
        var places = 0
        for t in at.indices where at[t] >= 0 {
            let a = Int(at[t])
            counts[a] += 1
            for u in (t + 1)..<min(at.count, t + 1 + w) {
                guard at[u] != Self.paragraphBreak else { break }
                places += 1
                guard at[u] >= 0 && at[u] != at[t] else { continue }
                let b = Int(at[u])
                together[min(a, b) * n + max(a, b)] &+= 1
            }
        }
        let tokens = at.count { $0 != Self.paragraphBreak }
        // The places around a term's token where another token could meet it, on both sides.
        let span = 2 * Double(places) / Double(max(1, at.count { $0 >= 0 }))
        var pairs: [Int: [Int: Int]] = [:]
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) where together[a * n + b] > 0 {
                pairs[a, default: [:]][b] = Int(together[a * n + b])
            }
        }
        relations =
            at.isEmpty
            ? nil
            : WordRelations(
                cooccurrence: kept, counts: counts, together: pairs, tokens: tokens, window: w, span: span)
    }

    /// Stands for `paragraphEnd` among the terms' indices.
    private static let paragraphBreak: Int32 = -2

    /// For each recorded word, the index of its term in `index`, or -1 (`paragraphBreak` at the
    /// end of a paragraph); both words of a collocation stand for the collocation, counted at the first.
    private static func termIndices(_ stream: [Int32], names: Names, index: [String: Int32]) -> [Int32] {
        func canonical(_ v: Int32) -> Int32 {
            let raw = Int(v < 0 ? ~v : v)
            return raw < names.canonicalOfRaw.count ? names.canonicalOfRaw[raw] : -1
        }
        var at = [Int32](repeating: -1, count: stream.count)
        var t = 0
        while t < stream.count {
            if stream[t] == paragraphEnd {
                at[t] = paragraphBreak
                t += 1
                continue
            }
            let c = canonical(stream[t])
            if c >= 0, t + 1 < stream.count, stream[t + 1] >= 0, !names.pairs.isEmpty {
                let d = canonical(stream[t + 1])
                if d >= 0, let text = names.pairs[PairTable.key(c, d)] {
                    let k = index[text] ?? -1
                    // Counted once, at its first word.
                    at[t] = k
                    t += 2
                    continue
                }
            }
            if c >= 0, Int(c) < names.single.count, let text = names.single[Int(c)] { at[t] = index[text] ?? -1 }
            t += 1
        }
        return at
    }
}
