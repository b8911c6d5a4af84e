/// Decimal text to numbers: the one place numbers typed by users (options, JSON) become doubles,
/// so every reader rounds a decimal to the same double.
public enum DecimalText {
    /// The double nearest to `text` (`12`, `-0.5`, `1e-3`, as JSON and the command line write
    /// numbers; also `inf` and `nan`, which callers refuse); nil when it is not a number.
    public static func double(_ text: some StringProtocol) -> Double? {
        Double(text)
    }

    /// A number as people write it and as `double` reads it back: `600`, not `600.0`; other
    /// values (fractions, 10^15 and beyond, `inf`, `nan`) as Swift writes them. The one plain
    /// formatter of the package: messages, option values and pins all agree.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension DecimalText {
    /// `value` as C's `%.<digits>g` writes it (`0.333`, `1.23e+05`), the same in every build, so a
    /// label does not depend on a C library's formatter: rounded to `digits` significant digits from
    /// the double's exact value (ties to even), trailing zeros dropped, the exponent form below 10^-4
    /// and from 10^digits. At most 15 digits, where a double's shortest form and its exact value
    /// agree; a subnormal number (below 2.2e-308) is rounded from its shortest form.
    public static func general(_ value: Double, significantDigits digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let n = max(1, min(digits, 15))
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let rounded = ShortestDigits(value).rounded(toSignificant: n, of: value)
        var kept = rounded.digits
        let exponent = rounded.exponent
        while kept.count > 1 && kept.last == 0 { kept.removeLast() }
        let sign = value < 0 ? "-" : ""
        let text = kept.map { String($0) }.joined()
        if exponent < -4 || exponent >= n {
            let fraction = kept.count > 1 ? "." + text.dropFirst() : ""
            let e = exponent < 0 ? "-" : "+"
            let magnitude = exponent.magnitude < 10 ? "0\(exponent.magnitude)" : "\(exponent.magnitude)"
            return sign + text.prefix(1) + fraction + "e" + e + magnitude
        }
        if exponent < 0 { return sign + "0." + String(repeating: "0", count: -exponent - 1) + text }
        let whole = text.prefix(exponent + 1) + String(repeating: "0", count: max(0, exponent + 1 - text.count))
        let fraction = text.dropFirst(exponent + 1)
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// The digits of the shortest decimal that reads back as a double (Swift's `description`) and the
/// power of ten of its first digit: `0.0125` is [1, 2, 5] and -2.
struct ShortestDigits {
    var digits: [UInt8] = []
    var exponent = 0

    init(_ value: Double) {
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var shift = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            shift = Int(text[text.index(after: e)...]) ?? 0
        }
        var wholeCount = 0
        var leadingZeros = 0
        var seenPoint = false
        for c in mantissa.utf8 {
            if c == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { continue }
            if !seenPoint { wholeCount += 1 }
            if digits.isEmpty && c == UInt8(ascii: "0") {
                leadingZeros += 1
            } else {
                digits.append(c - UInt8(ascii: "0"))
            }
        }
        exponent = wholeCount - 1 - leadingZeros + shift
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }
    }

    /// At most `n` digits, rounded as C's formatter rounds the exact binary value `value` (which
    /// these digits are the shortest form of), with the power of ten of the first: a carry past
    /// the first digit moves it up a place (9.99 to two digits is [1, 0] and one place higher).
    func rounded(toSignificant n: Int, of value: Double) -> (digits: [UInt8], exponent: Int) {
        guard digits.count > n else { return (digits, exponent) }
        var kept = Array(digits[..<n])
        let tail = digits[n...]
        let up: Bool
        if tail.first! > 5 || (tail.first! == 5 && tail.count > 1) {
            up = true
        } else if tail.first! < 5 {
            up = false
        } else {
            // The shortest digits end exactly at the midpoint; the double itself lies above, below or on it.
            let side = Self.side(of: value.magnitude, toMidpoint: kept, exponent: exponent)
            up = side > 0 || (side == 0 && kept.last! % 2 == 1)
        }
        guard up else { return (kept, exponent) }
        var i = kept.count - 1
        while i >= 0 && kept[i] == 9 {
            kept[i] = 0
            i -= 1
        }
        if i >= 0 {
            kept[i] += 1
            return (kept, exponent)
        }
        return ([1] + kept.dropLast(), exponent + 1)
    }

    /// Whether `x` is above (1), below (-1) or on (0) the decimal `kept` followed by a 5, whose first
    /// digit stands for 10^`exponent`; `x` is the double nearest to that decimal. The comparison is
    /// exact by a fused multiply-add where the power of ten is exact, else taken as above.
    static func side(of x: Double, toMidpoint kept: [UInt8], exponent: Int) -> Int {
        var q = 0.0
        for d in kept { q = q * 10 + Double(d) }
        q = q * 10 + 5
        let scale = exponent - kept.count  // the midpoint is q × 10^scale
        guard abs(scale) <= 22 else { return 1 }
        var power = 1.0
        for _ in 0..<abs(scale) { power *= 10 }
        if scale >= 0 {
            // x is q × power rounded, so x - midpoint is minus the product's rounding error.
            let product = q * power
            let error = q.fusedError(power, product)
            return error < 0 ? 1 : error > 0 ? -1 : 0
        }
        let product = x * power
        if product != q { return product > q ? 1 : -1 }
        let error = x.fusedError(power, product)
        return error > 0 ? 1 : error < 0 ? -1 : 0
    }
}

extension Double {
    /// The exact `self × factor − product` when `product` is the rounded `self × factor`.
    fileprivate func fusedError(_ factor: Double, _ product: Double) -> Double {
        (-product).addingProduct(self, factor)
    }
}
