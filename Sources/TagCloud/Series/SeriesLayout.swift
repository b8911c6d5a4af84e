/// Clouds over time: lays out one word cloud per frame so that every word keeps one position and
/// one angle in all the frames it appears in, and its size follows its weight in each frame on one
/// size curve shared by all frames (a weight gives the same size in every frame).
///
/// How: each word is placed once, as the union of its masks at all its sizes in the series, centred
/// on one another (`SeriesExtent`), and every frame shows it at its size there, centred where its
/// union was placed. The frames are laid out in order (`SeriesPass`): a word seen in an earlier
/// frame is pinned where it was; the words new in a frame are placed around those, and around the
/// words that are away from this frame but come back later. A word at any of its sizes lies inside
/// its union, and two words that share a frame never have overlapping unions, so no frame has an
/// overlap, and a word whose size does not change does not move at all. Words that never share a
/// frame may share space, so a word that is gone for good leaves its place to new ones.
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
        /// Most words over all frames together (a word in ten frames counts ten times): each is
        /// laid out, drawn and written per frame, so this bounds the work and the memory of the
        /// writers (the page keeps a track per word and frame).
        public static let wordFrames = 25_000
    }

    /// The options every frame shares; `maximumWords` applies to each frame.
    public var options: WordCloudOptions
    /// Stops the layout midway, as `WordCloudLayout.cancellation` does.
    public var cancellation: CancellationToken?

    /// Creates a series layout.
    public init(_ options: WordCloudOptions = WordCloudOptions()) { self.options = options }

    /// Lays out `frames`; `progress` hears how far the placement of each frame's words has got.
    public func run<T: Typesetter & GlyphRasterizer>(
        _ frames: [Frame], typesetter: T, progress: ((WordCloudLayout.Progress) -> Void)? = nil
    ) throws(CoreError) -> (series: CloudSeries, statistics: Statistics) {
        try options.validate()
        guard !frames.isEmpty else { throw TagCloudError.noTerms }
        guard frames.count <= Limits.frames else {
            throw TagCloudError.seriesInputUnusable(
                what: "the series has \(frames.count) frames", expected: "give at most \(Limits.frames)")
        }
        let words = try SeriesWords(frames, maximumWords: options.maximumWords)
        let full = try maximumSize(words, typesetter: typesetter)
        // Under --fit all (and exact sizes without a weight range) the whole series shrinks until
        // every word fits in every frame, as one word cloud does.
        let (pass, scale) = try CloudScale.largestFitting(
            searching: options.scalesToFit, maximumSize: full, minimumSize: options.minimumFontSize,
            leftOver: { $0.leftOver },
            place: { (scale: Double, _: Bool) throws(CoreError) -> SeriesPass in
                try SeriesPass(
                    self, frames: frames, words: words, maximumSize: full * scale, typesetter: typesetter,
                    progress: progress)
            })
        let canvas = Double(options.width * options.height)
        var built: [CloudSeries.Frame] = []
        for f in frames.indices {
            built.append(CloudSeries.Frame(label: frames[f].label, layout: pass.frames[f]))
        }
        let stats = Statistics(
            words: words.terms.count, unplaced: pass.unplaced, shrunk: pass.shrunk,
            fillRatios: pass.ink.map { canvas > 0 ? Double($0) / canvas : 0 }, scale: scale)
        return (CloudSeries(frames: built), stats)
    }

    /// The size of the heaviest word of the series (`CloudScale.heaviestSize`): the series'
    /// heaviest word, styled as its cloud styles it first, measured at its first angle.
    private func maximumSize<T: Typesetter & GlyphRasterizer>(_ words: SeriesWords, typesetter: T) throws(CoreError) -> Double {
        guard let top = words.terms.indices.max(by: { words.terms[$0].weight < words.terms[$1].weight }) else {
            return options.minimumFontSize
        }
        return try CloudScale.heaviestSize(options, styledMaximum: nil, room: try PlacementArea(options).room) {
            () throws(CoreError) -> BitMask in
            var rng = SeededRandom(seed: options.seed)
            let styled = options.style.looks([words.terms[top]], using: &rng)[0]
            let angle = AngleChoices(options).choose(&rng)[0]
            let set = try options.cjkVertical.typeset(
                styled.term.text, font: styled.font, size: CloudScale.probeSize, angle: angle, with: typesetter)
            return try typesetter.coverage(of: set, rotation: set.glyphRotation(at: angle)).bits
        }
    }

    /// The size curve of the series: the options' curve, or the one nearest their relative scaling.
    var curve: WeightScale.Curve {
        guard case .fitted(let fitted) = options.style.sizing else { return .sqrt }
        return fitted.nearestCurve
    }
}
