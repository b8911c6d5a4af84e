/// How terms become styled words: font size from weight (or at random), font family, colour —
/// all drawn from one seeded generator, in input order, so a seed fixes the look.
public struct CloudStyle: Hashable, Codable, Sendable {
    /// Where font sizes come from.
    public enum Sizing: Hashable, Codable, Sendable {
        /// Through a weight scale.
        case scaled(WeightScale)
        /// Uniformly at random in a range of points (the original recipe used 10–27 pt).
        case random(min: Double, max: Double)
    }

    /// How one of several fonts or colours is picked for each word.
    public enum Choice: String, Hashable, Codable, Sendable, CaseIterable {
        /// At random from the seeded generator.
        case random
        /// In turn, word by word.
        case cycle
    }

    /// How a word's colour is chosen from the palette.
    public enum ColorMode: String, Hashable, Codable, Sendable, CaseIterable {
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

    /// Creates a style; every parameter has a sensible default.
    public init(sizing: Sizing = .scaled(WeightScale()), wholePointSizes: Bool = true,
                fonts: [FontDescriptor] = [.default], fontChoice: Choice = .random,
                palette: Palette = Palette.builtIn[0], colorMode: ColorMode = .random,
                background: Color? = .white) {
        self.sizing = sizing; self.wholePointSizes = wholePointSizes; self.fonts = fonts
        self.fontChoice = fontChoice; self.palette = palette; self.colorMode = colorMode
        self.background = background
    }

    /// Checks the options, naming the first bad one.
    public func validate() throws {
        switch sizing {
        case .scaled(let s):
            try Self.checkSize(s.minSize, "minimum font size")
            try Self.checkSize(s.maxSize, "maximum font size")
            if s.minSize > s.maxSize {
                throw TagCloudError.invalidOption(name: "font sizes", value: "\(s.minSize)–\(s.maxSize)",
                                                  expected: "the minimum must not exceed the maximum")
            }
        case .random(let lo, let hi):
            try Self.checkSize(lo, "minimum font size")
            try Self.checkSize(hi, "maximum font size")
            if lo > hi {
                throw TagCloudError.invalidOption(name: "font sizes", value: "\(lo)–\(hi)",
                                                  expected: "the minimum must not exceed the maximum")
            }
        }
        if fonts.isEmpty {
            throw TagCloudError.invalidOption(name: "fonts", value: "(none)", expected: "give at least one font")
        }
    }

    /// Largest font size accepted, in points: beyond this a cloud is almost surely a typo.
    public static let maximumFontSize = 2000.0

    static func checkSize(_ v: Double, _ name: String) throws {
        guard v.isFinite, v > 0, v <= maximumFontSize else {
            throw TagCloudError.invalidOption(name: name, value: "\(v)",
                                              expected: "a size in points above 0 and at most \(Int(maximumFontSize))")
        }
    }

    /// Styles `terms` in order, drawing from `rng` (font, then size, then colour, for each word).
    public func style(_ terms: [Term], using rng: inout SeededRandom) throws -> [StyledWord] {
        try validate()
        for t in terms where !(t.weight.isFinite && t.weight >= 0) {
            throw TagCloudError.invalidWeight(text: t.text, weight: t.weight)
        }
        let weights = terms.map(\.weight)
        let range = (weights.min() ?? 0)...(weights.max() ?? 0)
        // Rank: order of weight, heaviest first; ties keep input order.
        var rank = [Int](repeating: 0, count: terms.count)
        for (r, i) in terms.indices.sorted(by: { (terms[$0].weight, $1) > (terms[$1].weight, $0) }).enumerated() {
            rank[i] = r
        }
        var groups: [String: Int] = [:]
        var out: [StyledWord] = []
        out.reserveCapacity(terms.count)
        for (i, term) in terms.enumerated() {
            let font: FontDescriptor
            if fonts.count == 1 { font = fonts[0] }
            else if fontChoice == .cycle { font = fonts[i % fonts.count] }
            else { font = fonts[rng.nextInt(below: fonts.count)] }

            var size: Double
            switch sizing {
            case .scaled(let scale): size = scale.size(for: term.weight, in: range)
            case .random(let lo, let hi): size = rng.nextDouble(in: lo...hi)
            }
            if wholePointSizes { size = max(1, size.rounded()) }

            let colors = palette.colors
            var color: Color
            switch colorMode {
            case .random: color = colors[rng.nextInt(below: colors.count)]
            case .cycle: color = colors[i % colors.count]
            case .rank: color = colors[rank[i] % colors.count]
            case .weight:
                let f = range.upperBound > range.lowerBound
                    ? (term.weight - range.lowerBound) / (range.upperBound - range.lowerBound) : 1
                color = palette.color(at: 1 - f)
            case .group:
                let key = term.group ?? ""
                let g = groups[key] ?? groups.count
                groups[key] = g
                color = colors[g % colors.count]
            }
            if let fixed = term.color { color = fixed }
            out.append(StyledWord(term: term, index: i, font: font, size: size, color: color))
        }
        return out
    }
}
