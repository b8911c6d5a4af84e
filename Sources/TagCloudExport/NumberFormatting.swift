/// Short, locale-independent decimal text for coordinates and weights: the value's exact binary
/// value rounded to `decimals` places (halves away from zero), plain digits with no exponent (so
/// valid in SVG, CSS and JSON alike), no trailing zeros, never "-0"; "0" for a value that is not
/// finite. Total for every Double, and the same number always prints the same way, which keeps
/// output byte-identical.
func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    if decimals >= 0, decimals <= 15, let text = formatScaled(value, decimals: decimals) { return text }
    return ExactDecimal.rounded(value, decimals: decimals)
}

/// `formatNumber` in 64-bit arithmetic, for the values whose scaled magnitude is below 2^53 (every
/// coordinate and weight of a real cloud); nil for the others.
private func formatScaled(_ value: Double, decimals: Int) -> String? {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let product = value * scale
    guard product.magnitude < 9_007_199_254_740_992 else { return nil }
    let whole = product.rounded(.towardZero)
    var scaled = product.rounded()
    // The product is itself rounded; when it lands exactly on a half, the exact product's side of
    // that half decides. Its rounding error is a Double, found exactly by a fused multiply-add.
    if (product - whole).magnitude == 0.5 {
        let error = (-product).addingProduct(value, scale)
        if error != 0 && (error < 0) == (product > 0) { scaled = whole }
    }
    if scaled == 0 { return "0" }
    let negative = scaled < 0
    let magnitude = Int64(scaled.magnitude)
    let unit = Int64(scale)
    var text = String(magnitude / unit)
    var fraction = magnitude % unit
    if fraction != 0 {
        var digits = ""
        for _ in 0..<decimals {
            digits.append(Character(String(fraction * 10 / unit)))
            fraction = fraction * 10 % unit
        }
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
    }
    return negative ? "-" + text : text
}

extension String {
    /// The string escaped for XML text and attribute values.
    var xmlEscaped: String {
        // Most words need no escape at all: they are returned as they are, without a copy.
        let plain = utf8.allSatisfy { b in
            b >= 0x20 && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
                && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'") && b != 0xEF
        }
        if plain { return self }
        var out = ""
        out.reserveCapacity(count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids most control characters, U+FFFE and U+FFFF even as references:
                // drop them (Swift strings hold no surrogates, the only other characters it forbids).
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Standard base64 (RFC 4648, with padding), for data URIs.
func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
        let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
        let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
        let n = b0 << 16 | b1 << 8 | b2
        out.append(table[Int(n >> 18 & 63)])
        out.append(table[Int(n >> 12 & 63)])
        out.append(i + 1 < bytes.count ? table[Int(n >> 6 & 63)] : UInt8(ascii: "="))
        out.append(i + 2 < bytes.count ? table[Int(n & 63)] : UInt8(ascii: "="))
        i += 3
    }
    return String(decoding: out, as: UTF8.self)
}
