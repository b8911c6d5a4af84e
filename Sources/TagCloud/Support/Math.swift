/// The elementary functions TagCloud computes with, in Swift, so that every build gives the same
/// bits for the same input: the native library, the command line and the WebAssembly engine.
///
/// The C libraries disagree in the last bit: over 200,000 inputs glibc's and wasi-libc's (musl's)
/// results differ for 3% of sines and cosines and 1.6% of base-10 logarithms, and a sine that
/// moves a shape's outline by one ulp can move a pixel of its mask, and so the cloud. These
/// compute in `DoubleDouble` (about 106 bits) with the basic operations only and round once, so
/// the result is the correctly rounded one except in cases too close to call at 106 bits, and is
/// the same everywhere: exact powers come out exact (`log10(1000) == 3`, `pow(10, 2) == 100`).
/// Special values follow C's: NaN in, NaN out; `log(0)` is −∞; `pow(x, 0)` is 1.
///
/// They are slower than the C library's, and are used where a result shapes a layout or a table
/// (shapes, rotations, sizes, legends, colours and scores), a few hundred times a layout, never
/// per pixel.
package enum Math {
    /// The sine of `x` radians. Correctly rounded bar hard cases for `|x| < 2^60`; beyond that,
    /// where a double holds no fraction of a turn, the same everywhere but not accurate.
    package static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        // sin x = x − x³/6 + …, and x³/6 is below half an ulp of x here.
        if x.magnitude < 0x1p-26 { return x }
        let (r, quadrant) = reducedByHalfPi(x)
        switch quadrant {
        case 0: return sineSeries(r)
        case 1: return cosineSeries(r)
        case 2: return -sineSeries(r)
        default: return -cosineSeries(r)
        }
    }

    /// The cosine of `x` radians; accurate as `sin`.
    package static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        // cos x = 1 − x²/2 + …, and x²/2 is below a quarter of an ulp of 1 here.
        if x.magnitude < 0x1p-27 { return 1 }
        let (r, quadrant) = reducedByHalfPi(x)
        switch quadrant {
        case 0: return cosineSeries(r)
        case 1: return -sineSeries(r)
        case 2: return -cosineSeries(r)
        default: return sineSeries(r)
        }
    }

    /// The natural logarithm of `x`: NaN below 0, −∞ at 0.
    package static func log(_ x: Double) -> Double {
        if let special = logarithmSpecial(x) { return special }
        return logarithm(x).value
    }

    /// The base-10 logarithm of `x`: NaN below 0, −∞ at 0; exact at exact powers of ten.
    package static func log10(_ x: Double) -> Double {
        if let special = logarithmSpecial(x) { return special }
        return (logarithm(x) * inverseLn10).value
    }

    /// `x` to the power `y`, with C's special values (`pow(x, 0)` and `pow(1, y)` are 1, a negative
    /// `x` takes only whole `y`, and so on); exact where the power is a double.
    package static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        if let special = powerSpecial(x, y) { return special }
        if x < 0 && y.rounded(.towardZero) != y { return .nan }
        let sign: Double = x < 0 && isOddInteger(y) ? -1 : 1
        let ax = x.magnitude
        // |y log x| ≥ 2^64 × 2^-53 for any x ≠ 1: past every double.
        if y.magnitude >= 0x1p64 { return (ax > 1) == (y > 0) ? sign * .infinity : sign * 0 }
        let t = logarithm(ax) * y
        if t.hi > 710 { return sign * .infinity }
        if t.hi < -746 { return sign * 0 }
        return sign * exponential(t).value
    }

    /// `√(x² + y²)` without overflow or underflow on the way; ∞ when either is infinite.
    package static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        if x.isNaN || y.isNaN { return .nan }
        let a = max(x.magnitude, y.magnitude), b = min(x.magnitude, y.magnitude)
        if b == 0 { return a }
        // Scaled so that the larger is in [1, 2): the squares can neither overflow nor lose bits.
        let e = Int(a.exponent)
        let sa = timesPowerOfTwo(a, -e), sb = timesPowerOfTwo(b, -e)
        let s = DoubleDouble.product(sa, sa) + DoubleDouble.product(sb, sb)
        let q = s.hi.squareRoot()
        // One Newton step from the double square root, in double-double.
        let correction = (s - DoubleDouble.product(q, q)).hi / (2 * q)
        return timesPowerOfTwo(q + correction, e)
    }

    // MARK: - Special values

    /// C's value of log at `x` when it is not computed: NaN, negative, zero or +∞.
    private static func logarithmSpecial(_ x: Double) -> Double? {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return .infinity }
        return nil
    }

    /// C's value of pow at an infinite `y`, a zero or an infinite `x` (neither NaN, `y` not 0).
    private static func powerSpecial(_ x: Double, _ y: Double) -> Double? {
        let odd = isOddInteger(y)
        if y.isInfinite {
            if x.magnitude == 1 { return 1 }
            return (x.magnitude > 1) == (y > 0) ? .infinity : 0
        }
        if x == 0 {
            if y < 0 { return odd ? 1 / x : .infinity }
            return odd ? x : 0
        }
        if x.isInfinite {
            if x > 0 { return y > 0 ? .infinity : 0 }
            if y > 0 { return odd ? -.infinity : .infinity }
            return odd ? -0.0 : 0
        }
        return nil
    }

    /// Whether `y` is an odd whole number (every double from 2^53 up is even).
    private static func isOddInteger(_ y: Double) -> Bool {
        y.rounded(.towardZero) == y && y.magnitude < 0x1p53 && y.truncatingRemainder(dividingBy: 2) != 0
    }

    /// `v × 2^k`, in two steps so that neither factor overflows (`|k|` up to 2,098).
    static func timesPowerOfTwo(_ v: Double, _ k: Int) -> Double {
        let first = k / 2
        return v * Double(sign: .plus, exponent: first, significand: 1)
            * Double(sign: .plus, exponent: k - first, significand: 1)
    }
}
