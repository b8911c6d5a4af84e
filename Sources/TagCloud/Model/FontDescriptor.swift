/// What the user asks for: a font family (or a font file path), a weight and a style.
/// The typesetter turns it into a concrete font file (`ResolvedFont`).
public struct FontDescriptor: Hashable, Sendable {
    /// Font weight on the CSS scale (100 thin … 400 regular … 700 bold … 900 black).
    public var weight: Int
    /// A family name such as "DejaVu Sans", or a path to a .ttf/.otf/.ttc file.
    public var family: String
    /// Upright or slanted.
    public var style: FontStyle

    /// Creates a descriptor.
    public init(family: String, weight: Int = 400, style: FontStyle = .normal) {
        self.family = family; self.weight = weight; self.style = style
    }

    /// Whether `family` names a font file rather than a family.
    public var isFilePath: Bool {
        let lower = family.lowercased()
        return family.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
            || lower.hasSuffix(".ttc") || lower.hasSuffix(".otc") || lower.hasSuffix(".woff") || lower.hasSuffix(".woff2")
    }

    /// The default font: DejaVu Sans, which every supported platform's set-up installs.
    public static let `default` = FontDescriptor(family: "DejaVu Sans")
}

#if !hasFeature(Embedded)
extension FontDescriptor: Codable {}
#endif
