/// How well a layout keeps the words of each topic together, as a reader sees it: for each placed
/// word of a known topic, the share of its `neighbours` nearest placed words (by the gap between
/// their ink boxes, so a small word beside a large one is its neighbour) that share its topic,
/// averaged over the words, then scaled so that 0 is what a layout blind to topics gets and 1 is
/// every word among words of its own topic only.
///
/// A layout blind to topics gives a word of topic t neighbours of t in the proportion of the other
/// words of t, (n_t − 1) / (n − 1): that proportion, averaged alike, is `chance`.
public struct TopicSeparation: Hashable, Sendable {
    /// The placed words of a known topic that were measured.
    public let words: Int
    /// The mean share of a word's nearest words that share its topic.
    public let purity: Double
    /// The mean share a layout blind to topics would give.
    public let chance: Double

    /// `purity` scaled: 0 for a layout blind to topics, 1 for topics wholly apart; below 0 when
    /// the topics are mixed more than chance mixes them.
    public var score: Double { chance >= 1 ? 0 : (purity - chance) / (1 - chance) }

    /// Measures `layout` against `topics` (a word's text to its topic); words without a topic, and
    /// repeats of a word, are left out, as measured words and as neighbours.
    public init(_ layout: CloudLayout, topics: [String: Int], neighbours: Int = 5) {
        var seen = Set<String>()
        var boxes: [(frame: Rect, topic: Int)] = []
        for w in layout.placed where seen.insert(w.text).inserted {
            if let t = topics[w.text] { boxes.append((w.inkBounds, t)) }
        }
        let k = min(max(1, neighbours), boxes.count - 1)
        guard k > 0 else {
            (words, purity, chance) = (boxes.count, 0, 0)
            return
        }
        var size: [Int: Int] = [:]
        for b in boxes { size[b.topic, default: 0] += 1 }
        var same = 0.0, expected = 0.0
        for (i, b) in boxes.enumerated() {
            let nearest = boxes.indices.filter { $0 != i }.map { j in
                (gap: RelatedAdjacency.gap(b.frame, boxes[j].frame), centre: Self.centreDistance(b.frame, boxes[j].frame), j: j)
            }.sorted { ($0.gap, $0.centre, $0.j) < ($1.gap, $1.centre, $1.j) }.prefix(k)
            same += Double(nearest.count { boxes[$0.j].topic == b.topic }) / Double(k)
            expected += Double(size[b.topic]! - 1) / Double(boxes.count - 1)
        }
        words = boxes.count
        purity = same / Double(boxes.count)
        chance = expected / Double(boxes.count)
    }

    /// The distance between the centres of two boxes, which orders neighbours whose boxes touch.
    private static func centreDistance(_ a: Rect, _ b: Rect) -> Double {
        let dx = (a.x + a.width / 2) - (b.x + b.width / 2), dy = (a.y + a.height / 2) - (b.y + b.height / 2)
        return (dx * dx + dy * dy).squareRoot()
    }
}
