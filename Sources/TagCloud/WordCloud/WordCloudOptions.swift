/// Everything that shapes a word cloud. Every field has a default; the CLI maps one flag to one field.
public struct WordCloudOptions: Hashable, Sendable {
    /// Which angles words are drawn at (degrees, clockwise on screen; -90 reads bottom to top).
    public enum Rotation: Hashable, Sendable {
        /// A fixed set of angles; `preferHorizontal` decides how often 0° is chosen.
        case angles([Double])
        /// Any angle in the range (a fresh random angle per word).
        case range(from: Double, to: Double)
    }

    /// What the words may cover.
    public enum Area: Hashable, Sendable {
        /// The whole canvas.
        case canvas
        /// A built-in shape inscribed in the canvas.
        case shape(Shape)
        /// An image mask, already at the canvas size: set pixels are allowed.
        case mask(BitMask)
    }

    /// Where words go relative to one another.
    public enum Arrangement: Hashable, Sendable {
        /// The heaviest words nearest the centre (or the strategy's start), each word wherever the
        /// search finds room first.
        case weight
        /// Related words side by side, groups of related words apart: each word as near as it fits
        /// to the words it is most related to that are placed already.
        case semantic(WordRelations)
    }

    /// What to do when words do not all fit.
    public enum Fit: String, Hashable, Sendable, CaseIterable {
        /// Place what fits (shrinking words down to the minimum size), report the rest.
        case bestEffort = "best-effort"
        /// Scale the whole cloud down until every word fits. Pinned words (`Term.pin`) keep their
        /// size: only the others are scaled.
        case all
    }

    /// How faithfully the sizes follow the weights.
    public enum Sizes: String, Hashable, Sendable, CaseIterable {
        /// A word that does not fit at its size is shrunk on its own until it fits (so two equal
        /// weights may end at two sizes), and sizes follow the fitted sizing's rule.
        case shrink
        /// Each size is a function of the weight alone (`ExactSizing`): along the sizing's weight
        /// curve (the one nearest relative scaling), over `style.weightRange` or the weights' own
        /// range. Equal weights get equal sizes, a heavier word never a smaller one, and no word
        /// is shrunk on its own: when words do not fit, the whole cloud is scaled down until they
        /// do, as under `Fit.all` (a word left over then is reported unplaced). With
        /// `style.weightRange` the scale stays 1, so that clouds made separately keep one scale.
        case exact
    }

    /// Canvas width in points (= pixels at scale 1).
    public var width: Int = 800
    /// Canvas height in points.
    public var height: Int = 600
    /// Most words placed (the heaviest ones).
    public var maximumWords: Int = 200
    /// Space between words, in pixels, as the Python package counts it: each word keeps
    /// `margin / 2` pixels (rounded up) clear around its ink.
    public var margin: Int = 2
    /// Smallest size a word is shrunk to before it is reported unplaced, and the least size a
    /// `.fitted` sizing gives.
    public var minimumFontSize: Double = 4
    /// Step by which a word that does not fit is shrunk.
    public var fontSizeStep: Double = 1
    /// Angles.
    public var rotation: Rotation = .angles([0, -90])
    /// Share of words drawn horizontally when the angles include 0.
    public var preferHorizontal: Double = 0.9
    /// How a word wholly in Chinese, Japanese or Korean is drawn at ±90°: upright in a column, as
    /// CJK is written vertically (the default), or turned on its side like other words.
    public var cjkVertical: CJKVertical = .upright
    /// Candidate order.
    public var strategy: SearchStrategy = .archimedean
    /// Start each word's search at a random point near the centre instead of the centre.
    public var randomStart: Bool = false
    /// What the words may cover.
    public var area: Area = .canvas
    /// Stroke width of the area's outline; 0 draws none.
    public var contourWidth: Double = 0
    /// Colour of the area's outline.
    public var contourColor: Color = .black
    /// Whether every word must be placed.
    public var fit: Fit = .bestEffort
    /// Fill the space left by repeating the words, smaller and smaller, up to `maximumWords`.
    public var repeatWords: Bool = false
    /// Colour each word with the mean colour of this image (at the canvas size) under its pixels.
    public var colorImage: RGBAImage? = nil
    /// Fonts, sizes, palette, colour mode and background. By default the sizes are fitted: the
    /// heaviest word as large as the area allows, the others by relative scaling 0.5 (as the Python
    /// wordcloud package sizes them).
    public var style: CloudStyle = CloudStyle(sizing: .fitted(FittedSizing()))
    /// Seed for every random choice.
    public var seed: UInt64 = 0
    /// Where the words were in an earlier layout of this canvas: a word that was there keeps its
    /// place and angle when it still fits, and moves as little as it must when it does not; the
    /// words that are new are placed around the kept ones. Nil: a new cloud.
    public var previous: PreviousLayout? = nil
    /// Where words go relative to one another. Default: `.weight`.
    public var arrangement: Arrangement = .weight
    /// How faithfully the sizes follow the weights. Default: `.shrink`.
    public var sizes: Sizes = .shrink
    /// Add a key of weights and their sizes (`CloudLayout.legend`), as a band below the canvas.
    /// Needs `sizes = .exact`: only then does a weight have one size.
    public var legend: Bool = false

    /// Options with every default.
    public init() {}

    /// The bounds `validate()` holds the options to.
    public enum Limits {
        /// Largest canvas side: the longest side Cairo draws an image with (its image surfaces
        /// stop at 32767 pixels), so every canvas can be rendered as a PNG at scale 1.
        public static let side = 32_767
        /// Largest canvas area, in pixels (the occupancy pyramids, vertical and horizontal, need
        /// about 1.6 bytes per pixel).
        public static let pixels = 400_000_000
        /// Most angles in a list of `Rotation.angles`: a word that fits nowhere tries each of
        /// them, so the list bounds the work a word can cost (720 is every half degree of a turn).
        public static let angles = 720
        /// Most words (placements, with `repeatWords`) in one cloud: each costs a search, and the
        /// largest canvas filled to this many takes under a minute.
        public static let words = 100_000
        /// Widest margin and contour, in pixels and points.
        public static let margin = 1000
    }

    /// Checks the options, naming the first bad one by its property (`maximumWords`,
    /// `style.sizing.maximumSize`…). The layout checks them once, before any work.
    public func validate() throws(TagCloudError) {
        func bad(_ name: String, _ value: String, _ expected: String) -> TagCloudError {
            TagCloudError.invalidOption(name: name, value: value, expected: expected)
        }
        let side = Limits.side
        guard (1...side).contains(width) else { throw bad("width", "\(width)", "a whole number of pixels from 1 to \(side)") }
        guard (1...side).contains(height) else { throw bad("height", "\(height)", "a whole number of pixels from 1 to \(side)") }
        guard width * height <= Limits.pixels else {
            throw bad("width, height", "\(width)x\(height)", "at most \(Limits.pixels / 1_000_000) million pixels")
        }
        guard (1...Limits.words).contains(maximumWords) else {
            throw bad("maximumWords", "\(maximumWords)", "a whole number from 1 to \(Limits.words)")
        }
        guard (0...Limits.margin).contains(margin) else {
            throw bad("margin", "\(margin)", "a whole number of pixels from 0 to \(Limits.margin)")
        }
        try CloudStyle.checkSize(minimumFontSize, "minimumFontSize")
        guard fontSizeStep.isFinite, fontSizeStep >= 0.1, fontSizeStep <= 1000 else {
            throw bad("fontSizeStep", "\(fontSizeStep)", "a number of points from 0.1 to 1000")
        }
        guard preferHorizontal.isFinite, (0...1).contains(preferHorizontal) else {
            throw bad("preferHorizontal", "\(preferHorizontal)", "a share from 0 to 1")
        }
        try validateRotation()
        guard contourWidth.isFinite, contourWidth >= 0, contourWidth <= Double(Limits.margin) else {
            throw bad("contourWidth", "\(contourWidth)", "a number of points from 0 to \(Limits.margin)")
        }
        if case .mask(let m) = area, m.width != width || m.height != height {
            throw bad("area", "a \(m.width)x\(m.height) mask", "a mask of the canvas size \(width)x\(height)")
        }
        if let img = colorImage, img.width != width || img.height != height {
            throw bad("colorImage", "\(img.width)x\(img.height)", "an image of the canvas size \(width)x\(height)")
        }
        try style.validate()
        try previous?.validate(width: width, height: height)
        if case .fitted(let f) = style.sizing, let m = f.maximumSize, m < minimumFontSize {
            throw bad("style.sizing.maximumSize", "\(m)", "at least the minimum font size \(minimumFontSize)")
        }
        try validateSizes()
    }

    /// Whether the whole cloud is scaled down when words are left over: under `fit = .all`, and
    /// under exact sizes without a weight range (which fixes the scale).
    public var scalesToFit: Bool { fit == .all || (sizes == .exact && style.weightRange == nil) }

    /// The options exact sizes need, and those that need exact sizes.
    private func validateSizes() throws(TagCloudError) {
        func needExact(_ name: String, _ value: String) -> TagCloudError {
            TagCloudError.invalidOption(name: name, value: value, expected: "it needs sizes = .exact")
        }
        guard sizes == .exact else {
            if legend { throw needExact("legend", "true") }
            if let r = style.weightRange { throw needExact("style.weightRange", "\(r.lowerBound),\(r.upperBound)") }
            return
        }
        if case .random = style.sizing {
            throw TagCloudError.invalidOption(
                name: "sizes", value: "exact", expected: "sizes from the weights, not random sizes")
        }
        if repeatWords {
            throw TagCloudError.invalidOption(
                name: "repeatWords", value: "true", expected: "off under sizes = .exact (repeats have made-up weights)")
        }
    }

    private func validateRotation() throws(TagCloudError) {
        switch rotation {
        case .angles(let a):
            guard !a.isEmpty, a.allSatisfy({ $0.isFinite }) else {
                throw TagCloudError.invalidOption(name: "rotation", value: "\(a)", expected: "at least one finite angle")
            }
            guard a.count <= Limits.angles else {
                throw TagCloudError.invalidOption(
                    name: "rotation", value: "a list of \(a.count) angles",
                    expected: "at most \(Limits.angles) angles")
            }
        case .range(let lo, let hi):
            guard lo.isFinite, hi.isFinite, lo <= hi else {
                throw TagCloudError.invalidOption(
                    name: "rotation", value: "\(lo)..\(hi)", expected: "a range from a lower to a higher angle")
            }
        }
    }
}

#if !hasFeature(Embedded)
extension WordCloudOptions: Codable {}
extension WordCloudOptions.Rotation: Codable {}
extension WordCloudOptions.Area: Codable {}
extension WordCloudOptions.Arrangement: Codable {}
extension WordCloudOptions.Fit: Codable {}
extension WordCloudOptions.Sizes: Codable {}
#endif
