/// How alike two words' company is: each word's profile is how much more often than chance each
/// other word occurs near it (its positive pointwise mutual information), and two words are as
/// related as the cosine of their profiles.
///
/// Why the company and not the meetings themselves: two words of one topic need not meet often
/// (“Senate” and “President”), but they keep the same company; a word common to every topic meets
/// some word of each, and its profile is spread thin. Measured on meetings alone, chance pairs of
/// rare words come out the most related, and a text's frequent words are related to few others.
struct ContextSimilarity {
    /// Each word's related words with their similarity, in (0, 1].
    let neighbours: [[(word: Int, similarity: Double)]]

    /// The words whose profiles are compared: the most frequent ones; the others only make up
    /// the profiles. Comparing costs the square of this number.
    static let comparedLimit = 500
    /// The heavier words among which each word keeps its most related ones: the first 16, 32, …
    /// words. A layout takes the heaviest words, so each of its words keeps relations within it,
    /// whatever the number of words it takes.
    static let scales = [16, 32, 64, 128, 256, 512]

    /// The similarity among `counts.count` words (most frequent first), `counts[i]` occurrences of
    /// word `i` among `tokens`, `together[i][j]` meetings of `i` and `j` among the `span` places
    /// around each token;
    /// meetings seen fewer than `minimumTogether` times are chance. Each word keeps its
    /// `kept` most related words at each of `scales`.
    init(counts: [Int], together: [Int: [Int: Int]], tokens: Int, span: Double, minimumTogether: Int, kept: Int) {
        let profiles = Self.profiles(counts: counts, together: together, tokens: tokens, span: span, least: minimumTogether)
        let compared = min(counts.count, Self.comparedLimit)
        var similar: [[Double]] = Array(repeating: [], count: compared)
        var dense = [Double](repeating: 0, count: counts.count)
        for i in 0..<compared {
            for (k, v) in profiles[i] { dense[k] = v }
            similar[i] = (0..<compared).map { j in
                guard j != i else { return 0 }
                var dot = 0.0
                for (k, v) in profiles[j] { dot += dense[k] * v }
                return dot
            }
            for (k, _) in profiles[i] { dense[k] = 0 }
        }
        neighbours = similar.indices.map { i in Self.kept(similar[i], of: i, count: kept) }
    }

    /// Each word's profile, normalised to length 1: (word, positive PMI) sorted by word.
    private static func profiles(
        counts: [Int], together: [Int: [Int: Int]], tokens: Int, span: Double, least: Int
    ) -> [[(Int, Double)]] {
        let n = Double(max(1, tokens))
        var rows: [[(Int, Double)]] = Array(repeating: [], count: counts.count)
        for i in together.keys.sorted() {
            for (j, c) in together[i]! where c >= least && i < j && i < counts.count && j < counts.count {
                // The meetings chance gives: each of i's occurrences has `span` places around it.
                let expected = Double(max(1, counts[i])) * Double(max(1, counts[j])) * span / n
                let pmi = Math.log(Double(c) / expected)
                guard pmi > 0 else { continue }
                rows[i].append((j, pmi))
                rows[j].append((i, pmi))
            }
        }
        return rows.map { row in
            let length = row.reduce(0) { $0 + $1.1 * $1.1 }.squareRoot()
            return row.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1 / length) }
        }
    }

    /// Word `i`'s kept relations: its `count` most related words among the first words of each
    /// scale, most related first.
    private static func kept(_ similarity: [Double], of i: Int, count: Int) -> [(word: Int, similarity: Double)] {
        var chosen = Set<Int>()
        for (k, scale) in scales.enumerated() where k == 0 || scales[k - 1] < similarity.count {
            let top = (0..<min(scale, similarity.count)).filter { $0 != i && similarity[$0] > 0 }
                .sorted { similarity[$0] != similarity[$1] ? similarity[$0] > similarity[$1] : $0 < $1 }.prefix(count)
            chosen.formUnion(top)
        }
        return chosen.sorted { similarity[$0] != similarity[$1] ? similarity[$0] > similarity[$1] : $0 < $1 }
            .map { ($0, min(1, similarity[$0])) }
    }
}
