/// Sizes fitted by the layout: the heaviest word takes `maximumSize` (in a word cloud, when nil,
/// the largest size at which it fits the area comfortably; in a flow, `defaultMaximumSize`), and
/// each lighter word follows `rule` from there, never below the layout's `minimumFontSize`.
public struct FittedSizing: Hashable, Sendable {
    /// How the lighter words' sizes follow the heaviest word's.
    public enum Rule: Hashable, Sendable {
        /// As the Python wordcloud package defines relative scaling: in weight order, each word's
        /// size is the previous word's size times `scaling * (weight / previous weight) + (1 - scaling)`;
        /// 0 ranks only, 1 is proportional. The value must lie in 0…1.
        case relativeScaling(Double)
        /// Through a weight curve from the minimum font size to the heaviest word's size.
        case curve(WeightScale.Curve)
    }

    /// How the lighter words follow the heaviest.
    public var rule: Rule
    /// The heaviest word's size in points; nil lets the layout choose (see the type's summary).
    public var maximumSize: Double?

    /// The heaviest word's size in a flow when `maximumSize` is nil.
    public static let defaultMaximumSize = 36.0

    /// Creates a fitted sizing; by default relative scaling 0.5, the largest size chosen by the layout.
    public init(rule: Rule = .relativeScaling(0.5), maximumSize: Double? = nil) {
        self.rule = rule
        self.maximumSize = maximumSize
    }

    /// The weight curve whose sizes come nearest this rule's: the curve itself, or for relative
    /// scaling, which sizes each word from the one before it (so a weight's size depends on the
    /// other weights), square root for the default 0.5, linear from 0.75, logarithmic below 0.25.
    /// Sizes that must be a function of the weight alone (a series, `WordCloudOptions.Sizes.exact`)
    /// follow it.
    public var nearestCurve: WeightScale.Curve {
        switch rule {
        case .curve(let c): return c
        case .relativeScaling(let r): return r >= 0.75 ? .linear : r >= 0.25 ? .sqrt : .log
        }
    }

    /// The sizes of words whose weights are `weights`, heaviest first, when the heaviest is at
    /// `maximumSize` scaled by `scale`: whole points, none below `minimumSize`. A curve spans `range`
    /// when given, else the weights' own range.
    func sizes(
        weights: [Double], maximumSize: Double, minimumSize: Double, scale: Double,
        range given: ClosedRange<Double>? = nil
    ) -> [Double] {
        switch rule {
        case .relativeScaling(let scaling):
            var sizes: [Double] = []
            sizes.reserveCapacity(weights.count)
            var running = (maximumSize * scale).rounded()
            for (i, weight) in weights.enumerated() {
                if i > 0 { running = Self.relativeSize(after: running, weight: weights[i - 1], to: weight, scaling: scaling) }
                sizes.append(max(minimumSize, running))
            }
            return sizes
        case .curve(let curve):
            let range = given ?? CloudStyle.span(of: weights)
            let weightScale = WeightScale(curve: curve, minimumSize: minimumSize, maximumSize: maximumSize)
            return weights.map { max(minimumSize, (weightScale.size(for: $0, in: range) * scale).rounded()) }
        }
    }

    /// The size, in whole points, of a word of weight `weight` after a word of weight `previous`
    /// drawn at `size`, under relative scaling `scaling`.
    static func relativeSize(after size: Double, weight previous: Double, to weight: Double, scaling: Double) -> Double {
        let ratio = previous > 0 ? weight / previous : 1
        return ((scaling * ratio + (1 - scaling)) * size).rounded()
    }
}

#if !hasFeature(Embedded)
extension FittedSizing: Codable {}
extension FittedSizing.Rule: Codable {}
#endif
