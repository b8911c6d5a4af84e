import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Flows laid out over a previous flow: tags keep their places, colours and fonts.
struct FlowPreviousTests {
    static let seeds: [UInt64] = Array(1...24)
    static let widths = [160.0, 333, 600]

    /// The flow property tests' options (alignment, spacing, overflow… drawn from the seed), with two fonts.
    func options(seed: UInt64) -> FlowOptions {
        var o = FlowLayoutTests().options(seed: seed)
        o.style.fonts = [FontDescriptor(family: "Serif Fake"), FontDescriptor(family: "Sans Fake")]
        return o
    }

    /// `terms` laid out over `previous`.
    func relayout(
        _ terms: [Term], _ options: FlowOptions, width: Double, over previous: CloudLayout
    ) throws -> (layout: CloudLayout, continuity: FlowLayout.Continuity) {
        var o = options
        o.previous = PreviousLayout(previous)
        let (layout, continuity) = try FlowLayout(o).run(terms, typesetter: FakeTypesetter(), width: width)
        return (layout, try #require(continuity))
    }

    func byID(_ layout: CloudLayout) -> [String: PlacedWord] {
        Dictionary(layout.placed.map { ($0.id!, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// No two frames closer than the spacing, every frame inside the width and insets.
    func checkApart(_ layout: CloudLayout, _ o: FlowOptions, width: Double) {
        let e = 1e-6
        for (i, a) in layout.placed.enumerated() {
            #expect(a.frame.minX >= o.insets.left - e && a.frame.maxX <= width - o.insets.right + e, "\(a.text) inside")
            #expect(a.frame.minY >= o.insets.top - e && a.frame.maxY <= layout.size.height - o.insets.bottom + e)
            for b in layout.placed[(i + 1)...] {
                let across = a.frame.maxX + o.itemSpacing <= b.frame.minX + e || b.frame.maxX + o.itemSpacing <= a.frame.minX + e
                let upDown = a.frame.maxY + o.rowSpacing <= b.frame.minY + e || b.frame.maxY + o.rowSpacing <= a.frame.minY + e
                #expect(across || upDown, "\(a.text) \(a.frame) and \(b.text) \(b.frame) too near")
            }
        }
    }

    @Test("the same tags over their own flow: the same layout", arguments: seeds)
    func sameTags(seed: UInt64) throws {
        let o = options(seed: seed)
        let terms = sampleTerms(count: 40, seed: seed)
        for width in Self.widths {
            let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: width)
            let (again, c) = try relayout(terms, o, width: width, over: first)
            #expect(again == first, "width \(width)")
            #expect(c.stayed == first.placed.count && c.moved == 0 && c.new == 0 && c.removed == 0)
        }
    }

    @Test("a tag added in the middle: every old tag keeps its frame, colour and font; the new one finds room", arguments: seeds)
    func tagAdded(seed: UInt64) throws {
        let o = options(seed: seed)
        let terms = sampleTerms(count: 30, seed: seed)
        let weights = terms.map(\.weight).sorted()
        var added = terms
        added.insert(Term("newcomer", weight: weights[weights.count / 2], id: "new"), at: 10)
        for width in Self.widths {
            let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: width)
            let (next, c) = try relayout(added, o, width: width, over: first)
            let old = byID(first), now = byID(next)
            for (id, w) in old {
                let n = try #require(now[id])
                #expect(n.frame == w.frame && n.color == w.color && n.font == w.font && n.fontSize == w.fontSize, "\(id)")
            }
            #expect(now["new"] != nil)
            #expect(c.stayed == old.count && c.moved == 0 && c.new == 1 && c.removed == 0)
            checkApart(next, o, width: width)
        }
    }

    @Test("a tag removed: every other tag keeps its frame, and its place stays empty", arguments: seeds)
    func tagRemoved(seed: UInt64) throws {
        let o = options(seed: seed)
        let terms = sampleTerms(count: 30, seed: seed)
        // Neither the heaviest nor the lightest, so the weights' range stays.
        let order = terms.indices.sorted { terms[$0].weight > terms[$1].weight }
        var fewer = terms
        let gone = fewer.remove(at: order[5])
        for width in Self.widths {
            let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: width)
            let (next, c) = try relayout(fewer, o, width: width, over: first)
            let old = byID(first), now = byID(next)
            for (id, w) in old where id != gone.id {
                #expect(now[id]?.frame == w.frame, "\(id)")
            }
            if let hole = old[gone.id!]?.frame {
                #expect(!next.placed.contains { $0.frame.intersects(hole) }, "the removed tag leaves a gap")
            }
            #expect(c.stayed == next.placed.count && c.moved == 0 && c.new == 0 && c.removed == 1)
        }
    }

    @Test(
        "tags added, removed and reweighted: no two tags too near, every tag accounted for, the same result twice",
        arguments: seeds)
    func churn(seed: UInt64) throws {
        let o = options(seed: seed)
        let terms = sampleTerms(count: 40, seed: seed)
        var rng = SeededRandom(seed: seed)
        var next = terms.filter { _ in rng.nextInt(below: 5) != 0 }
        for i in next.indices where rng.nextInt(below: 4) == 0 { next[i].weight = Double(1 + rng.nextInt(below: 100)) }
        for k in 0..<6 {
            next.insert(
                Term("new\(k)", weight: Double(1 + rng.nextInt(below: 100)), id: "n\(k)"), at: rng.nextInt(below: next.count))
        }
        for width in Self.widths {
            let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: width)
            let (a, c) = try relayout(next, o, width: width, over: first)
            checkApart(a, o, width: width)
            #expect(a.placed.count + a.unplaced.count == next.count)
            #expect(c.stayed + c.moved + c.new == a.placed.count)
            #expect(c.new == 6 && c.removed == terms.count - (next.count - 6))
            let (b, _) = try relayout(next, o, width: width, over: first)
            #expect(a == b)
        }
    }

    @Test("a tag that shrinks keeps its centre; one that grows moves only as far as it must; both keep their row's baseline")
    func resizedInPlace() throws {
        var o = FlowOptions()
        o.style.sizing = .scaled(WeightScale(minimumSize: 10, maximumSize: 40))
        // beta is last in its row: room on its right, none on its left.
        let terms = [Term("alpha", weight: 1, id: "a"), Term("gamma", weight: 10, id: "c"), Term("beta", weight: 5, id: "b")]
        let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 800)
        let before = try #require(byID(first)["b"])
        for (weight, grows) in [(2.0, false), (8.0, true)] {
            var changed = terms
            changed[2].weight = weight
            let (next, c) = try relayout(changed, o, width: 800, over: first)
            let after = try #require(byID(next)["b"])
            #expect((after.fontSize > before.fontSize) == grows)
            #expect(after.baseline == before.baseline)
            if grows {
                // Centred, it would reach into gamma's spacing: it keeps its left edge instead.
                #expect(after.frame.minX == before.frame.minX)
                #expect(c.moved == 1 && abs(c.largestMove - (after.frame.width - before.frame.width) / 2) < 1 + 1e-9)
            } else {
                #expect(abs(after.frame.center.x - before.frame.center.x) < 1e-9)
            }
            #expect(byID(next)["a"]?.frame == byID(first)["a"]?.frame && byID(next)["c"]?.frame == byID(first)["c"]?.frame)
        }
    }

    @Test("a new tag takes the gap a removed tag left, in reading order; a tag too wide for any gap goes after the last row")
    func newTagInGap() throws {
        var o = FlowOptions()
        o.style.sizing = .random(minimum: 20, maximum: 20)
        let terms = (0..<12).map { Term("tag\($0)x", weight: 1, id: "t\($0)") }
        let first = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 300)
        var next = terms
        let gone = next.remove(at: 1)
        next += [Term("wide wide wide wide", weight: 1, id: "w"), Term("tiny", weight: 1, id: "n")]
        let (layout, _) = try relayout(next, o, width: 300, over: first)
        let hole = try #require(byID(first)[gone.id!]?.frame)
        let tiny = try #require(byID(layout)["n"]?.frame)
        #expect(tiny.minY == hole.minY && tiny.minX == hole.minX, "the first gap: the removed tag's")
        let wide = try #require(byID(layout)["w"]?.frame)
        #expect(wide.minY > first.placed.map(\.frame.maxY).max()!, "after the last row")
        #expect(layout.size.height > first.size.height)
    }

    @Test("a flow's previous layout of another width, or with a frame off the canvas: errors")
    func validation() throws {
        let o = FlowOptions()
        let first = try FlowLayout(o).layout(sampleTerms(count: 10, seed: 1), typesetter: FakeTypesetter(), width: 400)
        var other = o
        other.previous = PreviousLayout(first)
        #expect(throws: TagCloudError.previousFlowWidth(width: 400, height: first.size.height, flowWidth: 500)) {
            try FlowLayout(other).layout(sampleTerms(count: 10, seed: 1), typesetter: FakeTypesetter(), width: 500)
        }
        var previous = PreviousLayout(first)
        previous.words[0].frame?.x = 390
        other.previous = previous
        #expect(throws: TagCloudError.self) {
            try FlowLayout(other).layout(sampleTerms(count: 10, seed: 1), typesetter: FakeTypesetter(), width: 400)
        }
    }
}
