/// How well a layout keeps related words together: of the most related pairs of placed words, the
/// share whose words touch (their ink boxes no more than `gap` points apart). A Wordle-style layout
/// puts few related words side by side; the semantic arrangement aims to put many.
public struct RelatedAdjacency: Hashable, Sendable {
    /// The pairs looked at: the `strongest` most related pairs whose words were both placed.
    public let pairs: Int
    /// How many of them touch.
    public let touching: Int

    /// The share of the pairs that touch (0 when there are none).
    public var share: Double { pairs == 0 ? 0 : Double(touching) / Double(pairs) }

    /// Measures `layout` against `relations`: its `strongest` most related pairs of placed words
    /// (ties by text), touching when their boxes are at most `gap` points apart.
    public init(_ layout: CloudLayout, relations: WordRelations, strongest: Int, gap: Double = 4) {
        var frame: [String: Rect] = [:]
        for w in layout.placed where frame[w.text] == nil { frame[w.text] = w.frame }
        let ranked = relations.pairs.filter { frame[$0.first] != nil && frame[$0.second] != nil }.sorted {
            $0.similarity != $1.similarity
                ? $0.similarity > $1.similarity : ($0.first, $0.second) < ($1.first, $1.second)
        }.prefix(max(0, strongest))
        pairs = ranked.count
        touching = ranked.count { p in
            guard let a = frame[p.first], let b = frame[p.second] else { return false }
            return Self.gap(a, b) <= gap
        }
    }

    /// The distance between two boxes (0 when they overlap).
    static func gap(_ a: Rect, _ b: Rect) -> Double {
        let dx = max(0, max(a.x, b.x) - min(a.x + a.width, b.x + b.width))
        let dy = max(0, max(a.y, b.y) - min(a.y + a.height, b.y + b.height))
        return (dx * dx + dy * dy).squareRoot()
    }
}
