/// Where a word cloud decides each word's font size: from its weight, the options' sizing, the
/// attempt's global scale and the last word placed, and, when it fits nowhere at that size, the
/// smaller sizes it tries in turn.
struct WordSizing {
    /// The relative scaling each word's size follows from the last word placed; nil when sizes
    /// follow a curve or the style's own sizes instead.
    let relativeScaling: Double?
    /// The smallest size a word is shrunk to before it is reported unplaced.
    let minSize: Double
    /// The words' weights, heaviest first (the layout's order).
    let weights: [Double]
    /// The size each word asks for before any shrinking (relative scaling assumes no shrink).
    let predicted: [Double]
    /// The first word placed by a search (the words before it are pinned): under relative
    /// scaling, it asks for its predicted size, and the sizes after it follow from it.
    let firstWord: Int

    /// The sizes of `styled` at global scale `g`, the heaviest at most `maximumSize`, under the
    /// style's sizing: fitted sizes from the weights, or the sizes the style gave, scaled.
    /// `firstWord`: the first word not pinned.
    init(_ styled: [StyledWord], options: WordCloudOptions, scale g: Double, maximumSize: Double, firstWord: Int = 0) {
        minSize = options.minimumFontSize
        self.firstWord = firstWord
        weights = styled.map(\.term.weight)
        switch options.style.sizing {
        case .fitted(let fitted):
            if case .relativeScaling(let r) = fitted.rule { relativeScaling = r } else { relativeScaling = nil }
            predicted = fitted.sizes(weights: weights, maximumSize: maximumSize, minimumSize: minSize, scale: g)
        case .scaled, .random:
            relativeScaling = nil
            predicted = styled.map { [minSize] in max(minSize, ($0.size * g).rounded()) }
        }
    }

    /// What the size of the next word depends on before any word is placed.
    var start: LastPlaced {
        let known = predicted.indices.contains(firstWord)
        return LastPlaced(
            size: known ? predicted[firstWord] : minSize, weight: known ? weights[firstWord] : 1, cap: .infinity,
            first: true)
    }

    /// The size word `i` (its weight times `weightFactor`) asks for after the word `r`.
    func target(_ i: Int, weightFactor: Double, after r: LastPlaced) -> Double {
        guard let scaling = relativeScaling else {
            return max(minSize, min(predicted[i] * weightFactor, r.cap).rounded())
        }
        if r.first { return predicted[firstWord] }
        let size = FittedSizing.relativeSize(after: r.size, weight: r.weight, to: weights[i] * weightFactor, scaling: scaling)
        return max(minSize, size)
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
