/// Where each word of a semantic arrangement aims: worked out once per layout from the relations
/// among its words (their groups and a position for each, `WordClusters`, `WordEmbedding`), then,
/// as the words are placed heaviest first, each word aims at the word of its group it is most
/// related to that is placed already, or, when none is, at its own position spread over the area.
struct SemanticPlan {
    /// The relations among a layout's words, by index (heaviest first), and their groups.
    struct Relations {
        let graph: RelationGraph
        let clusters: WordClusters

        /// The relations among `texts` (heaviest first).
        init(_ relations: WordRelations, texts: [String]) {
            graph = RelationGraph(relations, texts: texts)
            clusters = WordClusters(graph)
        }
    }

    let graph: RelationGraph
    let clusters: WordClusters
    /// Each word's own aim on the canvas, nil for a word without relations or beyond
    /// `WordEmbedding.wordLimit`: such a word is placed as in the default arrangement.
    private let aims: [(x: Double, y: Double)?]
    /// Each group's own place: the middle of its words' aims.
    private let anchors: [(x: Double, y: Double)]

    /// The plan for `styled` (heaviest first), related as `relations` says, in `area`, seeded by `seed`.
    init(_ relations: Relations, styled: [StyledWord], area: PlacementArea, seed: UInt64) {
        graph = relations.graph
        clusters = relations.clusters
        let top = styled.first.map { max($0.term.weight, 1e-12) } ?? 1
        let mass = styled.map { min(1, max(0, $0.term.weight) / top) }
        let embedding = WordEmbedding(relations.graph, clusters: relations.clusters, mass: mass, seed: seed)
        let b = area.bounds
        let cx = Double(b.x) + Double(b.width) / 2, cy = Double(b.y) + Double(b.height) / 2
        // Spread over most of the area: the words' own room keeps the outer ones inside.
        let rx = 0.42 * Double(b.width), ry = 0.42 * Double(b.height)
        let graph = relations.graph
        let aims: [(x: Double, y: Double)?] = styled.indices.map { i in
            guard i < embedding.positions.count, !graph.neighbours[i].isEmpty else { return nil }
            let p = embedding.positions[i]
            return (cx + p.x * rx, cy + p.y * ry)
        }
        self.aims = aims
        var sum = [(x: Double, y: Double, n: Double)](repeating: (0, 0, 0), count: relations.clusters.count)
        for (i, a) in aims.enumerated() {
            guard let a else { continue }
            let g = relations.clusters.of[i]
            sum[g] = (sum[g].x + a.x, sum[g].y + a.y, sum[g].n + 1)
        }
        anchors = sum.map { $0.n > 0 ? ($0.x / $0.n, $0.y / $0.n) : (cx, cy) }
    }

    /// Where word `i` aims, given the centres of the words placed so far (by index); nil: it is
    /// placed as in the default arrangement. A word aims between the centre of its most related
    /// placed word of its own group and its group's own place (the middle of its words' positions),
    /// so the nearest free place touches the first, and each group grows on its own side.
    func aim(_ i: Int, placed: [Int: (x: Double, y: Double)]) -> (x: Double, y: Double)? {
        guard aims[i] != nil else { return nil }
        let group = clusters.of[i], anchor = anchors[group]
        guard let j = graph.neighbours[i].first(where: { clusters.of[$0.word] == group && placed[$0.word] != nil }),
            let near = placed[j.word]
        else { return anchor }
        let k = Self.nearestPull
        return (k * near.x + (1 - k) * anchor.x, k * near.y + (1 - k) * anchor.y)
    }

    /// The share of a word's aim given to its most related placed word rather than its group's
    /// place: more keeps related pairs side by side, less keeps groups apart.
    static let nearestPull = 0.5
}
