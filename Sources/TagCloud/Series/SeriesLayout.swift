/// Clouds over time: lays out one word cloud per frame so that every word keeps one position and
/// one angle in all the frames it appears in, and its size follows its weight in each frame on one
/// size curve shared by all frames (a weight gives the same size in every frame).
///
/// How: the words of all frames are laid out together as one word cloud, each at its size in the
/// frame where it is heaviest, but placed as the union of its masks at all its sizes, centred on one
/// another (`SeriesExtent`). Each frame then shows its own words, each at its size there, centred
/// where its union was placed. A word at any of its sizes lies inside its union, and no two unions
/// overlap, so no frame has an overlap, and a word whose size does not change does not move at all.
/// The price is room: the cloud holds the words of every frame, so a frame whose words are mostly
/// its own is sparser than a cloud of that frame alone (`tagcloud-bench series` measures it).
///
/// Words are matched between frames by `PreviousLayout.Identity` (a term's id, else its text). The
/// sizes follow a curve (`FittedSizing.Rule.curve`): relative scaling sizes each word from the one
/// before it, which differs from frame to frame, so it is replaced by the nearest curve (square root
/// for the default 0.5; linear from 0.75, logarithmic below 0.25). Pins and `repeatWords` do not
/// apply to a series; `options.previous` is ignored.
public struct SeriesLayout: Sendable {
    /// One frame's words.
    public struct Frame: Hashable, Sendable {
        /// What the frame is called.
        public var label: String
        /// Its words, with their weights in this frame.
        public var terms: [Term]

        /// Creates a frame.
        public init(label: String, terms: [Term]) {
            self.label = label
            self.terms = terms
        }
    }

    /// What a series layout measured.
    public struct Statistics: Hashable, Sendable {
        /// The distinct words of all frames (after `maximumWords` in each).
        public var words: Int
        /// Of those, how many fit nowhere (unplaced in every frame they are in).
        public var unplaced: Int
        /// How many were placed smaller than their weights ask for (in every frame alike).
        public var shrunk: Int
        /// Each frame's share of canvas pixels covered by word ink.
        public var fillRatios: [Double]
        /// The factor the whole series was scaled by under `fit = .all` (1 otherwise).
        public var scale: Double
    }

    /// Bounds checked before any work.
    public enum Limits {
        /// Most frames in a series.
        public static let frames = 1_000
    }

    /// The options every frame shares; `maximumWords` applies to each frame.
    public var options: WordCloudOptions
    /// Stops the layout midway, as `WordCloudLayout.cancellation` does.
    public var cancellation: CancellationToken?

    /// Creates a series layout.
    public init(_ options: WordCloudOptions = WordCloudOptions()) { self.options = options }

    /// Lays out `frames`; `progress` hears how far the placement of all the series' words has got.
    public func run<T: Typesetter & GlyphRasterizer>(
        _ frames: [Frame], typesetter: T, progress: ((WordCloudLayout.Progress) -> Void)? = nil
    ) throws -> (series: CloudSeries, statistics: Statistics) {
        try options.validate()
        guard !frames.isEmpty else { throw TagCloudError.noTerms }
        guard frames.count <= Limits.frames else {
            throw TagCloudError.invalidOption(
                name: "frames", value: "\(frames.count)", expected: "at most \(Limits.frames) frames in a series")
        }
        let words = try SeriesWords(frames, maximumWords: options.maximumWords)
        var layout = WordCloudLayout(unionOptions(words: words.terms.count))
        layout.cancellation = cancellation
        layout.series = SeriesSizes(weights: words.weights, weightRange: words.weightRange, curve: curve)
        let union = try layout.seriesRun(words.terms, typesetter: typesetter, progress: progress)
        let canvas = Double(options.width * options.height)
        var fills: [Double] = []
        let built = frames.indices.map { f -> CloudSeries.Frame in
            let (cloud, ink) = frameLayout(f, frames[f], words: words, union: union)
            fills.append(canvas > 0 ? Double(ink) / canvas : 0)
            return CloudSeries.Frame(label: frames[f].label, layout: cloud)
        }
        let stats = Statistics(
            words: words.terms.count, unplaced: union.statistics.unplaced, shrunk: union.statistics.shrunk,
            fillRatios: fills, scale: union.statistics.scale)
        return (CloudSeries(frames: built), stats)
    }

    /// The size curve of the series: the options' curve, or the one nearest their relative scaling.
    var curve: WeightScale.Curve {
        guard case .fitted(let fitted) = options.style.sizing else { return .sqrt }
        switch fitted.rule {
        case .curve(let c): return c
        case .relativeScaling(let r): return r >= 0.75 ? .linear : r >= 0.25 ? .sqrt : .log
        }
    }

    /// The options of the cloud of all the series' words: sized on the series' curve, as many
    /// words as there are, no repeats, no previous layout.
    private func unionOptions(words: Int) -> WordCloudOptions {
        var o = options
        var fitted = FittedSizing()
        if case .fitted(let f) = options.style.sizing { fitted = f }
        fitted.rule = .curve(curve)
        o.style.sizing = .fitted(fitted)
        o.maximumWords = max(1, words)
        o.repeatWords = false
        o.previous = nil
        return o
    }

    /// Frame `f`'s cloud: its words where the union put them, each at its size in this frame, and the
    /// ink pixels they cover.
    private func frameLayout(
        _ f: Int, _ frame: Frame, words: SeriesWords, union: WordCloudLayout.RunResult
    ) -> (CloudLayout, Int) {
        var placed: [PlacedWord] = []
        var unplaced: [UnplacedWord] = words.skipped[f]
        var ink = 0
        let reasons = Dictionary(union.layout.unplaced.map { ($0.index, $0.reason) }, uniquingKeysWith: { a, _ in a })
        for (j, u) in words.members[f] {
            let term = frame.terms[j]
            // A word with one size across its weights is known at its largest.
            let sizes = union.variants[u]
            guard let at = sizes?[term.weight] ?? (sizes?.count == 1 ? sizes?.first?.value : nil) else {
                unplaced.append(UnplacedWord(index: j, text: term.text, id: term.id, reason: reasons[u] ?? .noSpace))
                continue
            }
            var w = at.word
            w.index = j; w.weight = term.weight; w.link = term.link
            placed.append(w)
            ink += at.ink
        }
        unplaced.sort { $0.index < $1.index }
        let cloud = CloudLayout(
            kind: .cloud, size: union.layout.size, background: union.layout.background, placed: placed,
            unplaced: unplaced, seed: union.layout.seed, contour: union.layout.contour)
        return (cloud, ink)
    }
}
