import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// `--arrange semantic`: related words side by side, groups apart; deterministic, no overlap,
/// inside shapes.
struct SemanticArrangementTests {
    static let fruit = ["apple", "banana", "cherry", "grape", "mango", "lemon", "peach", "plum", "melon", "kiwi"]
    static let music = ["piano", "violin", "guitar", "drum", "flute", "cello", "harp", "trumpet", "oboe", "tuba"]

    /// The two topics' words, weights drawn from `seed`, and their relations: every two words of a
    /// topic related, more or less, and a few weak links across.
    func planted(seed: UInt64) -> (terms: [Term], relations: WordRelations) {
        var rng = SeededRandom(seed: seed)
        let words = Self.fruit + Self.music
        let terms = words.map { Term($0, weight: Double(20 + rng.nextInt(below: 40))) }
        var pairs: [WordRelations.Pair] = []
        for topic in [Self.fruit, Self.music] {
            for a in topic.indices {
                for b in (a + 1)..<topic.count { pairs.append(.init(topic[a], topic[b], similarity: 0.3 + 0.7 * rng.nextUnit())) }
            }
        }
        for k in 0..<3 { pairs.append(.init(Self.fruit[k], Self.music[k], similarity: 0.05)) }
        return (terms, WordRelations(pairs))
    }

    func options(seed: UInt64, area: WordCloudOptions.Area = .canvas) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 560
        o.height = 400
        o.seed = seed
        o.area = area
        // Words of like sizes: a giant word touches every group.
        o.style.sizing = .fitted(FittedSizing(rule: .curve(.sqrt)))
        return o
    }

    /// How grouped two topics are in `layout`: of the pairs of words that touch (boxes within
    /// 6 pt), the share within one topic, and for each topic the share of its words in its largest
    /// touching run.
    static func grouping(_ layout: CloudLayout, _ topics: [[String]]) -> (within: Double, connected: [Double]) {
        let words = layout.placed
        func touch(_ a: PlacedWord, _ b: PlacedWord) -> Bool { RelatedAdjacency.gap(a.frame, b.frame) <= 6 }
        func topic(_ w: PlacedWord) -> Int { topics.firstIndex { $0.contains(w.text) } ?? -1 }
        var within = 0, all = 0
        for a in words.indices {
            for b in (a + 1)..<words.count where touch(words[a], words[b]) {
                all += 1
                if topic(words[a]) == topic(words[b]) { within += 1 }
            }
        }
        let connected = topics.map { t -> Double in
            let ws = words.filter { t.contains($0.text) }
            var seen = Set<Int>(), best = 0
            for start in ws.indices where !seen.contains(start) {
                var stack = [start], size = 0
                seen.insert(start)
                while let k = stack.popLast() {
                    size += 1
                    for m in ws.indices where !seen.contains(m) && touch(ws[k], ws[m]) { seen.insert(m); stack.append(m) }
                }
                best = max(best, size)
            }
            return ws.isEmpty ? 0 : Double(best) / Double(ws.count)
        }
        return (all == 0 ? 0 : Double(within) / Double(all), connected)
    }

    /// The words of `layout` on the wrong side of the line halfway between the two topics' middles.
    static func wrongSide(_ layout: CloudLayout, _ a: [String], _ b: [String]) -> [String] {
        func middle(_ ws: [String]) -> Point {
            let ps = layout.placed.filter { ws.contains($0.text) }.map(\.frame.center)
            return Point(x: ps.map(\.x).reduce(0, +) / Double(ps.count), y: ps.map(\.y).reduce(0, +) / Double(ps.count))
        }
        let ma = middle(a), mb = middle(b)
        let dx = mb.x - ma.x, dy = mb.y - ma.y
        return layout.placed.filter { w in
            let c = w.frame.center
            let t = ((c.x - ma.x) * dx + (c.y - ma.y) * dy) / max(1e-9, dx * dx + dy * dy)
            return a.contains(w.text) ? t >= 0.5 : t < 0.5
        }.map(\.text)
    }

    @Test("two planted topics form two separated groups")
    func separatedGroups() throws {
        var wrong = 0, mixedWrong = 0, within = 0.0, mixedWithin = 0.0
        for seed in UInt64(1)...6 {
            let (terms, relations) = planted(seed: seed)
            var o = options(seed: seed)
            o.arrangement = .semantic(relations)
            let layout = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
            #expect(layout.placed.count == terms.count)
            var plain = options(seed: seed)
            plain.arrangement = .weight
            let mixed = try WordCloudLayout(plain).layout(terms, typesetter: FakeTypesetter())
            wrong += Self.wrongSide(layout, Self.fruit, Self.music).count
            mixedWrong += Self.wrongSide(mixed, Self.fruit, Self.music).count
            within += Self.grouping(layout, [Self.fruit, Self.music]).within
            mixedWithin += Self.grouping(mixed, [Self.fruit, Self.music]).within
        }
        // Twenty words a layout, of sizes alike: a few of the larger words land past the line
        // between the groups, at most half as many as when the topics are ignored.
        #expect(Double(wrong) <= 0.5 * Double(mixedWrong), "\(wrong) against \(mixedWrong)")
        // Words touch words of their own topic more often.
        #expect(within / 6 >= 0.6 && within > mixedWithin + 0.6, "\(within / 6) against \(mixedWithin / 6)")
    }

    @Test("the groups found are the topics, and cluster colours follow them")
    func clusterColours() throws {
        let (terms, relations) = planted(seed: 3)
        var o = options(seed: 3)
        o.arrangement = .semantic(relations)
        o.style.colorMode = .cluster
        let layout = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let fruitColours = Set(layout.placed.filter { Self.fruit.contains($0.text) }.map(\.color))
        let musicColours = Set(layout.placed.filter { Self.music.contains($0.text) }.map(\.color))
        #expect(fruitColours.count == 1 && musicColours.count == 1 && fruitColours != musicColours)
        let clusters = SemanticPlan.Relations(relations, texts: terms.map(\.text)).clusters
        #expect(clusters.count == 2)
    }

    @Test("deterministic for a seed; no overlap; inside shapes; with rotation and --fit all", arguments: 1...4)
    func sound(seed: Int) throws {
        let (terms, relations) = planted(seed: UInt64(seed))
        let many = terms + WordCloudLayoutTests().terms(80, seed: UInt64(seed))
        for area in [WordCloudOptions.Area.canvas, .shape(.heart), .shape(.circle)] {
            var o = options(seed: UInt64(seed), area: area)
            o.arrangement = .semantic(relations)
            o.rotation = .range(from: -90, to: 90)
            o.fit = seed % 2 == 0 ? .all : .bestEffort
            let a = try WordCloudLayout(o).layout(many, typesetter: FakeTypesetter())
            let b = try WordCloudLayout(o).layout(many, typesetter: FakeTypesetter())
            #expect(a == b)
            var allowed: BitMask? = nil
            if case .shape(let s) = area { allowed = s.mask(width: o.width, height: o.height).allowed }
            try WordCloudLayoutTests().checkPlacement(a, allowed: allowed)
            #expect(a.placed.count > 60)
        }
    }

    @Test("relations: pairs kept once with their largest similarity; groups relate their members only")
    func relations() {
        let r = WordRelations([
            .init("b", "a", similarity: 0.2), .init("a", "b", similarity: 0.7), .init("a", "a", similarity: 1),
            .init("c", "d", similarity: .nan), .init("c", "e", similarity: 3),
        ])
        #expect(r.pairs == [.init("a", "b", similarity: 0.7), .init("c", "e", similarity: 1)])
        let g = WordRelations(groups: [Term("x", group: "1"), Term("y", group: "1"), Term("z", group: "2"), Term("w")])
        #expect(g.pairs == [.init("x", "y", similarity: 1)])
        // a and b keep the same company (c and d), so do c and d; e meets a only as often as chance.
        let c = WordRelations(
            cooccurrence: ["a", "b", "c", "d", "e"], counts: [50, 50, 50, 50, 500],
            together: [0: [2: 20, 3: 20, 4: 5], 1: [2: 20, 3: 20]], tokens: 10_000, window: 5)
        #expect(c.pairs.map { [$0.first, $0.second] } == [["a", "b"], ["c", "d"]])
    }
}
