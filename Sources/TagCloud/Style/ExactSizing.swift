/// The size of every weight under `WordCloudOptions.Sizes.exact`: one weight curve from a range
/// of weights onto sizes, times the cloud's scale, in whole points and never below the minimum.
/// A function of the weight alone, so equal weights get equal sizes and a heavier word never a
/// smaller one, whatever the other words are; the size legend (`SizeLegend`) reads its sizes here.
struct ExactSizing: Hashable, Sendable {
    /// The curve and the sizes it spans before scaling.
    let curve: WeightScale
    /// The weights the curve spans; weights outside take the nearer end's size.
    let range: ClosedRange<Double>
    /// The cloud's scale (below 1 when the whole cloud was shrunk to fit).
    let scale: Double
    /// The least size, in points.
    let minimumSize: Double
    /// Whether the curve's sizes are rounded to whole points before scaling, as a style's own
    /// sizes are (`CloudStyle.wholePointSizes`).
    let roundsFirst: Bool

    /// The sizing of `style` over `range`, the heaviest weight at `maximumSize` (for a fitted
    /// sizing; a weight scale keeps its own sizes) times `scale`; nil for random sizes, which no
    /// weight decides.
    init?(_ style: CloudStyle, range: ClosedRange<Double>, maximumSize: Double, minimumSize: Double, scale: Double) {
        switch style.sizing {
        case .fitted(let fitted):
            // Weights that are all equal are all the heaviest: they take the heaviest's size
            // (a weight scale would give them its middle size).
            let least = range.upperBound > range.lowerBound ? minimumSize : maximumSize
            curve = WeightScale(curve: fitted.nearestCurve, minimumSize: least, maximumSize: maximumSize)
            roundsFirst = false
        case .scaled(let weightScale):
            curve = weightScale
            roundsFirst = style.wholePointSizes
        case .random:
            return nil
        }
        self.range = range
        self.scale = scale
        self.minimumSize = minimumSize
    }

    /// The font size of a word of weight `weight`.
    func size(for weight: Double) -> Double {
        var size = curve.size(for: weight, in: range)
        if roundsFirst { size = max(1, size.rounded()) }
        return max(minimumSize, (size * scale).rounded())
    }
}
