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
    /// How a word kept from a previous layout changes size with its weight.
    private let keptRule: KeptRule
    /// The attempt's global scale.
    private let scale: Double
    /// The weights' range, and the largest size asked for (no kept word grows past it).
    private let weightRange: ClosedRange<Double>
    private let largest: Double
    /// Whether a word may be no larger than the last word placed: yes, so that a word shrunk to
    /// fit does not stand smaller than lighter words after it; not in a series, whose sizes must
    /// follow one scale in every frame (a word there shrinks itself, and says so), nor under exact
    /// sizes, where no word shrinks on its own.
    private let capped: Bool
    /// Whether a word that does not fit at its size may be shrunk on its own: not under
    /// `WordCloudOptions.Sizes.exact`, where each size is a function of the weight (`ExactSizing`).
    let shrinks: Bool

    /// How a kept word's size follows a change of its weight: by relative scaling, along a weight
    /// curve, or not at all (random sizes).
    private enum KeptRule {
        case relative(Double)
        case curve(WeightScale)
        case fixed
    }

    /// The sizes of `styled` at global scale `g`, the heaviest at most `maximumSize`, under the
    /// style's sizing: fitted sizes from the weights, or the sizes the style gave, scaled.
    /// `firstWord`: the first word not pinned. `weightRange`: the weights a curve spans (a series'
    /// weights in all its frames); nil: the words' own.
    init(
        _ styled: [StyledWord], options: WordCloudOptions, scale g: Double, maximumSize: Double, firstWord: Int = 0,
        weightRange: ClosedRange<Double>? = nil
    ) {
        minSize = options.minimumFontSize
        self.firstWord = firstWord
        weights = styled.map { $0.term.weight }
        scale = g
        let range = weightRange ?? options.style.range(of: weights)
        self.weightRange = range
        let exact =
            options.sizes == .exact
            ? ExactSizing(options.style, range: range, maximumSize: maximumSize, minimumSize: minSize, scale: g) : nil
        shrinks = exact == nil
        capped = weightRange == nil && exact == nil
        if let exact {
            relativeScaling = nil
            keptRule = .curve(exact.curve)
            predicted = weights.map { exact.size(for: $0) }
            largest = predicted.max() ?? minSize
            return
        }
        switch options.style.sizing {
        case .fitted(let fitted):
            switch fitted.rule {
            case .relativeScaling(let r):
                relativeScaling = r
                keptRule = .relative(r)
            case .curve(let curve):
                relativeScaling = nil
                keptRule = .curve(WeightScale(curve: curve, minimumSize: minSize, maximumSize: maximumSize))
            }
            predicted = fitted.sizes(
                weights: weights, maximumSize: maximumSize, minimumSize: minSize, scale: g, range: weightRange)
        case .scaled(let weightScale):
            relativeScaling = nil
            keptRule = .curve(weightScale)
            predicted = styled.map { [minSize] in max(minSize, ($0.size * g).rounded()) }
        case .random:
            relativeScaling = nil
            keptRule = .fixed
            predicted = styled.map { [minSize] in max(minSize, ($0.size * g).rounded()) }
        }
        largest = predicted.max() ?? minSize
    }

    /// A size of a previous layout at this attempt's scale.
    func scaled(_ size: Double) -> Double { scale == 1 ? size : max(minSize, (size * scale).rounded()) }

    /// The size word `i`, kept from a previous layout as `target`, asks for: its old size, changed
    /// as the sizing changes a word's size when its weight changes, and scaled with the attempt.
    /// Under relative scaling the change follows the word's weight as a share of the heaviest
    /// word's, then and now; along a weight curve, the curve's sizes at its old weight (among the
    /// old weights, `previousWeights`) and its new one; random sizes stay. So a word whose weight
    /// did not change keeps its size exactly, however the words around it changed. Without an old
    /// size, and under exact sizes, the size the sizing predicts.
    func keptSize(_ i: Int, _ target: WordTargets.Target, previousWeights: ClosedRange<Double>?) -> Double {
        // Exact sizes follow the weight alone, whatever size the word had before.
        guard shrinks, let size = target.size else { return predicted[i] }
        var ratio = 1.0
        if let old = target.weight, let oldRange = previousWeights {
            let new = weights[i]
            switch keptRule {
            case .relative(let r):
                let was = oldRange.upperBound > 0 ? old / oldRange.upperBound : 1
                let now = weightRange.upperBound > 0 ? new / weightRange.upperBound : 1
                if was != now && was > 0 { ratio = r * now / was + (1 - r) }
            case .curve(let curve):
                let was = curve.size(for: old, in: oldRange), now = curve.size(for: new, in: weightRange)
                if was != now && was > 0 { ratio = now / was }
            case .fixed:
                break
            }
        }
        let s = size * ratio * scale
        if s == size { return size }
        return max(minSize, min(largest, s.rounded()))
    }

    /// What the size of the next word depends on before any word is placed.
    var start: LastPlaced {
        let known = predicted.indices.contains(firstWord)
        return LastPlaced(
            size: known ? predicted[firstWord] : minSize, weight: known ? weights[firstWord] : 1, cap: .infinity,
            first: true)
    }

    /// What the size of word `i` follows from when no word before it was placed (the first new
    /// word after a previous layout's): it asks for its predicted size.
    func start(at i: Int) -> LastPlaced {
        LastPlaced(size: predicted[i], weight: weights[i], cap: .infinity, first: false)
    }

    /// The size word `i` (its weight times `weightFactor`) asks for after the word `r`.
    func target(_ i: Int, weightFactor: Double, after r: LastPlaced) -> Double {
        guard let scaling = relativeScaling else {
            let size = predicted[i] * weightFactor
            return max(minSize, (capped ? min(size, r.cap) : size).rounded())
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
        guard shrinks else { return sizes }
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
