/// Where a word cloud decides each word's font size: from its weight, the options' sizing, the
/// attempt's global scale and the last word placed, and, when it fits nowhere at that size, the
/// smaller sizes it tries in turn.
struct WordSizing {
    let sizing: WordCloudOptions.Sizing
    /// The smallest size a word is shrunk to before it is reported unplaced.
    let minSize: Double
    /// The words' weights, heaviest first (the layout's order).
    let weights: [Double]
    /// The size each word asks for before any shrinking (relative scaling assumes no shrink).
    let predicted: [Double]

    /// The sizes of `styled` at global scale `g`, the heaviest at most `maxSize`.
    init(_ styled: [StyledWord], options: WordCloudOptions, scale g: Double, maxSize: Double) {
        sizing = options.sizing
        minSize = options.minFontSize
        weights = styled.map(\.term.weight)
        var sizes: [Double] = []
        switch options.sizing {
        case .relativeScaling(let rs):
            var running = (maxSize * g).rounded()
            for (i, w) in weights.enumerated() {
                if i > 0 {
                    let prev = weights[i - 1]
                    let ratio = prev > 0 ? w / prev : 1
                    running = ((rs * ratio + (1 - rs)) * running).rounded()
                }
                sizes.append(max(options.minFontSize, running))
            }
        case .scale(let curve):
            let range = (weights.min() ?? 0)...(weights.max() ?? 0)
            let scale = WeightScale(curve: curve, minSize: options.minFontSize, maxSize: maxSize)
            sizes = weights.map { max(options.minFontSize, (scale.size(for: $0, in: range) * g).rounded()) }
        }
        predicted = sizes
    }

    /// What the size of the next word depends on before any word is placed.
    var start: LastPlaced {
        LastPlaced(size: predicted.first ?? minSize, weight: weights.first ?? 1, cap: .infinity, first: true)
    }

    /// The size word `i` (its weight times `weightFactor`) asks for after the word `r`.
    func target(_ i: Int, weightFactor: Double, after r: LastPlaced) -> Double {
        switch sizing {
        case .relativeScaling(let rs):
            if r.first { return predicted[0] }
            let w = weights[i] * weightFactor
            let ratio = r.weight > 0 ? w / r.weight : 1
            return max(minSize, ((rs * ratio + (1 - rs)) * r.size).rounded())
        case .scale:
            return max(minSize, min(predicted[i] * weightFactor, r.cap).rounded())
        }
    }

    /// The sizes tried, largest first, for a word that fits nowhere at `want` but does at the
    /// minimum size: 90%, 80%, … 20% of `want` in whole `step`s, above the minimum. A failed search
    /// visits the whole canvas, so few, well-spread sizes beat stepping one point at a time.
    func shrinkingSizes(from want: Double, step: Double) -> [Double] {
        var sizes: [Double] = []
        var tried = want
        for fraction in [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2] {
            let size = max(minSize, ((want * fraction) / step).rounded(.down) * step)
            guard size < tried, size > minSize else { continue }
            tried = size
            sizes.append(size)
        }
        return sizes
    }
}

/// What the size of the next word depends on: the last word placed.
struct LastPlaced {
    var size: Double
    var weight: Double
    var cap: Double
    var first: Bool

    mutating func placed(size s: Double, weight w: Double) {
        size = s; weight = w; cap = s; first = false
    }
}
