/// How a weight becomes a font size: weights are normalised to 0–1 between the smallest and largest
/// weight present, passed through the curve, and mapped onto `minimumSize...maximumSize`.
public struct WeightScale: Hashable, Sendable {
    /// The curve from normalised weight to normalised size.
    public enum Curve: String, Hashable, Sendable, CaseIterable {
        /// Size proportional to weight.
        case linear
        /// Size proportional to the square root of weight (area ∝ weight).
        case sqrt
        /// Size proportional to the logarithm of weight (tames long-tailed counts).
        case log
    }

    /// The curve.
    public var curve: Curve
    /// Size of the lightest word, in points.
    public var minimumSize: Double
    /// Size of the heaviest word, in points.
    public var maximumSize: Double

    /// Creates a scale.
    public init(curve: Curve = .linear, minimumSize: Double = 12, maximumSize: Double = 36) {
        self.curve = curve; self.minimumSize = minimumSize; self.maximumSize = maximumSize
    }

    /// Font size for `weight` when the weights present span `range`. Equal weights give the middle size.
    public func size(for weight: Double, in range: ClosedRange<Double>) -> Double {
        minimumSize + (maximumSize - minimumSize) * fraction(for: weight, in: range)
    }

    /// The normalised position 0–1 of `weight` in `range` after the curve.
    public func fraction(for weight: Double, in range: ClosedRange<Double>) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        guard hi > lo else { return 0.5 }
        let f: (Double) -> Double
        switch curve {
        case .linear: f = { $0 }
        case .sqrt: f = { max(0, $0).squareRoot() }
        case .log: f = { Math.log(1 + max(0, $0)) }
        }
        let a = f(lo), b = f(hi)
        guard b > a else { return 0.5 }
        return max(0, min(1, (f(weight) - a) / (b - a)))
    }
}

#if !hasFeature(Embedded)
extension WeightScale: Codable {}
extension WeightScale.Curve: Codable {}
#endif
