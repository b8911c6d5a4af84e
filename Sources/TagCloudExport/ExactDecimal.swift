/// A finite Double rounded to a number of decimal places, worked out exactly from its binary
/// value with whole-number arithmetic: for the values too large for `formatNumber`'s 53-bit fast
/// path, up to `Double.greatestFiniteMagnitude` (309 digits) and any number of decimals.
enum ExactDecimal {
    /// `value` rounded to `decimals` places, halves away from zero: plain digits with no exponent,
    /// no trailing zeros, no point when there is no fraction, never "-0".
    static func rounded(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        // Every Double is exact with 1,074 decimals; more would only add zeros.
        let decimals = min(max(decimals, 0), 1074)
        // |value| = significand × 2^exponent, exactly.
        let subnormal = value.exponentBitPattern == 0
        let significand = subnormal ? value.significandBitPattern : value.significandBitPattern | (1 << 52)
        let exponent = subnormal ? -1074 : Int(value.exponentBitPattern) - 1075
        // scaled = round(|value| × 10^decimals), halves up.
        var scaled = WideUInt(significand)
        for _ in 0..<decimals { scaled.multiply(by: 10) }
        if exponent >= 0 {
            scaled.shiftLeft(exponent)
        } else {
            scaled.addPowerOfTwo(-exponent - 1)
            scaled.shiftRight(-exponent)
        }
        if scaled.isZero { return "0" }
        var digits = Array(scaled.decimalDigits.utf8)
        if digits.count <= decimals { digits = Array(repeating: UInt8(ascii: "0"), count: decimals + 1 - digits.count) + digits }
        var fraction = digits[(digits.count - decimals)...]
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        var text = String(decoding: digits[..<(digits.count - decimals)], as: UTF8.self)
        if !fraction.isEmpty { text += "." + String(decoding: fraction, as: UTF8.self) }
        return value.sign == .minus ? "-" + text : text
    }
}

/// An unsigned whole number of any size, as 32-bit limbs, least significant first: just the
/// operations `ExactDecimal` needs.
private struct WideUInt {
    private var limbs: [UInt32]

    init(_ value: UInt64) { limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)] }

    var isZero: Bool { limbs.allSatisfy { $0 == 0 } }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func shiftLeft(_ bits: Int) {
        let words = bits / 32, rest = UInt32(bits % 32)
        if rest != 0 {
            var carry: UInt32 = 0
            for i in limbs.indices {
                let limb = limbs[i]
                limbs[i] = limb << rest | carry
                carry = limb >> (32 - rest)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: words), at: 0)
    }

    mutating func shiftRight(_ bits: Int) {
        let words = bits / 32, rest = UInt32(bits % 32)
        guard words < limbs.count else { limbs = [0]; return }
        limbs.removeFirst(words)
        if rest != 0 {
            for i in limbs.indices {
                let high = i + 1 < limbs.count ? limbs[i + 1] << (32 - rest) : 0
                limbs[i] = limbs[i] >> rest | high
            }
        }
    }

    /// Adds 2^bit.
    mutating func addPowerOfTwo(_ bit: Int) {
        var i = bit / 32
        while limbs.count <= i { limbs.append(0) }
        var carry = UInt64(1) << UInt64(bit % 32)
        while carry != 0 {
            if i == limbs.count { limbs.append(0) }
            let sum = UInt64(limbs[i]) + carry
            limbs[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
            i += 1
        }
    }

    /// The number in decimal, "0" for zero.
    var decimalDigits: String {
        var rest = limbs
        var chunks: [UInt32] = []  // base 10^9, least significant first
        while rest.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for i in rest.indices.reversed() {
                let current = remainder << 32 | UInt64(rest[i])
                rest[i] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
        }
        guard let top = chunks.last else { return "0" }
        var text = String(top)
        for chunk in chunks.dropLast().reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
