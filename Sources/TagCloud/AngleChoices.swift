/// The angles a word of a cloud tries, the preferred one first, drawn word by word. Every list a
/// draw can give is made once, so words share them instead of each building its own.
struct AngleChoices {
    private enum Kind {
        /// Always the same list.
        case fixed([Double])
        /// A list chosen by an index drawn below its count.
        case drawn([[Double]])
        /// Horizontal first with probability `preference`, else a list chosen by an index drawn
        /// below its count.
        case preferring(horizontal: [Double], rotated: [[Double]], preference: Double)
        /// A random angle in the range, then one across it.
        case range(Double, Double)
    }

    private let kind: Kind

    init(_ options: WordCloudOptions) {
        switch options.rotation {
        case .angles(let set):
            let others = set.filter { $0 != 0 }
            if set.contains(0) && options.preferHorizontal >= 1 {
                // The preference is absolute at its ends: 1 never rotates, 0 never draws horizontally.
                kind = .fixed([0])
            } else if options.preferHorizontal <= 0 && !others.isEmpty {
                kind = .drawn(others.indices.map { k in
                    var rest = others
                    let first = rest.remove(at: k)
                    return [first] + rest
                })
            } else if !set.contains(0) || others.isEmpty {
                // No horizontal choice to prefer: a random angle from the set first.
                kind = .drawn(set.map { first in [first] + set.filter { $0 != first } })
            } else {
                kind = .preferring(horizontal: [0] + others,
                                   rotated: others.map { first in [first, 0] + others.filter { $0 != first } },
                                   preference: options.preferHorizontal)
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
        case .drawn(let lists):
            return lists[rng.nextInt(below: lists.count)]
        case .preferring(let horizontal, let rotated, let preference):
            if rng.nextUnit() < preference { return horizontal }
            return rotated[rng.nextInt(below: rotated.count)]
        case .range(let lo, let hi):
            let a = (rng.nextDouble(in: lo...hi) * 10).rounded() / 10
            let mid = (lo + hi) / 2
            // A second angle across the range, so a word that fits nowhere at one angle gets another chance.
            let b = a < mid ? min(hi, a + (hi - lo) / 2) : max(lo, a - (hi - lo) / 2)
            return a == b ? [a] : [a, (b * 10).rounded() / 10]
        }
    }
}
