import Foundation
import Testing

@testable import TagCloud

/// `Math`, the elementary functions every build computes alike: exact where the answer is a
/// double, C's special values, and within one ulp of the C library everywhere (where the two
/// differ, the C library is the one off: see `bench/math-accuracy.py` for a check against a
/// 50-digit oracle).
@Suite("Math: sin, cos, log, log10, pow and hypot in Swift")
struct MathTests {
    /// The distance in ulps between two finite doubles of the same sign.
    static func ulps(_ a: Double, _ b: Double) -> Int {
        if a == b { return 0 }
        return Int(a.bitPattern > b.bitPattern ? a.bitPattern - b.bitPattern : b.bitPattern - a.bitPattern)
    }

    /// Inputs spread over the ranges the functions are used in, and far beyond, from a fixed seed.
    static func inputs(_ count: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in rng.nextDouble(in: range) }
    }

    @Test("exact answers come out exact")
    func exactAnswers() {
        for k in 0...22 {
            let p = Double("1e\(k)")!
            #expect(Math.log10(p) == Double(k), "log10(1e\(k))")
            #expect(Math.pow(10, Double(k)) == p, "pow(10, \(k))")
            #expect(Math.log10(Double("1e-\(k)")!) == -Double(k), "log10(1e-\(k))")
        }
        for k in -1074...1023 {
            #expect(Math.pow(2, Double(k)) == Double(sign: .plus, exponent: k, significand: 1), "pow(2, \(k))")
            let power = Double(sign: .plus, exponent: k, significand: 1)
            #expect(Self.ulps(Math.log(power), Foundation.log(power)) <= 1, "log(2^\(k))")
        }
        #expect(Math.log(1) == 0)
        #expect(Math.pow(3, 4) == 81 && Math.pow(-2, 3) == -8 && Math.pow(0.5, -3) == 8 && Math.pow(9, 0.5) == 3)
        #expect(Math.hypot(3, 4) == 5 && Math.hypot(-5, 12) == 13 && Math.hypot(1e300, 1e300) == 1e300 * 2.0.squareRoot())
        #expect(Math.sin(0) == 0 && Math.cos(0) == 1 && Math.sin(-0.0).sign == .minus)
        #expect(Math.sin(.pi / 2) == 1 && Math.cos(.pi) == -1)
        // The correctly rounded values at the doubles nearest π/6, π and π/2.
        #expect(Math.sin(.pi / 6) == 0.499_999_999_999_999_94)
        #expect(Math.sin(.pi) == 1.224_646_799_147_353_2e-16)
        #expect(Math.cos(.pi / 2) == 6.123_233_995_736_766e-17)
    }

    @Test("special values are C's")
    func specialValues() {
        let inf = Double.infinity
        for x in [inf, -inf, .nan] { #expect(Math.sin(x).isNaN && Math.cos(x).isNaN) }
        #expect(Math.log(0) == -inf && Math.log(-1).isNaN && Math.log(inf) == inf && Math.log(.nan).isNaN)
        #expect(Math.log10(0) == -inf && Math.log10(-0.0) == -inf && Math.log10(-2).isNaN)
        #expect(Math.pow(.nan, 0) == 1 && Math.pow(1, .nan) == 1 && Math.pow(2, .nan).isNaN && Math.pow(.nan, 1).isNaN)
        #expect(Math.pow(-8, 1.0 / 3).isNaN && Math.pow(-1, inf) == 1 && Math.pow(0.5, inf) == 0 && Math.pow(2, -inf) == 0)
        #expect(Math.pow(0, -1) == inf && Math.pow(-0.0, -1) == -inf && Math.pow(-0.0, -2) == inf)
        #expect(Math.pow(-0.0, 3).sign == .minus && Math.pow(-0.0, 2).sign == .plus && Math.pow(0, 5) == 0)
        #expect(Math.pow(-inf, 3) == -inf && Math.pow(-inf, 2) == inf && Math.pow(-inf, -3).sign == .minus)
        #expect(Math.pow(10, 400) == inf && Math.pow(10, -400) == 0 && Math.pow(-10, 401) == -inf)
        #expect(Math.pow(1.000_000_1, 1e30) == inf && Math.pow(0.999_999_9, 1e30) == 0)
        #expect(Math.hypot(inf, .nan) == inf && Math.hypot(.nan, 1).isNaN && Math.hypot(0, -0.0) == 0)
        #expect(
            Math.hypot(0x1p-1074, 0) == 0x1p-1074 && Math.hypot(-0x1p-1070, 0x1p-1070) == Foundation.hypot(0x1p-1070, 0x1p-1070))
    }

    @Test("sine and cosine are odd and even to the bit, and agree with the C library within an ulp")
    func trigonometry() {
        var differ = 0
        let xs =
            Self.inputs(40_000, in: -7...7, seed: 1) + Self.inputs(10_000, in: -1e6...1e6, seed: 2)
            + (0..<3600).map { Double($0) * .pi / 1800 }
        for x in xs {
            let s = Math.sin(x), c = Math.cos(x)
            #expect(Math.sin(-x) == -s && Math.cos(-x) == c)
            #expect(Self.ulps(s, Foundation.sin(x)) <= 1 && Self.ulps(c, Foundation.cos(x)) <= 1, "x = \(x)")
            if s != Foundation.sin(x) || c != Foundation.cos(x) { differ += 1 }
        }
        // Not a target: a record that both compute the same function, rounding aside.
        #expect(differ < xs.count / 20, "\(differ) of \(xs.count) differ from the C library's in the last bit")
    }

    @Test("logarithms, powers and hypot agree with the C library within its error")
    func logarithmsAndPowers() {
        let xs = Self.inputs(30_000, in: 1e-6...1e6, seed: 3) + Self.inputs(5_000, in: 0.5...2, seed: 4)
        let tiny = Self.inputs(2_000, in: 1...2, seed: 5).map { $0 * 0x1p-1060 }
        for x in xs + tiny {
            #expect(Self.ulps(Math.log(x), Foundation.log(x)) <= 1, "log(\(x))")
            // glibc's log10 is documented to be off by up to 2 ulps (log10(1.311260843598867) is).
            #expect(Self.ulps(Math.log10(x), Foundation.log10(x)) <= 2, "log10(\(x))")
        }
        for (x, y) in zip(xs, Self.inputs(xs.count, in: -40...40, seed: 6)) {
            #expect(Self.ulps(Math.pow(x, y), Foundation.pow(x, y)) <= 1, "pow(\(x), \(y))")
            #expect(Self.ulps(Math.pow(x / 1e6, 2.4), Foundation.pow(x / 1e6, 2.4)) <= 1, "pow(\(x / 1e6), 2.4)")
            #expect(Self.ulps(Math.hypot(x, y), Foundation.hypot(x, y)) <= 1, "hypot(\(x), \(y))")
        }
    }
}
