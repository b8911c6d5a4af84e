/// The weights a size legend shows and how their numbers read: from the heaviest weight whose
/// size stays small enough for a key down to the lightest, with up to two round weights between.
enum LegendSamples {
    /// Up to four weights of `range`, heaviest first, whose sizes (`size`, growing with the weight)
    /// are at most `cap` points where they can be: the upper bound when its size is within the cap,
    /// else the largest weight within it, rounded down to one significant digit when that stays
    /// above the lower bound; round weights near two thirds and one third of the way down from
    /// there (one significant digit when that stays strictly between its neighbours, else two,
    /// else none); and the lower bound. One weight when the range is one, or when even the lower
    /// bound's size passes the cap.
    static func weights(_ range: ClosedRange<Double>, size: (Double) -> Double, cap: Double) -> [Double] {
        let lo = range.lowerBound
        guard range.upperBound > lo, size(lo) <= cap else { return [range.upperBound > lo ? lo : range.upperBound] }
        let top = largest(range, size: size, cap: cap)
        guard top > lo else { return [lo] }
        var out = [top]
        for fraction in [2.0 / 3, 1.0 / 3] {
            let raw = lo + (top - lo) * fraction
            let above = out[out.count - 1]
            if let nice = [1, 2].lazy.map({ round(raw, digits: $0) }).first(where: { $0 > lo && $0 < above }) {
                out.append(nice)
            }
        }
        out.append(lo)
        return out
    }

    /// The largest weight of `range` whose size is at most `cap` (whose lower bound's is): the
    /// upper bound, or one found by bisection and rounded down to one significant digit when that
    /// stays above the lower bound.
    private static func largest(_ range: ClosedRange<Double>, size: (Double) -> Double, cap: Double) -> Double {
        var lo = range.lowerBound, hi = range.upperBound
        if size(hi) <= cap { return hi }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if size(mid) <= cap { lo = mid } else { hi = mid }
        }
        let magnitude = lo > 0 ? Math.pow(10, Math.log10(lo).rounded(.down)) : 0
        let floored = magnitude > 0 ? (lo / magnitude).rounded(.down) * magnitude : lo
        return floored > range.lowerBound ? floored : lo
    }

    /// `x` rounded to `digits` significant digits.
    static func round(_ x: Double, digits: Int) -> Double {
        guard x != 0, x.isFinite else { return x }
        let exponent = Math.log10(abs(x)).rounded(.down) - Double(digits - 1)
        // Dividing by a whole power of ten gives the nearest double to 1.7, multiplying by 0.1 does not.
        let power = Math.pow(10, abs(exponent))
        let r = exponent >= 0 ? (x / power).rounded() * power : (x * power).rounded() / power
        return r.isFinite ? r : x
    }

    /// How a weight reads in the legend: a whole number plainly, else three significant digits.
    static func label(_ weight: Double) -> String {
        if weight == weight.rounded() && abs(weight) < 1e15 { return String(Int64(weight)) }
        return DecimalText.general(weight, significantDigits: 3)
    }
}
