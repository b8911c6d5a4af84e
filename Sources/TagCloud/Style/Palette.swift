/// A named list of colours words are painted with.
public struct Palette: Hashable, Sendable {
    /// The palette's name.
    public var name: String
    /// Its colours, in order (for sequential palettes, dark to light).
    public var colors: [Color]

    /// Creates a palette from colours.
    public init(name: String, colors: [Color]) {
        precondition(!colors.isEmpty, "a palette needs at least one colour")
        self.name = name; self.colors = colors
    }

    /// A built-in palette by name (case-insensitive), or an error listing the names.
    public init(named name: String) throws(TagCloudError) {
        guard let p = Palette.builtIn.first(where: { $0.name == name.lowercased() }) else {
            throw TagCloudError.unknownPalette(name)
        }
        self = p
    }

    /// Names of the built-in palettes.
    public static var names: [String] { builtIn.map { $0.name } }

    /// The colour at fraction `t` (0–1) along the palette, interpolated between neighbours.
    public func color(at t: Double) -> Color {
        guard colors.count > 1 else { return colors[0] }
        let x = max(0, min(1, t)) * Double(colors.count - 1)
        let i = min(Int(x), colors.count - 2)
        return colors[i].mixed(with: colors[i + 1], x - Double(i))
    }

    private static func make(_ name: String, _ hex: [UInt32]) -> Palette {
        Palette(name: name, colors: hex.map { Color(rgb: $0) })
    }

    /// The built-in palettes: categorical (tableau10, category10, set2, dark2, pastel, bold),
    /// sequential (viridis, magma, plasma, blues) and mono.
    public static let builtIn: [Palette] = [
        make(
            "tableau10",
            [
                0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC,
            ]),
        make(
            "category10",
            [
                0x1F77B4, 0xFF7F0E, 0x2CA02C, 0xD62728, 0x9467BD,
                0x8C564B, 0xE377C2, 0x7F7F7F, 0xBCBD22, 0x17BECF,
            ]),
        make("set2", [0x66C2A5, 0xFC8D62, 0x8DA0CB, 0xE78AC3, 0xA6D854, 0xFFD92F, 0xE5C494, 0xB3B3B3]),
        make("dark2", [0x1B9E77, 0xD95F02, 0x7570B3, 0xE7298A, 0x66A61E, 0xE6AB02, 0xA6761D, 0x666666]),
        make("pastel", [0xFBB4AE, 0xB3CDE3, 0xCCEBC5, 0xDECBE4, 0xFED9A6, 0xFFFFCC, 0xE5D8BD, 0xFDDAEC]),
        make("bold", [0x7F3C8D, 0x11A579, 0x3969AC, 0xF2B701, 0xE73F74, 0x80BA5A, 0xE68310, 0x008695]),
        make(
            "viridis",
            [
                0x440154, 0x482878, 0x3E4989, 0x31688E, 0x26828E,
                0x1F9E89, 0x35B779, 0x6ECE58, 0xB5DE2B, 0xFDE725,
            ]),
        make(
            "magma",
            [
                0x000004, 0x180F3D, 0x440F76, 0x721F81, 0x9E2F7F,
                0xCD4071, 0xF1605D, 0xFD9668, 0xFECA8D, 0xFCFDBF,
            ]),
        make(
            "plasma",
            [
                0x0D0887, 0x46039F, 0x7201A8, 0x9C179E, 0xBD3786,
                0xD8576B, 0xED7953, 0xFB9F3A, 0xFDCA26, 0xF0F921,
            ]),
        make("blues", [0x08306B, 0x08519C, 0x2171B5, 0x4292C6, 0x6BAED6, 0x9ECAE1]),
        make("mono", [0x1A1A1A, 0x404040, 0x666666, 0x8C8C8C]),
    ]
}

#if !hasFeature(Embedded)
extension Palette: Codable {}
#endif
