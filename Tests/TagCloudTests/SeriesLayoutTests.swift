import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Series: every word keeps one place across frames, sizes share one scale, no frame overlaps.
struct SeriesLayoutTests {
    static let variants = ["canvas", "heart", "any-angle", "relative"]

    func options(_ variant: String, seed: UInt64) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 480
        o.height = 320
        o.seed = seed
        o.rotation = .angles([0, 90])
        switch variant {
        case "heart": o.area = .shape(.heart)
        case "any-angle": o.rotation = .range(from: -90, to: 90)
        case "relative": o.style.sizing = .fitted(FittedSizing(rule: .relativeScaling(0.5)))
        default: o.style.sizing = .fitted(FittedSizing(rule: .curve(.sqrt)))
        }
        return o
    }

    /// `count` frames over a vocabulary that drifts: frame k has words k*3 ..< k*3 + 30, weights
    /// drawn from the seed, and a few words in every frame at a constant weight.
    func frames(_ count: Int = 5, seed: UInt64) -> [SeriesLayout.Frame] {
        var rng = SeededRandom(seed: seed)
        let names = WordCloudLayoutTests().terms(60, seed: seed).map(\.text)
        return (0..<count).map { k in
            var terms = (k * 3..<k * 3 + 30).map { Term(names[$0 % names.count], weight: Double(1 + rng.nextInt(below: 200))) }
            terms.append(Term("steady", weight: 120))
            return SeriesLayout.Frame(label: "frame \(k)", terms: terms)
        }
    }

    func checkNoOverlap(_ layout: CloudLayout, _ o: WordCloudOptions) throws {
        var allowed: BitMask? = nil
        if case .shape(let s) = o.area { allowed = s.mask(width: o.width, height: o.height).allowed }
        try WordCloudLayoutTests().checkPlacement(layout, allowed: allowed)
    }

    func center(_ w: PlacedWord) -> Point { w.frame.center }

    @Test("no frame has an overlap; every word inside", arguments: variants, 1...4)
    func noOverlap(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        let (series, stats) = try SeriesLayout(o).run(frames(seed: UInt64(seed)), typesetter: FakeTypesetter())
        #expect(series.frames.count == 5)
        for f in series.frames {
            try checkNoOverlap(f.layout, o)
            #expect(!f.layout.placed.isEmpty)
        }
        #expect(stats.fillRatios.count == 5 && stats.fillRatios.allSatisfy { $0 > 0.02 })
    }

    @Test("a word in several frames has one centre and one angle in all of them", arguments: variants, 1...4)
    func onePlace(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        let (series, _) = try SeriesLayout(o).run(frames(seed: UInt64(seed)), typesetter: FakeTypesetter())
        var first: [String: PlacedWord] = [:]
        var shared = 0
        for f in series.frames {
            for w in f.layout.placed {
                guard let was = first[w.text] else {
                    first[w.text] = w
                    continue
                }
                shared += 1
                #expect(w.rotation == was.rotation, "\(w.text) turned")
                // Masks of different sizes are centred to the nearest pixel.
                #expect(abs(center(w).x - center(was).x) <= 1 && abs(center(w).y - center(was).y) <= 1, "\(w.text) moved")
                if w.fontSize == was.fontSize { #expect(w.frame == was.frame && w.origin == was.origin) }
            }
        }
        #expect(shared > 50)
    }

    @Test("one size scale: equal weights give equal sizes in every frame, heavier never smaller", arguments: 1...4)
    func sharedScale(seed: Int) throws {
        let o = options("canvas", seed: UInt64(seed))
        let (series, _) = try SeriesLayout(o).run(frames(seed: UInt64(seed)), typesetter: FakeTypesetter())
        let all = series.frames.flatMap(\.layout.placed)
        // A word shrunk to fit is shrunk alike in every frame.
        let steady = all.filter { $0.text == "steady" }
        let words = all.filter { !$0.shrunk }
        #expect(steady.count == 5 && Set(steady.map(\.fontSize)).count == 1)
        for a in words {
            for b in words where a.weight > b.weight {
                // Sizes are whole points at the word's largest, then scaled: half a point either way.
                #expect(
                    a.fontSize >= b.fontSize - 0.5,
                    "\(a.text) \(a.weight) at \(a.fontSize) < \(b.text) \(b.weight) at \(b.fontSize)")
            }
        }
    }

    @Test("the same frames and seed give the same series")
    func deterministic() throws {
        let o = options("any-angle", seed: 3)
        let a = try SeriesLayout(o).run(frames(seed: 3), typesetter: FakeTypesetter()).series
        let b = try SeriesLayout(o).run(frames(seed: 3), typesetter: FakeTypesetter()).series
        #expect(a == b)
        #expect(a.frames.map(\.label) == (0..<5).map { "frame \($0)" })
    }

    @Test("a frame's own indices, weights and links; words past maximumWords reported")
    func frameRecords() throws {
        var o = options("canvas", seed: 1)
        o.maximumWords = 20
        let input = frames(3, seed: 1)
        let (series, stats) = try SeriesLayout(o).run(input, typesetter: FakeTypesetter())
        for (f, frame) in zip(input, series.frames) {
            for w in frame.layout.placed {
                #expect(f.terms[w.index].text == w.text && f.terms[w.index].weight == w.weight)
            }
            #expect(frame.layout.placed.count + frame.layout.unplaced.count == f.terms.count)
            #expect(frame.layout.unplaced.filter { $0.reason == .maxWords }.count == f.terms.count - 20)
        }
        #expect(stats.words <= 60)
    }

    @Test("bad series are clear errors")
    func errors() throws {
        let o = options("canvas", seed: 1)
        let ts = FakeTypesetter()
        #expect(throws: TagCloudError.noTerms) { try SeriesLayout(o).run([], typesetter: ts) }
        let twice = SeriesLayout.Frame(label: "1990", terms: [Term("a", weight: 1), Term("a", weight: 2)])
        #expect(throws: TagCloudError.self) { try SeriesLayout(o).run([twice], typesetter: ts) }
        var pinned = Term("a", weight: 1)
        pinned.pin = Pin(x: 10, y: 10)
        #expect(throws: TagCloudError.self) {
            try SeriesLayout(o).run([SeriesLayout.Frame(label: "x", terms: [pinned])], typesetter: ts)
        }
        let many = Array(
            repeating: SeriesLayout.Frame(label: "x", terms: [Term("a", weight: 1)]), count: SeriesLayout.Limits.frames + 1)
        #expect(throws: TagCloudError.self) { try SeriesLayout(o).run(many, typesetter: ts) }
    }
}
