import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Geometry properties of the flow layout, over many seeds, widths and option combinations.
struct FlowLayoutTests {
    static let seeds: [UInt64] = Array(1...40)

    func options(seed: UInt64) -> FlowOptions {
        var rng = SeededRandom(seed: seed &* 7919)
        var o = FlowOptions()
        o.seed = seed
        o.alignment = FlowOptions.Alignment.allCases[rng.nextInt(below: 3)]
        o.justify = rng.nextInt(below: 2) == 0
        o.crossAlignment = FlowOptions.CrossAlignment.allCases[rng.nextInt(below: 4)]
        o.direction = rng.nextInt(below: 2) == 0 ? .leftToRight : .rightToLeft
        o.overflow = FlowOptions.Overflow.allCases[rng.nextInt(below: 3)]
        o.oversize = rng.nextInt(below: 2) == 0 ? .truncate : .scale
        o.itemSpacing = Double(rng.nextInt(below: 20))
        o.rowSpacing = Double(rng.nextInt(below: 12))
        o.insets = EdgeInsets(
            top: Double(rng.nextInt(below: 40)), left: Double(rng.nextInt(below: 30)),
            bottom: Double(rng.nextInt(below: 30)), right: Double(rng.nextInt(below: 30)))
        o.padding = EdgeInsets(vertical: Double(rng.nextInt(below: 6)), horizontal: Double(rng.nextInt(below: 12)))
        o.style.sizing =
            rng.nextInt(below: 2) == 0
            ? .scaled(WeightScale(curve: .sqrt, minimumSize: 10, maximumSize: 48)) : .random(minimum: 10, maximum: 27)
        return o
    }

    @Test("frames never overlap and stay inside the width and insets", arguments: seeds)
    func framesDisjointAndInside(seed: UInt64) throws {
        for width in [120.0, 333, 600, 1024] {
            let o = options(seed: seed)
            let layout = try FlowLayout(o).layout(sampleTerms(count: 60, seed: seed), typesetter: FakeTypesetter(), width: width)
            #expect(layout.placed.count + layout.unplaced.count == 60)
            let content = Rect(
                x: o.insets.left, y: o.insets.top, width: width - o.insets.horizontal,
                height: layout.size.height - o.insets.vertical)
            for (i, a) in layout.placed.enumerated() {
                #expect(content.contains(a.frame, tolerance: 1e-6), "frame \(a.frame) outside \(content)")
                #expect(a.frame.contains(a.inkBounds, tolerance: 1e-6))
                for b in layout.placed[(i + 1)...] {
                    // Touching is fine (spacing may be 0); shrink by a rounding tolerance before testing.
                    let inner = Rect(
                        x: a.frame.x + 1e-6, y: a.frame.y + 1e-6,
                        width: a.frame.width - 2e-6, height: a.frame.height - 2e-6)
                    #expect(!inner.intersects(b.frame), "\(a.text) overlaps \(b.text)")
                }
            }
        }
    }

    /// Groups placed words into rows by frame overlap on the y axis (rows never share y ranges).
    func rows(_ layout: CloudLayout) -> [[PlacedWord]] {
        var rows: [[PlacedWord]] = []
        for w in layout.placed {
            if let last = rows.last?.last, w.frame.minY < (rows.last!.map(\.frame.maxY).max()!),
                w.frame.maxY > (rows.last!.map(\.frame.minY).min()!) || last.frame.minY == w.frame.minY
            {
                rows[rows.count - 1].append(w)
            } else {
                rows.append([w])
            }
        }
        return rows
    }

    @Test("rows keep input order, mirrored under right-to-left", arguments: seeds)
    func readingOrder(seed: UInt64) throws {
        let o = options(seed: seed)
        let layout = try FlowLayout(o).layout(sampleTerms(count: 50, seed: seed), typesetter: FakeTypesetter(), width: 500)
        #expect(layout.placed.map(\.index) == layout.placed.map(\.index).sorted())
        for row in rows(layout) {
            let xs = row.map(\.frame.minX)
            if o.direction == .leftToRight { #expect(xs == xs.sorted()) } else { #expect(xs == xs.sorted(by: >)) }
        }
        // Rows go down the page.
        let tops = rows(layout).map { $0.map(\.frame.minY).min()! }
        #expect(tops == tops.sorted())
    }

    @Test("justified rows end exactly at the trailing inset", arguments: seeds)
    func justified(seed: UInt64) throws {
        var o = options(seed: seed)
        o.justify = true
        o.overflow = .wrap
        let width = 480.0
        let layout = try FlowLayout(o).layout(sampleTerms(count: 50, seed: seed), typesetter: FakeTypesetter(), width: width)
        let all = rows(layout)
        #expect(all.count > 2)
        for row in all.dropLast() where row.count > 1 {
            let left = row.map(\.frame.minX).min()!, right = row.map(\.frame.maxX).max()!
            #expect(abs(left - o.insets.left) < 1e-9)
            #expect(abs(right - (width - o.insets.right)) < 1e-9)
        }
    }

    @Test("mixed sizes in a row share a baseline", arguments: seeds)
    func baselines(seed: UInt64) throws {
        var o = options(seed: seed)
        o.crossAlignment = .baseline
        let layout = try FlowLayout(o).layout(sampleTerms(count: 40, seed: seed), typesetter: FakeTypesetter(), width: 700)
        let all = rows(layout)
        #expect(all.contains { Set($0.map(\.fontSize)).count > 1 }, "the sample must mix sizes")
        for row in all {
            #expect(Set(row.map(\.baseline)).count == 1)
        }
    }

    @Test("size(forWidth:) is the bounds of what is laid out", arguments: seeds)
    func sizeForWidth(seed: UInt64) throws {
        let o = options(seed: seed)
        let terms = sampleTerms(count: 30, seed: seed)
        let flow = FlowLayout(o)
        let size = try flow.size(forWidth: 420, terms: terms, typesetter: FakeTypesetter())
        let layout = try flow.layout(terms, typesetter: FakeTypesetter(), width: 420)
        let bottom = layout.placed.map(\.frame.maxY).max()!
        #expect(size.width == 420)
        // The height is the content's bottom plus the inset, rounded up to a whole point.
        #expect(size.height >= bottom + o.insets.bottom - 1e-9 && size.height < bottom + o.insets.bottom + 1)
        #expect(size.height == size.height.rounded())
        #expect(size == layout.size)
    }

    @Test("same seed, same layout; another seed, another look")
    func determinism() throws {
        var o = FlowOptions()
        o.style.sizing = .random(minimum: 10, maximum: 27)
        o.seed = 42
        let terms = sampleTerms(count: 80, seed: 3)
        let a = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 600)
        let b = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 600)
        #expect(a == b)
        o.seed = 43
        let c = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 600)
        #expect(a != c)
    }

    @Test("max rows hides the rest and reports every hidden tag")
    func maxRows() throws {
        var o = FlowOptions()
        o.maximumRows = 2
        let terms = sampleTerms(count: 100, seed: 9)
        let layout = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 300)
        #expect(rows(layout).count == 2)
        #expect(layout.unplaced.count == 100 - layout.placed.count)
        #expect(layout.unplaced.allSatisfy { $0.reason == .rowLimit })
        #expect(layout.unplaced.first!.index == layout.placed.count)
    }

    @Test("shrink fits a tag into what is left of the row when at least the minimum remains")
    func shrinkOverflow() throws {
        var o = FlowOptions()
        o.insets = .zero
        o.itemSpacing = 0
        o.overflow = .shrink
        o.minimumRemainingWidth = 30
        o.style.sizing = .scaled(WeightScale(minimumSize: 20, maximumSize: 20))
        // "aaaaa" at 20 pt is 60 pt wide; the second tag has 40 pt left, so it shrinks to 13 pt.
        let layout = try FlowLayout(o).layout([Term("aaaaa"), Term("bbbbb")], typesetter: FakeTypesetter(), width: 100)
        #expect(layout.placed.count == 2)
        #expect(layout.placed[1].shrunk)
        #expect(layout.placed[1].fontSize == 13)
        #expect(layout.placed[1].baseline == layout.placed[0].baseline)
        #expect(layout.placed[1].frame.maxX <= 100)
        // With less than the minimum left, it wraps at full size.
        o.minimumRemainingWidth = 41
        let wrapped = try FlowLayout(o).layout([Term("aaaaa"), Term("bbbbb")], typesetter: FakeTypesetter(), width: 100)
        #expect(wrapped.placed[1].fontSize == 20)
        #expect(wrapped.placed[1].frame.minY > wrapped.placed[0].frame.minY)
    }

    @Test("truncate cuts with an ellipsis into the space left")
    func truncateOverflow() throws {
        var o = FlowOptions()
        o.insets = .zero
        o.itemSpacing = 0
        o.overflow = .truncate
        o.style.sizing = .scaled(WeightScale(minimumSize: 10, maximumSize: 10))
        let layout = try FlowLayout(o).layout([Term("aaaaaaaaaa"), Term("bbbbbbbbbb")], typesetter: FakeTypesetter(), width: 100)
        #expect(layout.placed[1].text.hasSuffix("…"))
        #expect(layout.placed[1].fullText == "bbbbbbbbbb")
        #expect(layout.placed[1].frame.maxX <= 100)
        #expect(layout.placed[1].frame.minY == 0)
    }

    @Test("a tag wider than the row is truncated or scaled, never drawn outside", arguments: FlowOptions.Oversize.allCases)
    func oversize(policy: FlowOptions.Oversize) throws {
        var o = FlowOptions()
        o.oversize = policy
        o.style.sizing = .scaled(WeightScale(minimumSize: 40, maximumSize: 40))
        let layout = try FlowLayout(o).layout([Term(String(repeating: "w", count: 30))], typesetter: FakeTypesetter(), width: 200)
        let w = try #require(layout.placed.first)
        #expect(w.frame.maxX <= 200 - o.insets.right + 1e-9)
        #expect(w.frame.minX >= o.insets.left - 1e-9)
        if policy == .truncate {
            #expect(w.text.hasSuffix("…")); #expect(w.fontSize == 40)
        } else {
            #expect(w.fontSize < 40); #expect(w.text.count == 30)
        }
    }

    @Test("bad options are refused with the option's name")
    func badOptions() throws {
        #expect(throws: TagCloudError.self) { try FlowLayout().layout([Term("a")], typesetter: FakeTypesetter(), width: 0) }
        #expect(throws: TagCloudError.self) { try FlowLayout().layout([Term("a")], typesetter: FakeTypesetter(), width: -5) }
        #expect(throws: TagCloudError.noTerms) { try FlowLayout().layout([], typesetter: FakeTypesetter(), width: 300) }
        var o = FlowOptions()
        o.maximumRows = 0
        #expect(throws: TagCloudError.self) { try FlowLayout(o).layout([Term("a")], typesetter: FakeTypesetter(), width: 300) }
        #expect(throws: TagCloudError.self) {
            try FlowLayout().layout([Term("a", weight: .nan)], typesetter: FakeTypesetter(), width: 300)
        }
        do {
            _ = try FlowLayout().layout([Term("a")], typesetter: FakeTypesetter(), width: 10)
            Issue.record("a width narrower than the insets must fail")
        } catch let e as TagCloudError {
            #expect(e.description.contains("width"))
        }
    }

    @Test("100,000 tags lay out (linear time; timed in the benchmark, not here)")
    func manyTags() throws {
        let terms = (0..<100_000).map { Term("tag\($0 % 977)", weight: Double($0 % 50 + 1)) }
        let layout = try FlowLayout().layout(terms, typesetter: FakeTypesetter(), width: 1200)
        #expect(layout.placed.count == 100_000)
    }
}
