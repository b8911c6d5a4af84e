import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Properties of the word cloud over many seeds, sizes, angles and shapes, checked independently of
/// the occupancy map: every placed word is re-rasterised on its own and its pixels counted.
struct WordCloudLayoutTests {
    func terms(_ n: Int, seed: UInt64) -> [Term] {
        var rng = SeededRandom(seed: seed)
        let words = [
            "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
            "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon",
        ]
        return (0..<n).map { i in
            Term(
                words[i % words.count] + (i >= words.count ? "\(i)" : ""),
                weight: Double(1 + rng.nextInt(below: 1000)))
        }
    }

    /// Re-rasterises every placed word and checks: no pixel twice, all inside the canvas and the area.
    func checkPlacement(_ layout: CloudLayout, allowed: BitMask?, file: String = #fileID, line: Int = #line) throws {
        let w = Int(layout.size.width), h = Int(layout.size.height)
        var count = [UInt8](repeating: 0, count: w * h)
        let ts = FakeTypesetter()
        for p in layout.placed {
            let set = TypesetWord(
                text: p.text, font: p.font, size: p.fontSize, advance: 0, ascent: 0, descent: 0,
                inkBounds: .zero, glyphs: p.glyphs)
            let m = try ts.coverage(of: set, rotation: p.rotation)
            let ox = Int(p.origin.x) + m.offsetX, oy = Int(p.origin.y) + m.offsetY
            #expect(p.origin.x == p.origin.x.rounded() && p.origin.y == p.origin.y.rounded(), "origins are whole pixels")
            for y in 0..<m.bits.height {
                for x in 0..<m.bits.width where m.bits[x, y] {
                    let cx = ox + x, cy = oy + y
                    guard cx >= 0, cy >= 0, cx < w, cy < h else {
                        Issue.record("\(p.text) has ink outside the canvas at (\(cx), \(cy))")
                        return
                    }
                    if let a = allowed, !a[cx, cy] {
                        Issue.record("\(p.text) has ink outside the area at (\(cx), \(cy))")
                        return
                    }
                    count[cy * w + cx] += 1
                }
            }
        }
        let overlapping = count.filter { $0 > 1 }.count
        #expect(overlapping == 0, "\(overlapping) pixels covered twice")
    }

    static let seeds: [UInt64] = Array(1...12)

    @Test("no two words share a pixel; all inside the canvas", arguments: seeds)
    func noOverlap(seed: UInt64) throws {
        var o = WordCloudOptions()
        o.width = 300 + Int(seed) * 17
        o.height = 200 + Int(seed) * 11
        o.maximumWords = 80
        o.seed = seed
        o.strategy = SearchStrategy.allCases[Int(seed) % 3]
        o.rotation = seed % 2 == 0 ? .angles([0, -90]) : .range(from: -90, to: 90)
        o.margin = Int(seed % 3)
        let layout = try WordCloudLayout(o).layout(terms(80, seed: seed), typesetter: FakeTypesetter())
        #expect(layout.placed.count >= 40)
        #expect(layout.placed.count + layout.unplaced.count == 80)
        try checkPlacement(layout, allowed: nil)
    }

    @Test("inside every shape", arguments: Shape.allCases)
    func shapes(shape: Shape) throws {
        var o = WordCloudOptions()
        o.width = 320
        o.height = 260
        o.maximumWords = 60
        o.area = .shape(shape)
        o.seed = 3
        let layout = try WordCloudLayout(o).layout(terms(60, seed: 5), typesetter: FakeTypesetter())
        #expect(layout.placed.count >= 20)
        try checkPlacement(layout, allowed: shape.mask(width: 320, height: 260).allowed)
    }

    @Test("same seed, same layout")
    func determinism() throws {
        var o = WordCloudOptions()
        o.rotation = .range(from: -60, to: 60)
        o.strategy = .random
        o.seed = 9
        let a = try WordCloudLayout(o).layout(terms(60, seed: 1), typesetter: FakeTypesetter())
        let b = try WordCloudLayout(o).layout(terms(60, seed: 1), typesetter: FakeTypesetter())
        #expect(a == b)
        o.seed = 10
        let c = try WordCloudLayout(o).layout(terms(60, seed: 1), typesetter: FakeTypesetter())
        #expect(a != c)
    }

    /// Masks made ahead on a second thread or on demand on the placing one: the same layout, in a
    /// crowded shape where words shrink and fail (so masks made ahead go unused and are made again).
    @Test("masks on a second thread or not: the same layout", arguments: [1 as UInt64, 2, 3, 4])
    func secondThread(seed: UInt64) throws {
        var o = WordCloudOptions()
        o.width = 260
        o.height = 220
        o.maximumWords = 260
        o.area = .shape(seed % 2 == 0 ? .heart : .star)
        o.rotation = seed % 2 == 0 ? .angles([0, 90]) : .range(from: -45, to: 45)
        o.strategy = SearchStrategy.allCases[Int(seed) % 3]
        o.seed = seed
        var threaded = WordCloudLayout(o)
        threaded.masksOnSecondThread = true
        var inline = WordCloudLayout(o)
        inline.masksOnSecondThread = false
        let words = terms(260, seed: seed)
        let a = try threaded.layout(words, typesetter: FakeTypesetter())
        let b = try inline.layout(words, typesetter: FakeTypesetter())
        #expect(a == b)
        #expect(!a.unplaced.isEmpty, "the test must make words fail")
        #expect(a.placed.contains { $0.fontSize < a.placed[0].fontSize / 2 })
    }

    /// 150 words on a canvas too small for them at their sizes, under `fit = .all`.
    func crowdedFitAll(seed: UInt64) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 240
        o.height = 160
        o.maximumWords = 150
        o.minimumFontSize = 2
        o.fit = .all
        o.seed = seed
        o.style.sizing = .fitted(FittedSizing(rule: .curve(.linear)))
        return o
    }

    @Test("fit all places every word", arguments: [1 as UInt64, 2, 3])
    func fitAll(seed: UInt64) throws {
        let o = crowdedFitAll(seed: seed)
        let layout = try WordCloudLayout(o).layout(terms(150, seed: seed), typesetter: FakeTypesetter())
        #expect(layout.unplaced.isEmpty)
        #expect(layout.placed.count == 150)
        try checkPlacement(layout, allowed: nil)
    }

    @Test("progress: each word once per attempt, in order, and the same layout as without it")
    func progressReportsEveryWord() throws {
        // An attempt that only probes the scale stops at its first word left over; the attempts
        // that fit every word report all of them.
        let o = crowdedFitAll(seed: 2)
        var seen: [WordCloudLayout.Progress] = []
        let (layout, stats) = try WordCloudLayout(o).run(terms(150, seed: 2), typesetter: FakeTypesetter()) {
            seen.append($0)
        }
        let attempts = seen.map(\.attempt).max() ?? 0
        #expect(attempts > 1, "the cloud fitted at once: no later attempt to report")
        for a in 1...max(1, attempts) {
            let words = seen.filter { $0.attempt == a }.map(\.words)
            #expect(!words.isEmpty && words == Array(1...words.count), "attempt \(a)")
        }
        #expect(seen.filter { $0.attempt == attempts }.count == 150 || seen.contains { $0.words == 150 })
        #expect(seen.allSatisfy { $0.total == 150 })
        #expect(seen.map(\.attempt) == seen.map(\.attempt).sorted(), "attempts are reported in turn")
        #expect(stats.scale < 1)
        let plain = try WordCloudLayout(o).layout(terms(150, seed: 2), typesetter: FakeTypesetter())
        #expect(plain == layout)
    }

    @Test("a style's scaled or random sizes are the sizes the cloud draws, when there is room")
    func styleSizesHonoured() throws {
        let words = (1...12).map { Term("w\($0)", weight: Double($0)) }
        for sizing in [
            CloudStyle.Sizing.scaled(WeightScale(curve: .linear, minimumSize: 10, maximumSize: 21)),
            .random(minimum: 8, maximum: 30),
        ] {
            var o = WordCloudOptions()
            o.width = 900
            o.height = 700
            o.style.sizing = sizing
            o.rotation = .angles([0])
            let layout = try WordCloudLayout(o).layout(words, typesetter: FakeTypesetter())
            var rng = SeededRandom(seed: o.seed)
            let styled = try o.style.style(words, using: &rng)
            #expect(layout.placed.count == 12)
            #expect(layout.placed.allSatisfy { !$0.shrunk })
            if case .scaled = sizing {
                #expect(layout.placed.map(\.fontSize).sorted() == styled.map(\.size).sorted())
                #expect(Set(layout.placed.map(\.fontSize)).isSuperset(of: [10, 21]))
            } else {
                #expect(layout.placed.allSatisfy { (8...30).contains($0.fontSize) })
            }
        }
    }

    @Test("the layout records the seed it drew from, and none for a caller's generator")
    func recordedSeed() throws {
        var o = WordCloudOptions()
        o.width = 300
        o.height = 200
        o.seed = 42
        let seeded = try WordCloudLayout(o).layout(terms(30, seed: 1), typesetter: FakeTypesetter())
        #expect(seeded.seed == 42)
        var rng = SeededRandom(seed: 42)
        let own = try WordCloudLayout(o).layout(terms(30, seed: 1), typesetter: FakeTypesetter(), using: &rng)
        #expect(own.seed == nil)
        #expect(own.placed == seeded.placed, "the same generator state gives the same cloud")
        var flow = FlowOptions()
        flow.seed = 9
        #expect(try FlowLayout(flow).layout(terms(10, seed: 1), typesetter: FakeTypesetter(), width: 300).seed == 9)
    }

    @Test(
        "sizes never increase as weight decreases",
        arguments: [FittedSizing.Rule.relativeScaling(0.5), .relativeScaling(1), .curve(.sqrt), .curve(.log)])
    func monotoneSizes(rule: FittedSizing.Rule) throws {
        var o = WordCloudOptions()
        o.style.sizing = .fitted(FittedSizing(rule: rule))
        o.maximumWords = 100
        o.width = 300
        o.height = 200
        let layout = try WordCloudLayout(o).layout(terms(100, seed: 4), typesetter: FakeTypesetter())
        let byWeight = layout.placed.sorted { ($0.weight, $1.index) > ($1.weight, $0.index) }
        for (a, b) in zip(byWeight, byWeight.dropFirst()) {
            #expect(a.fontSize >= b.fontSize, "\(a.text) (\(a.weight)) \(a.fontSize) < \(b.text) (\(b.weight)) \(b.fontSize)")
        }
    }

    @Test("prefer horizontal 1 rotates nothing; any-angle rotation uses many angles")
    func rotation() throws {
        var o = WordCloudOptions()
        o.preferHorizontal = 1
        let flat = try WordCloudLayout(o).layout(terms(50, seed: 2), typesetter: FakeTypesetter())
        #expect(flat.placed.allSatisfy { $0.rotation == 0 })
        o.rotation = .range(from: -90, to: 90)
        let any = try WordCloudLayout(o).layout(terms(50, seed: 2), typesetter: FakeTypesetter())
        #expect(Set(any.placed.map(\.rotation)).count > 20)
        #expect(any.placed.allSatisfy { (-90...90).contains($0.rotation) })
    }

    @Test("words that fit nowhere are reported, never dropped")
    func reported() throws {
        var o = WordCloudOptions()
        o.width = 60
        o.height = 40
        o.minimumFontSize = 10
        o.style.sizing = .fitted(FittedSizing(maximumSize: 20))
        let layout = try WordCloudLayout(o).layout(terms(40, seed: 1), typesetter: FakeTypesetter())
        #expect(!layout.unplaced.isEmpty)
        #expect(layout.placed.count + layout.unplaced.count == 40)
        #expect(layout.unplaced.allSatisfy { $0.reason == .noSpace })
    }

    @Test("a mask that leaves no room is a clear error")
    func noRoom() throws {
        var o = WordCloudOptions()
        o.width = 50
        o.height = 50
        o.area = .mask(BitMask(width: 50, height: 50))
        #expect(throws: TagCloudError.self) { try WordCloudLayout(o).layout(terms(5, seed: 1), typesetter: FakeTypesetter()) }
        do { _ = try WordCloudLayout(o).layout(terms(5, seed: 1), typesetter: FakeTypesetter()) } catch {
            #expect("\(error)".contains("no room"))
        }
    }

    @Test("a shape too large for its canvas says so, not to invert a mask")
    func shapeLeavesNoRoom() throws {
        var o = WordCloudOptions()
        o.width = 3
        o.height = 2
        o.area = .shape(.heart)
        o.contourWidth = 3
        #expect(throws: TagCloudError.shapeLeavesNoRoom(shape: "heart", width: 3, height: 2, contourWidth: 3)) {
            try WordCloudLayout(o).layout(terms(5, seed: 1), typesetter: FakeTypesetter())
        }
        let message = TagCloudError.shapeLeavesNoRoom(shape: "heart", width: 3, height: 2, contourWidth: 3).description
        #expect(message.contains("use a larger --width/--height or a thinner --contour"))
        #expect(!message.contains("mask"))
        #expect(
            !TagCloudError.shapeLeavesNoRoom(shape: "star", width: 1, height: 1, contourWidth: 0).description
                .contains("contour"))
    }

    @Test("bad options name themselves")
    func badOptions() throws {
        for change in [
            { (o: inout WordCloudOptions) in o.width = 0 }, { $0.height = 40_000 }, { $0.maximumWords = 0 },
            { $0.minimumFontSize = -1 }, { $0.preferHorizontal = 2 },
            { $0.style.sizing = .fitted(FittedSizing(rule: .relativeScaling(3))) },
        ] {
            var o = WordCloudOptions()
            change(&o)
            #expect(throws: TagCloudError.self) { try WordCloudLayout(o).layout(terms(3, seed: 1), typesetter: FakeTypesetter()) }
        }
    }

    @Test("repeat fills up to max words")
    func repeatWords() throws {
        var o = WordCloudOptions()
        o.repeatWords = true
        o.maximumWords = 120
        let layout = try WordCloudLayout(o).layout(terms(10, seed: 1), typesetter: FakeTypesetter())
        #expect(layout.placed.count > 60)
        try checkPlacement(layout, allowed: nil)
    }

    @Test("colour from an image: each word takes the mean colour under its pixels")
    func colorImage() throws {
        var o = WordCloudOptions()
        o.width = 300
        o.height = 200
        o.maximumWords = 60
        // Left half red, right half blue.
        o.colorImage = RGBAImage(
            width: 300, height: 200, pixels: (0..<(300 * 200)).map { $0 % 300 < 150 ? 0xFFFF_0000 : 0xFF00_00FF })
        let layout = try WordCloudLayout(o).layout(terms(60, seed: 3), typesetter: FakeTypesetter())
        var left = 0, right = 0
        for w in layout.placed {
            if w.frame.maxX <= 150 {
                #expect(w.color == Color(rgb: 0xFF0000)); left += 1
            } else if w.frame.minX >= 150 {
                #expect(w.color == Color(rgb: 0x0000FF)); right += 1
            } else {
                #expect(w.color.red > 0 && w.color.blue > 0, "a word across the middle mixes both")
            }
        }
        #expect(left > 3 && right > 3)
    }

    @Test("random start points stay deterministic and spread the words")
    func randomStart() throws {
        var o = WordCloudOptions()
        o.randomStart = true
        o.seed = 21
        let a = try WordCloudLayout(o).layout(terms(50, seed: 8), typesetter: FakeTypesetter())
        let b = try WordCloudLayout(o).layout(terms(50, seed: 8), typesetter: FakeTypesetter())
        #expect(a == b)
        try checkPlacement(a, allowed: nil)
        o.randomStart = false
        let c = try WordCloudLayout(o).layout(terms(50, seed: 8), typesetter: FakeTypesetter())
        #expect(a.placed.map(\.origin) != c.placed.map(\.origin))
    }
}
