import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// `WordCloudOptions.Sizes.exact`, `CloudStyle.weightRange` and the size legend, on the fake
/// typesetter: sizes that are a function of the weight alone, whatever the room.
@Suite("exact sizes")
struct ExactSizesTests {
    func exact(width: Int = 500, height: Int = 360, seed: UInt64 = 1) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = width
        o.height = height
        o.sizes = .exact
        o.seed = seed
        return o
    }

    /// The font size of each placed word, by term index.
    func sizes(_ layout: CloudLayout) -> [Int: Double] {
        Dictionary(layout.placed.map { ($0.index, $0.fontSize) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every pair of placed words: equal weights at equal sizes, a heavier word never smaller.
    func expectMonotone(_ layout: CloudLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let words = layout.placed.sorted { $0.weight < $1.weight }
        for (a, b) in zip(words, words.dropFirst()) {
            if a.weight == b.weight {
                #expect(a.fontSize == b.fontSize, "\(a.text) and \(b.text) weigh \(a.weight)", sourceLocation: sourceLocation)
            } else {
                #expect(a.fontSize <= b.fontSize, "\(a.text) \(a.weight) > \(b.text) \(b.weight)", sourceLocation: sourceLocation)
            }
        }
        #expect(layout.placed.allSatisfy { !$0.shrunk }, "no word is shrunk on its own", sourceLocation: sourceLocation)
    }

    @Test("equal weights give equal sizes: three words, and groups of equal weights among others")
    func equalWeights() throws {
        let three = try WordCloudLayout(exact()).layout(
            [Term("Swift"), Term("Rust"), Term("Go")], typesetter: FakeTypesetter())
        #expect(three.placed.count == 3)
        #expect(Set(three.placed.map(\.fontSize)).count == 1, "\(three.placed.map(\.fontSize))")
        let groups = (0..<60).map { Term("w\($0)", weight: Double([1, 5, 5, 20, 20, 20][$0 % 6])) }
        let layout = try WordCloudLayout(exact()).layout(groups, typesetter: FakeTypesetter())
        #expect(layout.placed.count == 60)
        for w in [1.0, 5, 20] {
            #expect(Set(layout.placed.filter { $0.weight == w }.map(\.fontSize)).count == 1, "weight \(w)")
        }
        expectMonotone(layout)
    }

    @Test("random weights: sizes never fall as weights rise, and every word is placed", arguments: [1 as UInt64, 2, 3, 4, 5])
    func monotoneAndAllPlaced(seed: UInt64) throws {
        let terms = sampleTerms(count: 120, seed: seed)
        var o = exact(width: 320, height: 240, seed: seed)
        o.rotation = seed % 2 == 0 ? .angles([0, -90]) : .range(from: -60, to: 60)
        o.maximumWords = 120
        let (layout, stats) = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter())
        expectMonotone(layout)
        #expect(stats.unplaced == 0 && layout.placed.count == 120, "\(stats.unplaced) unplaced")
        #expect(stats.shrunk == 0)
        #expect(stats.scale < 1, "the test must make the cloud scale")
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
        // The default shrinks words one by one on the same canvas instead.
        o.sizes = .shrink
        let shrunk = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter()).statistics
        #expect(shrunk.shrunk > 0 || shrunk.unplaced > 0)
    }

    @Test("a weight range gives a weight one size in clouds of different words; weights outside take the ends'")
    func weightRangeSharesOneScale() throws {
        var o = exact(width: 700, height: 500)
        o.style.weightRange = 0...100
        let a = [Term("alpha", weight: 50), Term("beta", weight: 10), Term("gamma", weight: 90), Term("delta", weight: 3)]
        let b = [Term("one", weight: 50), Term("two", weight: 200), Term("three", weight: 10), Term("four", weight: 100)]
        let la = try WordCloudLayout(o).run(a, typesetter: FakeTypesetter())
        let lb = try WordCloudLayout(o).run(b, typesetter: FakeTypesetter())
        #expect(la.statistics.scale == 1 && lb.statistics.scale == 1)
        let sa = sizes(la.layout), sb = sizes(lb.layout)
        #expect(sa[0] == sb[0], "weight 50")
        #expect(sa[1] == sb[2], "weight 10")
        #expect(sb[1] == sb[3], "200 is past the range: it takes 100's size")
        // The range's top at a tenth of the shorter side: the words do not decide it.
        #expect(sb[3] == 50)
        // Without the range, each cloud spans its own weights.
        o.style.weightRange = nil
        let own = sizes(try WordCloudLayout(o).layout(a, typesetter: FakeTypesetter()))
        let ownB = sizes(try WordCloudLayout(o).layout(b, typesetter: FakeTypesetter()))
        #expect(own[0] != ownB[0])
    }

    @Test("a weight range keeps its scale: what does not fit is reported, not shrunk")
    func weightRangeDoesNotScale() throws {
        var o = exact(width: 120, height: 90)
        o.style.weightRange = 0...10
        o.style.sizing = .fitted(FittedSizing(maximumSize: 40))
        let terms = (0..<30).map { Term("word\($0)", weight: 10) }
        let (layout, stats) = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter())
        #expect(stats.scale == 1)
        #expect(stats.unplaced > 0)
        #expect(layout.placed.allSatisfy { $0.fontSize == 40 && !$0.shrunk })
    }

    @Test("the legend's sizes are the cloud's: each sample weight at the size its words have")
    func legendMatchesCloud() throws {
        var o = exact(width: 400, height: 300)
        o.legend = true
        let terms = (1...40).map { Term("w\($0)", weight: Double($0 % 4 == 0 ? 4 : $0 % 4)) }
        let (layout, stats) = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter())
        #expect(stats.unplaced == 0)
        let legend = try #require(layout.legend)
        #expect(legend.entries.count >= 2)
        #expect(legend.entries.map(\.weight) == legend.entries.map(\.weight).sorted(by: >), "heaviest first")
        for entry in legend.entries {
            for word in layout.placed where word.weight == entry.weight {
                #expect(word.fontSize == entry.fontSize, "weight \(entry.weight)")
            }
            #expect(entry.sample.fontSize == entry.fontSize && entry.sample.text == "Aa")
            #expect(entry.label.text == LegendSamples.label(entry.weight))
        }
        #expect(legend.entries.last?.weight == 1, "the lightest weight is shown")
        // Below the canvas, inside the picture.
        #expect(layout.size == Size(width: 400, height: 300))
        #expect(layout.drawingSize == Size(width: 400, height: 300 + legend.height))
        for word in legend.words {
            #expect(word.frame.minY >= 300 && word.frame.maxY <= layout.drawingSize.height + 1e-9, "\(word.text)")
            #expect(word.frame.minX >= 0 && word.frame.maxX <= 400, "\(word.text)")
        }
    }

    @Test("legend samples: the range's ends and round weights between, none past the size cap")
    func legendSamples() {
        let linear = { (w: Double) in 4 + w }
        #expect(LegendSamples.weights(3...200, size: linear, cap: 1000) == [200, 100, 70, 3])
        #expect(LegendSamples.weights(0...100, size: linear, cap: 1000) == [100, 70, 30, 0])
        #expect(LegendSamples.weights(7...7, size: linear, cap: 1000) == [7])
        // A cap of 44 points: the largest weight within it is 40.
        #expect(LegendSamples.weights(3...200, size: linear, cap: 44) == [40, 30, 20, 3])
        #expect(LegendSamples.weights(1...2, size: linear, cap: 1000) == [2, 1.7, 1.3, 1])
        #expect(LegendSamples.label(1.5) == "1.5" && LegendSamples.label(120) == "120" && LegendSamples.label(1.0 / 3) == "0.333")
    }

    @Test("a flow's legend gives the sizes of its weight scale, over a weight range when given")
    func flowLegend() throws {
        var o = FlowOptions()
        o.legend = true
        o.style.sizing = .scaled(WeightScale(curve: .linear, minimumSize: 10, maximumSize: 30))
        o.style.weightRange = 0...100
        let terms = [Term("a", weight: 100), Term("b", weight: 50), Term("c", weight: 0), Term("d", weight: 400)]
        let layout = try FlowLayout(o).layout(terms, typesetter: FakeTypesetter(), width: 300)
        let legend = try #require(layout.legend)
        #expect(legend.entries.map(\.weight) == [100, 70, 30, 0])
        #expect(legend.entries.map(\.fontSize) == [30, 24, 16, 10])
        #expect(sizes(layout) == [0: 30, 1: 20, 2: 10, 3: 30])
        #expect(try FlowLayout(o).size(forWidth: 300, terms: terms, typesetter: FakeTypesetter()) == layout.drawingSize)
    }

    @Test("options exact sizes refuse, and options that need exact sizes")
    func validation() {
        func refused(_ change: (inout WordCloudOptions) -> Void) -> String? {
            var o = WordCloudOptions()
            change(&o)
            do { try o.validate() } catch { return error.description }
            return nil
        }
        #expect(refused { $0.legend = true }?.contains("legend") == true)
        #expect(refused { $0.style.weightRange = 0...10 }?.contains("weightRange") == true)
        #expect(
            refused {
                $0.sizes = .exact; $0.repeatWords = true
            }?.contains("repeatWords") == true)
        #expect(
            refused {
                $0.sizes = .exact; $0.style.sizing = .random(minimum: 5, maximum: 9)
            } != nil)
        #expect(
            refused {
                $0.sizes = .exact; $0.style.weightRange = 5...5
            }?.contains("weightRange") == true)
        #expect(
            refused {
                $0.sizes = .exact; $0.style.weightRange = 0...Double.infinity
            } != nil)
        #expect(
            refused {
                $0.sizes = .exact; $0.legend = true; $0.style.weightRange = 0...1
            } == nil)
    }

    @Test("a series with a weight range sizes a weight alike in every frame and in a lone cloud")
    func seriesWeightRange() throws {
        var o = exact(width: 600, height: 400)
        o.style.weightRange = 0...100
        let frames = [
            SeriesLayout.Frame(label: "a", terms: [Term("x", weight: 50), Term("y", weight: 20)]),
            SeriesLayout.Frame(label: "b", terms: [Term("x", weight: 20), Term("z", weight: 80)]),
        ]
        let series = try SeriesLayout(o).run(frames, typesetter: FakeTypesetter()).series
        let cloud = try WordCloudLayout(o).layout([Term("q", weight: 50), Term("r", weight: 20)], typesetter: FakeTypesetter())
        let bySize = Dictionary(cloud.placed.map { ($0.weight, $0.fontSize) }, uniquingKeysWith: { a, _ in a })
        for frame in series.frames {
            for w in frame.layout.placed { #expect(w.fontSize == bySize[w.weight] ?? w.fontSize, "\(w.text) \(w.weight)") }
        }
        #expect(series.frames[0].layout.placed.first { $0.text == "y" }?.fontSize == bySize[20])
    }

    @Test("a series of exact sizes: a weight has one size in every frame, no word shrunk, every word placed")
    func seriesExact() throws {
        var o = exact(width: 360, height: 260)
        o.maximumWords = 40
        let frames = (0..<4).map { f in
            SeriesLayout.Frame(
                label: "\(f)",
                terms: (0..<40).map { i in Term("w\((i * 7 + f * 5) % 60)", weight: Double(1 + (i * (f + 3)) % 23)) })
        }
        let (series, stats) = try SeriesLayout(o).run(frames, typesetter: FakeTypesetter())
        #expect(stats.unplaced == 0 && stats.shrunk == 0)
        var sizeOf: [Double: Set<Double>] = [:]
        for frame in series.frames {
            #expect(frame.layout.unplaced.filter { $0.reason == .noSpace }.isEmpty)
            for w in frame.layout.placed { sizeOf[w.weight, default: []].insert(w.fontSize) }
        }
        #expect(sizeOf.values.allSatisfy { $0.count == 1 }, "\(sizeOf.filter { $0.value.count > 1 })")
        let ordered = sizeOf.keys.sorted()
        for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(sizeOf[a]!.first! <= sizeOf[b]!.first!) }
    }
}
