/// How strongly words are related: a sparse, symmetric similarity between 0 and 1 for some pairs
/// of words, matched to terms by their text. The semantic arrangement
/// (`WordCloudOptions.Arrangement.semantic`) places related words side by side.
///
/// Relations come from a text (`init(cooccurrence:)`: words that often appear within a few words
/// of each other), from the terms' groups (`init(groups:)`), or are given pair by pair.
public struct WordRelations: Hashable, Sendable {
    /// One related pair: the words' texts and their similarity, in (0, 1].
    public struct Pair: Hashable, Sendable {
        /// The first word's text.
        public var first: String
        /// The second word's text.
        public var second: String
        /// How related they are, in (0, 1]; 1 is the most.
        public var similarity: Double

        /// A pair.
        public init(_ first: String, _ second: String, similarity: Double) {
            self.first = first; self.second = second; self.similarity = similarity
        }
    }

    /// The related pairs, each once; a pair given twice keeps its larger similarity.
    public private(set) var pairs: [Pair]

    /// Relations from `pairs`. Pairs of a word with itself, and similarities that are not finite
    /// or not above 0, are left out; similarities above 1 count as 1.
    public init(_ pairs: [Pair]) {
        var best: [String: [String: Double]] = [:]
        for p in pairs where p.first != p.second && p.similarity.isFinite && p.similarity > 0 {
            let (a, b) = p.first < p.second ? (p.first, p.second) : (p.second, p.first)
            best[a, default: [:]][b] = max(best[a]?[b] ?? 0, min(1, p.similarity))
        }
        self.pairs = best.keys.sorted().flatMap { a in
            best[a]!.keys.sorted().map { b in Pair(a, b, similarity: best[a]![b]!) }
        }
    }

    /// Every two terms of the same group are related (similarity 1); terms without a group are not.
    public init(groups terms: [Term]) {
        var members: [String: [String]] = [:]
        for t in terms { if let g = t.group { members[g, default: []].append(t.text) } }
        var pairs: [Pair] = []
        for g in members.keys.sorted() {
            let words = members[g]!
            // Each word is tied to a few of its group, not all: a chain through the group plus
            // some spokes keep a large group together without a quadratic number of pairs.
            for (k, w) in words.enumerated() {
                for step in [1, 2, 5, 11] where k + step < words.count {
                    pairs.append(Pair(w, words[k + step], similarity: 1))
                }
            }
        }
        self.init(pairs)
    }

    /// Relations from co-occurrence in a text: `counts[i]` is how often word `i` occurred among
    /// `tokens` tokens, `together[i][j]` (i < j) how often `i` and `j` occurred within `window`
    /// tokens of each other, `span` the places around each token where another could meet it (nil:
    /// `window` on either side; fewer where windows end at paragraphs). Two words are as related as their company is alike
    /// (`ContextSimilarity`: the cosine of the words they meet more often than chance, meetings
    /// seen fewer than `minimumTogether` times left out), and each word keeps its `neighbours`
    /// most related words among the heaviest 16, 32, … words, so the words of any layout of the
    /// heaviest words stay related among themselves.
    public init(
        cooccurrence words: [String], counts: [Int], together: [Int: [Int: Int]], tokens: Int, window: Int,
        span: Double? = nil, neighbours: Int = 8, minimumTogether: Int = 2
    ) {
        let span = span.map { max(1e-9, $0) } ?? Double(max(1, 2 * window))
        let similarity = ContextSimilarity(
            counts: Array(counts.prefix(words.count)), together: together, tokens: tokens, span: span,
            minimumTogether: minimumTogether, kept: neighbours)
        var pairs: [Pair] = []
        for (i, row) in similarity.neighbours.enumerated() {
            for (j, s) in row { pairs.append(Pair(words[i], words[j], similarity: s)) }
        }
        self.init(pairs)
    }

    /// Whether no pair is related.
    public var isEmpty: Bool { pairs.isEmpty }
}

/// Relations between the words of one layout, by their index there (heaviest first).
struct RelationGraph {
    /// For each word, its related words and their similarity, most related first.
    let neighbours: [[(word: Int, similarity: Double)]]

    /// The relations among `texts`; a text given twice takes the relations of its first place.
    init(_ relations: WordRelations, texts: [String]) {
        var index: [String: Int] = [:]
        for (i, t) in texts.enumerated() where index[t] == nil { index[t] = i }
        var neighbours: [[(word: Int, similarity: Double)]] = Array(repeating: [], count: texts.count)
        for p in relations.pairs {
            guard let a = index[p.first], let b = index[p.second] else { continue }
            neighbours[a].append((b, p.similarity))
            neighbours[b].append((a, p.similarity))
        }
        self.neighbours = neighbours.map {
            $0.sorted { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.word < $1.word }
        }
    }

    /// The number of words.
    var count: Int { neighbours.count }
}

#if !hasFeature(Embedded)
extension WordRelations: Codable {}
extension WordRelations.Pair: Codable {}
#endif
