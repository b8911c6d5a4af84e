import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's exact decimal expansion of `value` (every Double has one within 1,074
/// decimals), rounded to `decimals` places with halves away from zero on the decimal digits:
/// a reference computed independently of `formatNumber`.
private func reference(_ value: Double, decimals: Int) -> String {
    var buffer = [CChar](repeating: 0, count: 2048)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.1100f", $0) }
    var exact = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    let negative = exact.hasPrefix("-")
    if negative { exact.removeFirst() }
    let parts = exact.split(separator: ".", omittingEmptySubsequences: false)
    let whole = Array(parts[0].utf8), fraction = Array(parts[1].utf8)
    var digits = whole + fraction[..<decimals]
    if fraction[decimals] >= UInt8(ascii: "5") {
        var i = digits.count - 1
        while i >= 0 && digits[i] == UInt8(ascii: "9") { digits[i] = UInt8(ascii: "0"); i -= 1 }
        if i >= 0 { digits[i] += 1 } else { digits.insert(UInt8(ascii: "1"), at: 0) }
    }
    var wholeText = String(decoding: digits[..<(digits.count - decimals)], as: UTF8.self)
    var fractionText = String(decoding: digits[(digits.count - decimals)...], as: UTF8.self)
    while wholeText.count > 1 && wholeText.hasPrefix("0") { wholeText.removeFirst() }
    while fractionText.hasSuffix("0") { fractionText.removeLast() }
    let text = fractionText.isEmpty ? wholeText : wholeText + "." + fractionText
    return text == "0" || !negative ? text : "-" + text
}

/// Values at every scale, the edges of the 64-bit path among them.
private let edgeValues: [Double] = [
    0, -0.0, 1, -1, 0.5, 0.0005, 0.0004999, 0.0625, 0.0003125, 1.0005, 2.675, -2.675, 0.0000005, 0.00000049, 1.0 / 3,
    9_223_372_036_854, 9_223_372_036_855, 9_223_372_036_855.123, 9.3e12 + 0.5, 1e13 + 0.0625, 4_503_599_627_370_495.5,
    9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 9.2e15, 1e16, 1e18, Double(Int64.max),
    -Double(Int64.max), 1e21, 1e22, 1.5e100, 1e300, 1.7e305, Double.greatestFiniteMagnitude,
    -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude,
    Double.leastNormalMagnitude, 1e-300, 123_456_789.987_654_321, -0.000_4, -0.000_5,
]

/// Random finite Doubles: any bit pattern, and values spread over the magnitudes of real layouts.
private func randomValues(_ count: Int) -> [Double] {
    var rng = SeededRandom(seed: 23)
    var values: [Double] = []
    while values.count < count {
        let v =
            values.count % 2 == 0
            ? Double(bitPattern: rng.next())
            : (rng.nextUnit() - 0.5) * pow(10, Double(rng.nextInt(below: 40) - 12))
        if v.isFinite { values.append(v) }
    }
    return values
}

@Suite("number formatting")
struct NumberFormattingTests {
    @Test("formatNumber is the exact value rounded, at every size, huge and tiny", arguments: [0, 3, 6])
    func matchesReference(decimals: Int) {
        for v in edgeValues + randomValues(3000) {
            #expect(formatNumber(v, decimals: decimals) == reference(v, decimals: decimals), "\(v) to \(decimals) decimals")
        }
    }

    @Test("huge weights print as plain numbers in the SVG and HTML, read back by the page's Number()")
    func hugeWeights() throws {
        let weight = 9_223_372_036_855.0
        let word = PlacedWord(
            index: 0, text: "big", id: nil, link: nil, weight: weight,
            frame: Rect(x: 0, y: 0, width: 10, height: 10), origin: Point(x: 0, y: 8),
            inkBounds: Rect(x: 0, y: 0, width: 8, height: 8),
            font: ResolvedFont(family: "DejaVu Sans", file: "/f.ttf"), fontSize: 10,
            color: .black, glyphs: [], rightToLeft: false, fallbackFont: false)
        var layout = CloudLayout(
            kind: .cloud, size: Size(width: 10, height: 10), background: .white,
            placed: [word], unplaced: [], seed: 0)
        #expect(try SVGWriter().svg(layout).contains("data-weight=\"9223372036855\""))
        #expect(try HTMLWriter().html(layout).contains("aria-label=\"big, weight 9223372036855\""))
        layout.placed[0].weight = .greatestFiniteMagnitude
        let html = try HTMLWriter().html(layout)
        let written = try #require(html.range(of: "data-weight=\"")).upperBound
        let digits = html[written...].prefix { $0 != "\"" }
        #expect(digits.count == 309 && digits.allSatisfy(\.isNumber))
        #expect(Double(String(digits)) == .greatestFiniteMagnitude)
    }

    @Test("numbers not finite print as 0")
    func notFinite() {
        for v in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(formatNumber(v) == "0" && formatNumber(v, decimals: 6) == "0")
        }
    }
}
