/// The angles a word of a cloud tries, the preferred one first, drawn word by word. Every list a
/// draw can give is made once, so words share them instead of each building its own.
struct AngleChoices {
    private enum Kind {
        /// Always the same list.
        case fixed([Double])
        /// `others[k]` first, then the rest of `others` in order, for an index k drawn below its count.
        case drawnRemoving([Double])
        /// `set[k]` first, then every angle of `set` unequal to it, for an index k drawn below its count.
        case drawnFiltering([Double])
        /// Horizontal first (then `others`) with probability `preference`; else `others[k]`, 0 and
        /// the angles of `others` unequal to `others[k]`, for an index k drawn below its count.
        case preferring(others: [Double], preference: Double)
        /// A random angle in the range, then one across it.
        case range(Double, Double)
    }

    private let kind: Kind

    // Each word's list is built when it is drawn, not made in advance for every possible draw: a
    // set of n angles has n lists of n angles, and a long --rotate list made that quadratic.
    init(_ options: WordCloudOptions) {
        switch options.rotation {
        case .angles(let set):
            let others = set.filter { $0 != 0 }
            if set.contains(0) && options.preferHorizontal >= 1 {
                // The preference is absolute at its ends: 1 never rotates, 0 never draws horizontally.
                kind = .fixed([0])
            } else if options.preferHorizontal <= 0 && !others.isEmpty {
                kind = .drawnRemoving(others)
            } else if !set.contains(0) || others.isEmpty {
                // No horizontal choice to prefer: a random angle from the set first.
                kind = .drawnFiltering(set)
            } else {
                kind = .preferring(others: others, preference: options.preferHorizontal)
            }
        case .range(let lo, let hi):
            kind = .range(lo, hi)
        }
    }

    /// The angles for the next word, drawing from `rng`.
    func choose(_ rng: inout SeededRandom) -> [Double] {
        switch kind {
        case .fixed(let list):
            return list
        case .drawnRemoving(let others):
            var rest = others
            let first = rest.remove(at: rng.nextInt(below: others.count))
            return [first] + rest
        case .drawnFiltering(let set):
            let first = set[rng.nextInt(below: set.count)]
            return [first] + set.filter { $0 != first }
        case .preferring(let others, let preference):
            if rng.nextUnit() < preference { return [0] + others }
            let first = others[rng.nextInt(below: others.count)]
            return [first, 0] + others.filter { $0 != first }
        case .range(let lo, let hi):
            let a = (rng.nextDouble(in: lo...hi) * 10).rounded() / 10
            let mid = (lo + hi) / 2
            // A second angle across the range, so a word that fits nowhere at one angle gets another chance.
            let b = a < mid ? min(hi, a + (hi - lo) / 2) : max(lo, a - (hi - lo) / 2)
            return a == b ? [a] : [a, (b * 10).rounded() / 10]
        }
    }
}
