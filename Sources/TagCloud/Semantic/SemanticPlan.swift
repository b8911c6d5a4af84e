/// Where each word of a semantic arrangement aims: worked out once per layout from the relations
/// among its words (their groups, `WordClusters`, and a region of the area for each group,
/// `GroupRegions`), then, as the words are placed heaviest first, each word aims between its
/// group's centre and the word of its group it is most related to that is placed already. So each
/// group grows around its own centre, in its own part of the area, and related words touch.
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
    /// Each word's own place in its group's region (`spread`), nil for a word without relations
    /// or without a region: such a word is placed as in the default arrangement.
    private var spots: [(x: Double, y: Double)?]
    /// Each word's size relative to the heaviest's, as the sizing will give it.
    let relativeSizes: [Double]
    /// Each word's room relative to the heaviest word's (size squared times length), 0 for a word
    /// without relations.
    private let own: [Double]
    /// The groups' regions.
    private let regions: GroupRegions
    /// The group whose region each group shares (its own, when large enough; `hosts`).
    private let host: [Int?]

    /// The plan for `styled` (heaviest first), related as `relations` says, sized by `sizing`, in `area`.
    init(_ relations: Relations, styled: [StyledWord], sizing: CloudStyle.Sizing, area: PlacementArea) {
        graph = relations.graph
        clusters = relations.clusters
        let count = clusters.count
        var room = [Double](repeating: 0, count: count)
        var own = [Double](repeating: 0, count: styled.count)
        var link = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
        let sizes = Self.relativeSizes(styled, sizing)
        relativeSizes = sizes
        for (i, word) in styled.enumerated() where !graph.neighbours[i].isEmpty {
            let g = clusters.of[i]
            own[i] = sizes[i] * sizes[i] * Double(word.term.text.count + 1)
            room[g] += own[i]
            for (j, s) in graph.neighbours[i] where clusters.of[j] != g { link[g][clusters.of[j]] += s }
        }
        let host = Self.hosts(room: room, link: link)
        var hostRoom = [Double](repeating: 0, count: count)
        for g in 0..<count { if let h = host[g] { hostRoom[h] += room[g] } }
        let b = area.bounds
        let bounds = Rect(x: Double(b.x), y: Double(b.y), width: Double(b.width), height: Double(b.height))
        regions = GroupRegions(count: count, room: hostRoom, link: link, bounds: bounds, allowed: AllowedArea(area))
        self.host = host
        self.own = own
        spots = Array(repeating: nil, count: styled.count)
    }

    /// The region word `i` is placed in: its group's host's, for a word with relations; nil for none.
    func region(of i: Int) -> Rect? {
        guard own[i] > 0, let h = host[clusters.of[i]] else { return nil }
        return regions.rectangles[h]
    }

    /// Each word's place in its region (`region[i]`, nil for none): the words of a region, heaviest
    /// first, on a sunflower spiral from its centre, each at the distance that leaves the room of
    /// the words before it inside, so that the words spread over the whole region, the heaviest in
    /// the middle.
    private static func spots(
        own: [Double], region: [Int?], regions: GroupRegions, reach: [Int: Double]
    ) -> [(x: Double, y: Double)?] {
        var total: [Int: Double] = [:], before: [Int: Double] = [:], count: [Int: Int] = [:]
        for (i, r) in region.enumerated() where own[i] > 0 { if let r { total[r, default: 0] += own[i] } }
        return region.indices.map { i in
            guard own[i] > 0, let r = region[i], let rect = regions.rectangles[r] else { return nil }
            let k = count[r, default: 0]
            let radius = (before[r, default: 0] / max(total[r]!, 1e-12)).squareRoot() * reach[r, default: 1]
            before[r, default: 0] += own[i]
            count[r] = k + 1
            let turn = Double(k) * goldenAngle
            return (
                rect.x + rect.width * (0.5 + 0.45 * radius * Math.cos(turn)),
                rect.y + rect.height * (0.5 + 0.45 * radius * Math.sin(turn))
            )
        }
    }

    /// Places each region's words on its spiral, packed about its centre when they need less than
    /// the region (called once the heaviest word's size is known; until then no word has a place):
    /// with the heaviest word at `maximumSize` points, the spiral reaches only as far out as the words'
    /// room (about 0.7 em a character, 1.2 em a line) fills of the region, so that a few small
    /// words make one group in the middle of their region instead of dots strewn over it.
    mutating func spread(maximumSize: Double) {
        let region = clusters.of.map { host[$0] }
        var reach: [Int: Double] = [:]
        for (r, n) in roomNeeded(maximumSize: maximumSize) {
            guard let rect = regions.rectangles[r], rect.width * rect.height > 0 else { continue }
            reach[r] = min(1, (n / (rect.width * rect.height)).squareRoot())
        }
        spots = Self.spots(own: own, region: region, regions: regions, reach: reach)
    }

    /// The room each region's words take, in square pixels, with the heaviest word at `maximumSize`.
    private func roomNeeded(maximumSize: Double) -> [Int: Double] {
        var needed: [Int: Double] = [:]
        for (i, g) in clusters.of.enumerated() where own[i] > 0 {
            if let r = host[g] { needed[r, default: 0] += own[i] * maximumSize * maximumSize * 0.7 * 1.2 }
        }
        return needed
    }

    /// The angle between successive words on the spiral, which spreads them evenly.
    private static let goldenAngle = 2.399963229728653

    /// The least share of the room a group takes to have a region of its own: a smaller region
    /// would be a sliver, too narrow for its heaviest word.
    static let leastRegionShare = 0.05

    /// The group whose region each group shares: its own when it takes `leastRegionShare` of the
    /// room, else that of the group with a region it is most related to; nil for a small group
    /// related to none.
    private static func hosts(room: [Double], link: [[Double]]) -> [Int?] {
        let total = room.reduce(0, +)
        let own = room.indices.map { room[$0] > 0 && room[$0] >= leastRegionShare * total }
        return room.indices.map { g in
            if own[g] { return g }
            let candidates = room.indices.filter { own[$0] && link[g][$0] > 0 }
            return candidates.max { link[g][$0] != link[g][$1] ? link[g][$0] < link[g][$1] : $0 > $1 }
        }
    }

    /// Each word's size relative to the heaviest's, as `sizing` will size them (fitted sizes by
    /// their rule, the style's own sizes as they are): a word's room is its size squared times its
    /// length, up to a common factor.
    private static func relativeSizes(_ styled: [StyledWord], _ sizing: CloudStyle.Sizing) -> [Double] {
        guard case .fitted(let fitted) = sizing else {
            let top = styled.map { $0.size }.max() ?? 1
            return styled.map { max($0.size, 1e-9) / max(top, 1e-9) }
        }
        let sizes = fitted.sizes(weights: styled.map { $0.term.weight }, maximumSize: 1000, minimumSize: 1, scale: 1)
        return sizes.map { $0 / max(sizes.first ?? 1, 1) }
    }

    /// The heaviest word of each region, with the region's size in pixels.
    func heaviestInRegions() -> [(word: Int, room: (width: Int, height: Int))] {
        var seen = Set<Int>()
        return clusters.of.indices.compactMap { i in
            guard own[i] > 0, let h = host[clusters.of[i]], let r = regions.rectangles[h], seen.insert(h).inserted
            else { return nil }
            return (i, (Int(r.width), Int(r.height)))
        }
    }

    /// Where word `i` aims, given the centres of the words placed so far (by index); nil: it is
    /// placed as in the default arrangement. A word aims between the centre of its most related
    /// placed word of its own group and its own place in its group's region, so the nearest free
    /// place touches the first and the group fills its region.
    func aim(_ i: Int, placed: [Int: (x: Double, y: Double)]) -> (x: Double, y: Double)? {
        guard let spot = spots[i] else { return nil }
        let group = clusters.of[i]
        guard let j = graph.neighbours[i].first(where: { clusters.of[$0.word] == group && placed[$0.word] != nil }),
            let near = placed[j.word]
        else { return spot }
        let k = Self.nearestPull
        return (k * near.x + (1 - k) * spot.x, k * near.y + (1 - k) * spot.y)
    }

    /// The share of a word's aim given to its most related placed word rather than its group's
    /// centre: more keeps related pairs side by side, less keeps the groups compact.
    static let nearestPull = 0.35
}
