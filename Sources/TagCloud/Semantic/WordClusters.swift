/// Groups of related words: the communities of the relation graph found by modularity (the
/// Louvain method: each word moves to the neighbouring group that raises modularity most, then the
/// groups become the words of a smaller graph, until nothing moves). Deterministic: words are
/// visited in index order and ties go to the lowest group.
///
/// A word with no relation forms a group of its own. Groups are numbered by their heaviest word
/// (the lowest index), so group 0 holds word 0.
struct WordClusters {
    /// Each word's group.
    let of: [Int]
    /// The number of groups.
    let count: Int

    /// The groups of `graph`'s words.
    init(_ graph: RelationGraph) {
        // Rows sorted by neighbour, so that sums are made in one order in every process.
        var edges: [[(Int, Double)]] = graph.neighbours.map { row in
            row.map { ($0.word, $0.similarity) }.sorted { $0.0 < $1.0 }
        }
        var member = Array(graph.neighbours.indices)
        for _ in 0..<16 {
            let moved = Self.localMoves(edges)
            guard Set(moved).count < edges.count else { break }
            member = member.map { moved[$0] }
            edges = Self.aggregate(edges, into: moved)
        }
        member = Self.joiningSmallGroups(member, graph)
        // Renumbered by first appearance, so the groups follow the words' weight order.
        var number: [Int: Int] = [:]
        of = member.map { g in
            if let k = number[g] { return k }
            number[g] = number.count
            return number.count - 1
        }
        count = number.count
    }

    /// A group smaller than `smallest` words joins the group it is most related to, if any: a
    /// colour, or a place of its own, for two words tells a reader little.
    static let smallest = 3

    /// `member` with each small group joined to the group it is most related to.
    private static func joiningSmallGroups(_ member: [Int], _ graph: RelationGraph) -> [Int] {
        var member = member
        var size: [Int: Int] = [:]
        for g in member { size[g, default: 0] += 1 }
        for g in size.keys.sorted() where size[g]! < smallest {
            var link: [Int: Double] = [:]
            for (v, row) in graph.neighbours.enumerated() where member[v] == g {
                for (u, s) in row where member[u] != g { link[member[u], default: 0] += s }
            }
            guard let target = link.keys.sorted().max(by: { link[$0]! < link[$1]! }) else { continue }
            for v in member.indices where member[v] == g { member[v] = target }
            size[target, default: 0] += size[g]!
            size[g] = 0
        }
        return member
    }

    /// One level of the method: each node's group (numbered 0..<k, dense) after moving nodes
    /// until no move raises modularity.
    private static func localMoves(_ edges: [[(Int, Double)]]) -> [Int] {
        let n = edges.count
        let degree = edges.map { $0.reduce(0) { $0 + $1.1 } }
        let total = degree.reduce(0, +)
        guard total > 0 else { return Array(0..<n) }
        var group = Array(0..<n)
        var groupDegree = degree
        var improved = true
        var rounds = 0
        while improved && rounds < 32 {
            improved = false
            rounds += 1
            for v in 0..<n where degree[v] > 0 {
                var toGroup: [Int: Double] = [:]
                for (u, w) in edges[v] where u != v { toGroup[group[u], default: 0] += w }
                let own = group[v]
                groupDegree[own] -= degree[v]
                // Gain of joining group g, up to a common factor: links into g less the expected.
                func gain(_ g: Int) -> Double { (toGroup[g] ?? 0) - groupDegree[g] * degree[v] / total }
                var best = own, bestGain = gain(own)
                for g in toGroup.keys.sorted() where gain(g) > bestGain + 1e-12 {
                    best = g
                    bestGain = gain(g)
                }
                groupDegree[best] += degree[v]
                if best != own {
                    group[v] = best
                    improved = true
                }
            }
        }
        var dense: [Int: Int] = [:]
        return group.map { g in
            if let k = dense[g] { return k }
            dense[g] = dense.count
            return dense.count - 1
        }
    }

    /// The graph whose nodes are the groups of `edges`' nodes, linked by the sum of their links.
    private static func aggregate(_ edges: [[(Int, Double)]], into group: [Int]) -> [[(Int, Double)]] {
        let k = (group.max() ?? -1) + 1
        var out: [[Int: Double]] = Array(repeating: [:], count: k)
        for (v, row) in edges.enumerated() {
            for (u, w) in row { out[group[v]][group[u], default: 0] += w }
        }
        return out.map { row in row.keys.sorted().map { ($0, row[$0]!) } }
    }
}
