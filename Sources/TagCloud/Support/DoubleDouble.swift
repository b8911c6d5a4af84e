/// A number held as the unevaluated sum of two doubles, `hi + lo` with `|lo|` at most half an ulp
/// of `hi`: about 106 bits of precision, for `Math`'s functions to compute in before they round
/// once to a double.
///
/// It is built from the four basic operations only, each correctly rounded by IEEE 754 on every
/// machine: the exact sum is Knuth's, the exact product Dekker's with Veltkamp's split, not a fused
/// multiply-add (WebAssembly has none, and a library's would be one more thing to keep alike). So
/// the same inputs give the same bits natively and in WebAssembly.
struct DoubleDouble {
    /// The leading part: the double nearest the whole value once normalised.
    var hi: Double
    /// The remainder, below half an ulp of `hi`.
    var lo: Double

    /// The value `hi + lo`; `lo` must be below half an ulp of `hi` (or `hi` zero).
    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The value rounded to the nearest double.
    var value: Double { hi + lo }

    /// `a + b` exactly (Knuth's two-sum), normalised.
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(s, (a - (s - bb)) + (b - bb))
    }

    /// `a + b` exactly when `|a| ≥ |b|` or `a` is zero (Dekker's fast two-sum), normalised.
    static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(s, b - (s - a))
    }

    /// `a` as two halves of at most 26 significant bits each, whose products are exact
    /// (Veltkamp's split); `|a|` must be below 2^996, where the scaling would overflow.
    static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let t = 134_217_729 * a  // 2^27 + 1
        let hi = t - (t - a)
        return (hi, a - hi)
    }

    /// `a × b` exactly (Dekker's two-product), for `|a|` and `|b|` below 2^996 whose product neither
    /// overflows nor underflows.
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a)
        let (bh, bl) = split(b)
        return DoubleDouble(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// The sum, to about 106 bits (the accurate addition, which keeps both low parts).
    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var s = sum(a.hi, b.hi)
        let t = sum(a.lo, b.lo)
        s.lo += t.hi
        s = quickSum(s.hi, s.lo)
        s.lo += t.lo
        return quickSum(s.hi, s.lo)
    }

    /// The negation, exact.
    static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(-a.hi, -a.lo) }

    /// The difference, to about 106 bits.
    static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + -b }

    /// The product, to about 106 bits.
    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        var p = product(a.hi, b.hi)
        p.lo += a.hi * b.lo + a.lo * b.hi
        return quickSum(p.hi, p.lo)
    }

    /// The product with a double, to about 106 bits.
    static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        var p = product(a.hi, b)
        p.lo += a.lo * b
        return quickSum(p.hi, p.lo)
    }

    /// The quotient, to about 106 bits (long division: three quotient digits).
    static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let q1 = a.hi / b.hi
        var r = a - b * q1
        let q2 = r.hi / b.hi
        r = r - b * q2
        let q3 = r.hi / b.hi
        return quickSum(q1, q2) + DoubleDouble(q3)
    }

    /// The value times `factor`, a power of two: exact unless it overflows or becomes subnormal.
    func scaled(by factor: Double) -> DoubleDouble { DoubleDouble(hi * factor, lo * factor) }
}
