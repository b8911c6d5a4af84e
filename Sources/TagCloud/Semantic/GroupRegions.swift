/// The area shared out among the groups of related words, so that a reader sees each group as a
/// region of its own: each group gets a rectangle of the area's bounds in proportion to the room
/// its words will take, and groups related to each other get rectangles side by side.
///
/// The groups are put in a row, most related ones next to each other (joined pair by pair, the
/// most related first, as in average-linkage clustering); the row is then cut in two where the
/// room on either side is most nearly equal, the rectangle in the same proportion, across the side
/// that leaves both parts nearest the shape of a line of words, and each half again.
struct GroupRegions {
    /// Each group's rectangle, nil for a group with no room asked.
    let rectangles: [Rect?]

    /// The regions of `count` groups in `bounds`; `room[g]` is the room group `g`'s words will
    /// take, `link[a][b]` how related groups `a` and `b` are (symmetric). With `allowed` (a shape
    /// or mask), each region holds its share of the area words may cover.
    init(count: Int, room: [Double], link: [[Double]], bounds: Rect, allowed: AllowedArea? = nil) {
        let groups = (0..<count).filter { room[$0] > 0 }
        var rectangles = [Rect?](repeating: nil, count: count)
        Self.cut(Self.row(groups, room: room, link: link), room: room, into: bounds, allowed, &rectangles)
        self.rectangles = rectangles
    }

    /// The centre of group `g`'s region, nil when it has none.
    func centre(of g: Int) -> (x: Double, y: Double)? {
        guard g < rectangles.count, let r = rectangles[g] else { return nil }
        return (r.x + r.width / 2, r.y + r.height / 2)
    }

    /// `groups` in a row where related groups are side by side: runs of groups are joined, the two
    /// most related runs first (by their mean link), end to end the way their nearest ends are
    /// most related. Unrelated runs are joined last, heaviest first.
    private static func row(_ groups: [Int], room: [Double], link: [[Double]]) -> [Int] {
        var runs = groups.map { [$0] }
        func between(_ a: [Int], _ b: [Int]) -> Double {
            var sum = 0.0
            for x in a { for y in b { sum += link[x][y] } }
            return sum / Double(a.count * b.count)
        }
        while runs.count > 1 {
            var best = (a: 0, b: 1, link: -1.0)
            for a in runs.indices {
                for b in (a + 1)..<runs.count {
                    let l = between(runs[a], runs[b])
                    if l > best.link + 1e-12 { best = (a, b, l) }
                }
            }
            let a = runs[best.a], b = runs[best.b]
            // The order of the four that puts the most related ends together.
            let joins = [a + b, a + b.reversed(), a.reversed() + b, a.reversed() + b.reversed()]
            let joined = joins.max { link[$0[a.count - 1]][$0[a.count]] < link[$1[a.count - 1]][$1[a.count]] }!
            runs.remove(at: best.b)
            runs[best.a] = joined
        }
        return runs.first ?? []
    }

    /// The shape of region words fill best, width over height: words are wider than tall, and a
    /// region as tall as a word and as wide as the area wastes less than the other way round.
    static let wordsAspect = 2.0

    /// Cuts `rect` among the groups of `row`, in order, in proportion to their room.
    private static func cut(_ row: [Int], room: [Double], into rect: Rect, _ allowed: AllowedArea?, _ out: inout [Rect?]) {
        guard row.count > 1 else {
            if let g = row.first { out[g] = rect }
            return
        }
        let total = row.reduce(0) { $0 + room[$1] }
        // The cut nearest half the room, leaving at least one group on each side.
        var before = 0.0, at = 1, nearest = Double.infinity
        for k in 1..<row.count {
            before += room[row[k - 1]]
            if abs(before - total / 2) < nearest { (nearest, at) = (abs(before - total / 2), k) }
        }
        let share = row[..<at].reduce(0) { $0 + room[$1] } / total
        var first = rect, second = rect
        // Across the side that leaves the two regions nearest the shape of a line of words.
        func misfit(_ w: Double, _ h: Double) -> Double { abs(Math.log(max(w, 1e-9) / max(h, 1e-9) / Self.wordsAspect)) }
        let sideBySide = max(misfit(rect.width * share, rect.height), misfit(rect.width * (1 - share), rect.height))
        let stacked = max(misfit(rect.width, rect.height * share), misfit(rect.width, rect.height * (1 - share)))
        let across = sideBySide < stacked
        let part = allowed.map { Self.partHolding(share, of: rect, across: across, $0) } ?? share
        if across {
            first.width = rect.width * part
            second.x = rect.x + first.width
            second.width = rect.width - first.width
        } else {
            first.height = rect.height * part
            second.y = rect.y + first.height
            second.height = rect.height - first.height
        }
        cut(Array(row[..<at]), room: room, into: first, allowed, &out)
        cut(Array(row[at...]), room: room, into: second, allowed, &out)
    }

    /// The part of `rect`'s width (`across`) or height at which the first part holds `share` of
    /// the allowed area inside `rect`.
    private static func partHolding(_ share: Double, of rect: Rect, across: Bool, _ allowed: AllowedArea) -> Double {
        let total = allowed.area(rect)
        guard total > 0 else { return share }
        var lo = 0.0, hi = 1.0
        for _ in 0..<24 {
            let mid = (lo + hi) / 2
            var first = rect
            if across { first.width *= mid } else { first.height *= mid }
            if allowed.area(first) < share * total { lo = mid } else { hi = mid }
        }
        return min(0.95, max(0.05, (lo + hi) / 2))
    }
}
