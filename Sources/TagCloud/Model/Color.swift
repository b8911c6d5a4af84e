/// An sRGB colour with 8-bit channels and alpha.
///
/// Parses the forms users type: CSS names (`navy`), `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
/// `rgb(r, g, b)`, `rgba(r, g, b, a)` (channels 0–255 or percentages, alpha 0–1), and `transparent`.
public struct Color: Hashable, Sendable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Creates an opaque colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// Fully transparent black.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(rgb: 0x000000)
    /// Opaque white.
    public static let white = Color(rgb: 0xFFFFFF)

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String { hexDigits(withAlpha: alpha != 255) }

    /// `#rrggbb` without alpha (for SVG `fill`, paired with `fill-opacity`).
    public var hexRGB: String { hexDigits(withAlpha: false) }

    /// `#rrggbb`, and `aa` after it `withAlpha`, written into one buffer: every placed word's
    /// colour is written this way in SVG, HTML and JSON, so it is kept cheap.
    private func hexDigits(withAlpha: Bool) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 9) { buffer in
            digits.withUTF8Buffer { d in
                func put(_ v: UInt8, at n: Int) {
                    buffer[n] = d[Int(v >> 4)]
                    buffer[n + 1] = d[Int(v & 15)]
                }
                buffer[0] = UInt8(ascii: "#")
                put(red, at: 1)
                put(green, at: 3)
                put(blue, at: 5)
                if withAlpha { put(alpha, at: 7) }
                return withAlpha ? 9 : 7
            }
        }
    }

    /// Opacity as a fraction 0–1.
    public var opacity: Double { Double(alpha) / 255 }

    /// Relative luminance as WCAG 2 defines it (0 black – 1 white).
    public var relativeLuminance: Double {
        func lin(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.03928 ? v / 12.92 : pow2_4((v + 0.055) / 1.055)
        }
        return 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue)
    }

    /// WCAG contrast ratio between two opaque colours (1–21).
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Linear interpolation between two colours, `t` in 0–1.
    public func mixed(with other: Color, _ t: Double) -> Color {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) + (Double(b) - Double(a)) * t).rounded())))
        }
        return Color(
            red: m(red, other.red), green: m(green, other.green), blue: m(blue, other.blue),
            alpha: m(alpha, other.alpha))
    }

    /// Parses a colour; throws `TagCloudError.invalidColor` naming the text and the accepted forms.
    public init(parsing text: String) throws(CoreError) {
        guard let c = Color.parse(text) else { throw TagCloudError.invalidColor(text) }
        self = c
    }

    /// Parses a colour, or returns nil.
    public static func parse(_ raw: String) -> Color? {
        let s = raw.trimmingSpaces().lowercased()
        if s.isEmpty { return nil }
        if s == "transparent" || s == "none" { return .transparent }
        if let v = cssNames[s] { return Color(rgb: v) }
        if s.hasPrefix("#") { return parseHex(String(s.dropFirst())) }
        if s.hasPrefix("rgb"), s.hasSuffix(")"), let open = s.firstIndex(of: "(") {
            let head = s[..<open]
            guard head == "rgb" || head == "rgba" else { return nil }
            let body = s[s.index(after: open)..<s.index(before: s.endIndex)]
            let parts = body.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
                .map { String($0) }.filter { !$0.isEmpty }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var channels: [UInt8] = []
            for p in parts.prefix(3) {
                guard let v = parseChannel(p) else { return nil }
                channels.append(v)
            }
            var a: UInt8 = 255
            if parts.count == 4 {
                let p = parts[3]
                if p.hasSuffix("%") {
                    guard let v = Double(p.dropLast()), v >= 0, v <= 100 else { return nil }
                    a = UInt8((v / 100 * 255).rounded())
                } else {
                    guard let v = Double(p), v >= 0, v <= 1 else { return nil }
                    a = UInt8((v * 255).rounded())
                }
            }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: a)
        }
        return nil
    }

    private static func parseChannel(_ p: String) -> UInt8? {
        if p.hasSuffix("%") {
            guard let v = Double(p.dropLast()), v >= 0, v <= 100 else { return nil }
            return UInt8((v / 100 * 255).rounded())
        }
        guard let v = Double(p), v >= 0, v <= 255 else { return nil }
        return UInt8(v.rounded())
    }

    private static func parseHex(_ h: String) -> Color? {
        guard h.allSatisfy({ $0.isHexDigit }), let v = UInt64(h, radix: 16) else { return nil }
        switch h.count {
        case 3, 4:
            let n = h.count
            func nib(_ i: Int) -> UInt8 { UInt8((v >> UInt64(4 * (n - 1 - i))) & 0xF) * 17 }
            return Color(red: nib(0), green: nib(1), blue: nib(2), alpha: n == 4 ? nib(3) : 255)
        case 6:
            return Color(rgb: UInt32(v))
        case 8:
            return Color(
                red: UInt8((v >> 24) & 0xFF), green: UInt8((v >> 16) & 0xFF),
                blue: UInt8((v >> 8) & 0xFF), alpha: UInt8(v & 0xFF))
        default:
            return nil
        }
    }

    /// The CSS colour names, sorted (for error messages and `tagcloud palettes`).
    public static var names: [String] { cssNames.keys.sorted() }

    static let cssNames: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
        "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
        "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
        "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
        "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F,
        "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
        "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2,
        "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1,
        "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA,
        "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
        "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6,
        "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD,
        "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
        "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
        "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1,
        "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6,
        "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500,
        "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE,
        "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F,
        "pink": 0xFFC0CB, "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xFF0000,
        "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513, "salmon": 0xFA8072,
        "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
        "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
        "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4,
        "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0,
        "violet": 0xEE82EE, "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
        "yellowgreen": 0x9ACD32,
    ]
}

#if !hasFeature(Embedded)
extension Color: Codable {
    /// Decodes from a colour string in any accepted form.
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let c = Color.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "invalid colour \"\(text)\""))
        }
        self = c
    }

    /// Encodes as `#rrggbb` or `#rrggbbaa`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }
}
#endif

extension Color: CustomStringConvertible {
    /// The hex form.
    public var description: String { hex }
}

/// The sRGB transfer exponent.
@inline(__always) func pow2_4(_ x: Double) -> Double { x > 0 ? Math.pow(x, 2.4) : 0 }
