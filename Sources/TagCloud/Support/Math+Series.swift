/// The reductions and series `Math` computes with, in `DoubleDouble`.
extension Math {
    /// π/2 as three doubles (their sum is π/2 to about 160 bits), for reducing an angle exactly.
    static let halfPi = (
        Double(bitPattern: 0x3FF9_21FB_5444_2D18), Double(bitPattern: 0x3C91_A626_3314_5C07),
        Double(bitPattern: 0xB91F_1976_B7ED_8FBC)
    )
    /// ln 2 to about 106 bits.
    static let ln2 = DoubleDouble(Double(bitPattern: 0x3FE6_2E42_FEFA_39EF), Double(bitPattern: 0x3C7A_BC9E_3B39_803F))
    /// 1 / ln 10 to about 106 bits.
    static let inverseLn10 = DoubleDouble(
        Double(bitPattern: 0x3FDB_CB7B_1526_E50E), Double(bitPattern: 0x3C69_5355_BAAA_FAD3))

    /// 1/n! for n = 0…29, to about 106 bits: the Taylor coefficients of the sine, cosine and
    /// exponential.
    static let inverseFactorials: [DoubleDouble] = {
        var list = [DoubleDouble(1)]
        for n in 1...29 { list.append(list[n - 1] / DoubleDouble(Double(n))) }
        return list
    }()

    /// 1/(2k+1) for k = 0…21, to about 106 bits: the series of artanh, which gives the logarithm.
    static let inverseOdds: [DoubleDouble] = (0...21).map { k in DoubleDouble(1) / DoubleDouble(Double(2 * k + 1)) }

    /// `x − n·π/2` in double-double, `|r| ≤ π/4`, and `n mod 4`. For `|x|` past 2^60 a double holds
    /// no fraction of a turn; `x` is first taken modulo the double nearest 2π, which is exact and
    /// the same everywhere, though the angle it gives is not `x`'s.
    static func reducedByHalfPi(_ x: Double) -> (r: DoubleDouble, quadrant: Int) {
        let x = x.magnitude < 0x1p60 ? x : x.truncatingRemainder(dividingBy: 4 * halfPi.0)
        let n = (x * 0.636_619_772_367_581_4).rounded()
        // n·(π/2) as an exact pair for each of the first two parts; x − the first is exact.
        let a = DoubleDouble.product(n, halfPi.0), b = DoubleDouble.product(n, halfPi.1)
        var r = DoubleDouble.sum(x, -a.hi)
        r = r - DoubleDouble(a.lo) - b - DoubleDouble(n * halfPi.2)
        let quadrant = Int(n.truncatingRemainder(dividingBy: 4))
        return (r, quadrant & 3)
    }

    /// sin r for `|r| ≤ π/4`: the Taylor series to r²⁹ (the next term is below 2^-110 of sin r).
    static func sineSeries(_ r: DoubleDouble) -> Double {
        (r * alternatingSeries(r * r, terms: 15, firstIndex: 1)).value
    }

    /// cos r for `|r| ≤ π/4`: the Taylor series to r²⁸.
    static func cosineSeries(_ r: DoubleDouble) -> Double {
        alternatingSeries(r * r, terms: 15, firstIndex: 0).value
    }

    /// Σ (−1)^j z^j / (2j + first)! for j below `terms`, by Horner's rule from the smallest term.
    private static func alternatingSeries(_ z: DoubleDouble, terms: Int, firstIndex first: Int) -> DoubleDouble {
        func coefficient(_ j: Int) -> DoubleDouble {
            j.isMultiple(of: 2) ? inverseFactorials[2 * j + first] : -inverseFactorials[2 * j + first]
        }
        var p = coefficient(terms - 1)
        for j in stride(from: terms - 2, through: 0, by: -1) { p = p * z + coefficient(j) }
        return p
    }

    /// ln x for a finite `x > 0`, in double-double: `x = m·2^e` with `m` in [√½, √2), and
    /// ln m = 2 artanh s with s = (m − 1)/(m + 1), `|s| ≤ 0.172`, its series to s⁴³.
    static func logarithm(_ x: Double) -> DoubleDouble {
        var m = x, e = 0
        if m < 0x1p-1022 {
            m *= 0x1p54
            e = -54
        }
        e += Int(m.exponent)
        m = m.significand
        if m > 1.414_213_562_373_095_1 {
            m *= 0.5
            e += 1
        }
        // m − 1 is exact: m is within a factor of two of 1.
        let f = m - 1
        let s = DoubleDouble(f) / DoubleDouble.sum(2, f)
        let s2 = s * s
        var p = inverseOdds[21]
        for k in stride(from: 20, through: 0, by: -1) { p = p * s2 + inverseOdds[k] }
        return ln2 * Double(e) + (s * p).scaled(by: 2)
    }

    /// e^t for `|t.hi|` up to about 746, in double-double: t = k ln 2 + r, and e^r from the Taylor
    /// series of e^(r/256) to the 11th power, squared eight times.
    static func exponential(_ t: DoubleDouble) -> DoubleDouble {
        let k = (t.hi * 1.442_695_040_888_963_4).rounded()
        let r = (t - ln2 * k).scaled(by: 0x1p-8)
        var p = inverseFactorials[11]
        for n in stride(from: 10, through: 0, by: -1) { p = p * r + inverseFactorials[n] }
        for _ in 0..<8 { p = p * p }
        let power = Int(k)
        return DoubleDouble(timesPowerOfTwo(p.hi, power), timesPowerOfTwo(p.lo, power))
    }
}
