/// Picks each word's colour from the palette by the style's colour mode.
struct ColorChooser {
    private let palette: Palette
    private let mode: CloudStyle.ColorMode
    private let range: ClosedRange<Double>
    /// Each word's rank by weight, heaviest first (ties keep input order); only for `.rank`.
    private let rank: [Int]
    /// The colour index each group took, in order of first appearance.
    private var groups: [String: Int] = [:]
    /// Each word's group of related words, for `.cluster`; nil: colour by the terms' groups.
    private let clusters: [Int]?

    /// A chooser for `terms`, whose weights span `range` and whose groups of related words are
    /// `clusters`, when known.
    init(palette: Palette, mode: CloudStyle.ColorMode, terms: [Term], range: ClosedRange<Double>, clusters: [Int]? = nil) {
        self.palette = palette
        self.clusters = clusters
        self.mode = mode
        self.range = range
        var rank = [Int](repeating: 0, count: mode == .rank ? terms.count : 0)
        if mode == .rank {
            for (r, i) in Term.heaviestFirst(Array(terms.indices), in: terms).enumerated() { rank[i] = r }
        }
        self.rank = rank
    }

    /// The colour of word `i`, `term`, drawing from `rng` in `.random` mode.
    mutating func color(for i: Int, term: Term, using rng: inout SeededRandom) -> Color {
        let colors = palette.colors
        switch mode {
        case .random: return colors[rng.nextInt(below: colors.count)]
        case .cycle: return colors[i % colors.count]
        case .rank: return colors[rank[i] % colors.count]
        case .weight:
            let f =
                range.upperBound > range.lowerBound
                ? (term.weight - range.lowerBound) / (range.upperBound - range.lowerBound) : 1
            return palette.color(at: 1 - f)
        case .cluster where i < clusters?.count ?? 0:
            return colors[(clusters?[i] ?? 0) % colors.count]
        case .group, .cluster:
            let key = term.group ?? ""
            let g = groups[key] ?? groups.count
            groups[key] = g
            return colors[g % colors.count]
        }
    }
}
