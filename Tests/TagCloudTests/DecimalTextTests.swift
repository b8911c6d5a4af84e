import Foundation
import Testing

@testable import TagCloud

/// `DecimalText.general` is the core's own `%g`, so legends read the same in every build; C's
/// formatter is the oracle.
@Suite struct DecimalTextTests {
    /// Values where the rounding is decided by the double's exact value rather than its shortest
    /// digits (2.675 is stored below the midpoint, 0.125 exactly on it), carries and both styles.
    static let awkward: [Double] = [
        2.675, 1.235, 1.245, 0.125, 0.375, 2.5, 1.5, 9.995, 99.95, 999.5, 0.00012345, 0.0001,
        0.00009999, 123456, 1e-5, 1.0e21, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 0.3, 2.0 / 3, 1234.5,
        -0.5, -2.675, 12.5, 0.045, 1.005, 100, 1e15, 33.333333,
    ]

    @Test(arguments: [1, 2, 3, 4, 6])
    func matchesTheCFormatterOnAwkwardValues(digits: Int) {
        for value in Self.awkward {
            #expect(
                DecimalText.general(value, significantDigits: digits) == String(format: "%.\(digits)g", value),
                "\(value) to \(digits) digits")
        }
    }

    @Test func matchesTheCFormatterOnRandomValues() {
        var random = SeededRandom(seed: 40)
        for _ in 0..<20_000 {
            let exponent = Double.random(in: -12...12, using: &random).rounded()
            let value = Double.random(in: 1..<10, using: &random) * Math.pow(10, exponent)
            let digits = Int.random(in: 1...5, using: &random)
            let short = (value * 1000).rounded() / 1000  // short decimals hit exact midpoints often
            for v in [value, short, -value] {
                #expect(
                    DecimalText.general(v, significantDigits: digits) == String(format: "%.\(digits)g", v),
                    "\(v) to \(digits) digits")
            }
        }
    }

    @Test func writesNonFiniteValuesAsC() {
        #expect(DecimalText.general(.nan, significantDigits: 3) == "nan")
        #expect(DecimalText.general(.infinity, significantDigits: 3) == "inf")
        #expect(DecimalText.general(-.infinity, significantDigits: 3) == "-inf")
        #expect(DecimalText.general(0, significantDigits: 3) == "0")
    }
}
