import Foundation

/// The weights a size legend shows and how their numbers read: the range's ends and up to two
/// round weights between them.
enum LegendSamples {
    /// Up to four weights of `range`, heaviest first: its upper bound, round weights near two
    /// thirds and one third of the way up (one significant digit when that stays strictly between
    /// its neighbours, else two, else none), and its lower bound. One weight when the range is one.
    static func weights(_ range: ClosedRange<Double>) -> [Double] {
        let lo = range.lowerBound, hi = range.upperBound
        guard hi > lo else { return [hi] }
        var out = [hi]
        for fraction in [2.0 / 3, 1.0 / 3] {
            let raw = lo + (hi - lo) * fraction
            let above = out[out.count - 1]
            if let nice = [1, 2].lazy.map({ round(raw, digits: $0) }).first(where: { $0 > lo && $0 < above }) {
                out.append(nice)
            }
        }
        out.append(lo)
        return out
    }

    /// `x` rounded to `digits` significant digits.
    static func round(_ x: Double, digits: Int) -> Double {
        guard x != 0, x.isFinite else { return x }
        let magnitude = pow(10, (log10(abs(x))).rounded(.down) - Double(digits - 1))
        let r = (x / magnitude).rounded() * magnitude
        return r.isFinite ? r : x
    }

    /// How a weight reads in the legend: a whole number plainly, else three significant digits.
    static func label(_ weight: Double) -> String {
        if weight == weight.rounded() && abs(weight) < 1e15 { return String(Int64(weight)) }
        return String(format: "%.3g", weight)
    }
}
