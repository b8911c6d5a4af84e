/// How terms become styled words: font size from weight (or at random), font family, colour —
/// all drawn from one seeded generator, in input order, so a seed fixes the look.
public struct CloudStyle: Hashable, Sendable {
    /// Where font sizes come from. The one place a word's size is decided from: `style(_:using:)`
    /// applies it for a flow; a word cloud applies it as it places the words, since a fitted size
    /// depends on the canvas and a word that does not fit is shrunk.
    public enum Sizing: Hashable, Sendable {
        /// Through a weight scale: the lightest word at its minimum, the heaviest at its maximum.
        case scaled(WeightScale)
        /// Uniformly at random in a range of points (the original recipe used 10–27 pt).
        case random(minimum: Double, maximum: Double)
        /// Fitted by the layout: the heaviest word as large as the canvas allows (or a given size),
        /// the others following it by a rule (the word cloud's default).
        case fitted(FittedSizing)
    }

    /// How one of several fonts or colours is picked for each word.
    public enum Choice: String, Hashable, Sendable, CaseIterable {
        /// At random from the seeded generator.
        case random
        /// In turn, word by word.
        case cycle
    }

    /// How a word's colour is chosen from the palette.
    public enum ColorMode: String, Hashable, Sendable, CaseIterable {
        /// At random from the seeded generator.
        case random
        /// In turn, word by word.
        case cycle
        /// Along the palette by weight: the heaviest word takes the first colour, the lightest the last.
        case weight
        /// By rank: the n-th heaviest word takes the n-th colour (cycling).
        case rank
        /// By the term's group: each distinct group takes the next colour.
        case group
        /// By the group of related words the semantic arrangement found for the word
        /// (`WordCloudOptions.Arrangement.semantic`): each group takes the next colour. Without
        /// that arrangement, as `group`.
        case cluster
    }

    /// Font sizes. Default: linear scale 12–36 pt.
    public var sizing: Sizing
    /// Round sizes to whole points (keeps sizes identical across renderers and checkers).
    public var wholePointSizes: Bool
    /// Candidate fonts; one per word is chosen by `fontChoice`.
    public var fonts: [FontDescriptor]
    /// How a font is picked when several are given.
    public var fontChoice: Choice
    /// The palette words are painted from.
    public var palette: Palette
    /// How a colour is picked from the palette.
    public var colorMode: ColorMode
    /// The canvas background; `nil` is transparent.
    public var background: Color?
    /// The weights the sizes (and colours by weight) span: the lightest size at the lower bound,
    /// the largest at the upper, weights outside clamped to the bounds. Several clouds given one
    /// range share one size scale, so they can be compared. Nil: the weights' own range. A word
    /// cloud reads it only with `WordCloudOptions.Sizes.exact`.
    public var weightRange: ClosedRange<Double>?

    /// Creates a style; every parameter has a sensible default.
    public init(
        sizing: Sizing = .scaled(WeightScale()), wholePointSizes: Bool = true,
        fonts: [FontDescriptor] = [.default], fontChoice: Choice = .random,
        palette: Palette = Palette.builtIn[0], colorMode: ColorMode = .random,
        background: Color? = .white, weightRange: ClosedRange<Double>? = nil
    ) {
        self.sizing = sizing; self.wholePointSizes = wholePointSizes; self.fonts = fonts
        self.fontChoice = fontChoice; self.palette = palette; self.colorMode = colorMode
        self.background = background; self.weightRange = weightRange
    }

    /// The weights sizes span for `terms`: `weightRange`, else the terms' own.
    func range(of terms: [Term]) -> ClosedRange<Double> {
        range(of: terms.map { $0.weight })
    }

    /// The weights sizes span for words of `weights`: `weightRange`, else the weights' own.
    func range(of weights: [Double]) -> ClosedRange<Double> {
        weightRange ?? Self.span(of: weights)
    }

    /// The lightest to the heaviest of `weights` (0...0 for none).
    static func span(of weights: [Double]) -> ClosedRange<Double> {
        (weights.min() ?? 0)...(weights.max() ?? 0)
    }

    /// Checks the options, naming the first bad one.
    public func validate() throws(TagCloudError) {
        switch sizing {
        case .scaled(let s):
            try Self.checkSizes(s.minimumSize, s.maximumSize)
        case .random(let lo, let hi):
            try Self.checkSizes(lo, hi)
        case .fitted(let f):
            if let m = f.maximumSize { try Self.checkSize(m, "style.sizing.maximumSize") }
            if case .relativeScaling(let r) = f.rule, !(r.isFinite && (0...1).contains(r)) {
                throw TagCloudError.invalidOption(
                    name: "style.sizing.relativeScaling", value: "\(r)", expected: "a number from 0 to 1")
            }
        }
        if fonts.isEmpty {
            throw TagCloudError.invalidOption(name: "style.fonts", value: "(none)", expected: "give at least one font")
        }
        if let r = weightRange, !(r.lowerBound.isFinite && r.upperBound.isFinite && r.lowerBound < r.upperBound) {
            throw TagCloudError.invalidOption(
                name: "style.weightRange", value: "\(r.lowerBound),\(r.upperBound)",
                expected: "two finite weights, the first smaller than the second")
        }
    }

    /// Largest font size accepted, in points: beyond this a cloud is almost surely a typo.
    public static let fontSizeLimit = 2000.0

    static func checkSize(_ v: Double, _ name: String) throws(TagCloudError) {
        guard v.isFinite, v >= 0.5, v <= fontSizeLimit else {
            throw TagCloudError.invalidOption(
                name: name, value: "\(v)",
                expected: "a size in points from 0.5 to \(Int(fontSizeLimit))")
        }
    }

    private static func checkSizes(_ lo: Double, _ hi: Double) throws(TagCloudError) {
        try checkSize(lo, "style.sizing.minimumSize")
        try checkSize(hi, "style.sizing.maximumSize")
        if lo > hi {
            throw TagCloudError.invalidOption(
                name: "style.sizing", value: "\(lo)–\(hi)",
                expected: "the minimum must not exceed the maximum")
        }
    }

    /// Styles `terms` in order, drawing from `rng` (font, then size, then colour, for each word).
    /// A `.fitted` sizing puts the heaviest word at its maximum size (or `FittedSizing.defaultMaximumSize`)
    /// and no word below `minimumSize`.
    public func style(_ terms: [Term], minimumSize: Double = 1, using rng: inout SeededRandom) throws(CoreError) -> [StyledWord] {
        try validate()
        try Term.checkWeights(terms)
        return styledWords(terms, minimumSize: minimumSize, using: &rng)
    }

    /// `style(_:minimumSize:using:)` for a style and weights already checked; words keep the
    /// looks `kept` gives them.
    func styledWords(
        _ terms: [Term], minimumSize: Double, keeping kept: KeptLooks? = nil, using rng: inout SeededRandom
    ) -> [StyledWord] {
        var words = looks(terms, keeping: kept, using: &rng)
        if case .fitted(let fitted) = sizing {
            let order = Term.heaviestFirst(Array(terms.indices), in: terms)
            let sizes = fitted.sizes(
                weights: order.map { words[$0].term.weight },
                maximumSize: fitted.maximumSize ?? FittedSizing.defaultMaximumSize,
                minimumSize: minimumSize, scale: 1, range: weightRange)
            for (i, size) in zip(order, sizes) { words[i].size = size }
        }
        return words
    }

    /// The size a weight scale (`Sizing.scaled`) gives a word of weight `weight` among weights
    /// spanning `range` (whole points unless `wholePointSizes` is off); nil for another sizing.
    func scaledSize(for weight: Double, in range: ClosedRange<Double>) -> Double? {
        guard case .scaled(let scale) = sizing else { return nil }
        let size = scale.size(for: weight, in: range)
        return wholePointSizes && size > 0 ? max(1, size.rounded()) : size
    }

    /// The words' fonts, colours and, unless the sizing is `.fitted` (left to the layout, 0 here),
    /// sizes, for options already validated. A word keeps the font and colour `kept` gives it,
    /// its term's own colour winning; the generator is drawn from as for any word.
    func looks(
        _ terms: [Term], keeping kept: KeptLooks? = nil, clusters: [Int]? = nil, using rng: inout SeededRandom
    ) -> [StyledWord] {
        let range = range(of: terms)
        var colors = ColorChooser(palette: palette, mode: colorMode, terms: terms, range: range, clusters: clusters)
        var out: [StyledWord] = []
        out.reserveCapacity(terms.count)
        for (i, term) in terms.enumerated() {
            var font: FontDescriptor
            if fonts.count == 1 {
                font = fonts[0]
            } else if fontChoice == .cycle {
                font = fonts[i % fonts.count]
            } else {
                font = fonts[rng.nextInt(below: fonts.count)]
            }
            if let keptFont = kept?.fonts[i] { font = keptFont }
            // The word's own font, at the style's weight and slant, drawn after the choice above so
            // that giving one word a font does not change the others'.
            if let own = term.font { font = FontDescriptor(family: own, weight: font.weight, style: font.style) }

            var size: Double
            switch sizing {
            case .scaled: size = scaledSize(for: term.weight, in: range) ?? 0
            case .random(let lo, let hi): size = rng.nextDouble(in: lo...hi)
            case .fitted: size = 0
            }
            if wholePointSizes && size > 0 { size = max(1, size.rounded()) }
            // The palette's choice is drawn even for a word with its own colour, so that giving one
            // word a colour does not change the others'.
            let chosen = colors.color(for: i, term: term, using: &rng)
            let color = term.color ?? kept?.colors[i] ?? chosen
            out.append(StyledWord(term: term, index: i, font: font, size: size, color: color))
        }
        return out
    }
}

#if !hasFeature(Embedded)
extension CloudStyle: Codable {}
extension CloudStyle.Sizing: Codable {}
extension CloudStyle.Choice: Codable {}
extension CloudStyle.ColorMode: Codable {}
#endif
