import TagCloud

/// fontconfig's answers, recorded: the fonts, the font each family request resolves to, and the
/// order in which fonts stand in for a preferred one. Written natively
/// (`FontLibrary.manifest(families:)`) and read by the WebAssembly engine, which has no fontconfig,
/// so it resolves and falls back to the very files the native build does.
///
/// Requests are recorded for the standard weights (100 to 900) in each style; another weight is
/// answered as the nearest recorded one. A fallback is the first font of the preferred font's
/// recorded order with the most of the text's characters, which is what fontconfig's sort gives,
/// as the characters rank above every other property in it.
public final class FontManifest: FontFinder, @unchecked Sendable {
    /// One font: what it resolves to, and the characters fontconfig says it has.
    public struct Font: Sendable, Equatable {
        /// The font, as fontconfig lists it.
        public var font: ResolvedFont
        /// Its characters as inclusive ranges, first and last of each in turn, ascending.
        public var charset: [UInt32]

        /// Creates a font entry.
        public init(font: ResolvedFont, charset: [UInt32]) {
            self.font = font
            self.charset = charset
        }

        /// Whether the font has `scalar`, by bisection of the ranges.
        func has(_ scalar: UInt32) -> Bool {
            var low = 0, high = charset.count / 2
            while low < high {
                let mid = (low + high) / 2
                if charset[2 * mid + 1] < scalar { low = mid + 1 } else { high = mid }
            }
            return low < charset.count / 2 && charset[2 * low] <= scalar
        }
    }

    /// A family asked for at a weight and style; the family in lower case, as fontconfig compares.
    public struct Request: Hashable, Sendable {
        /// The family name, lower-cased.
        public var family: String
        /// The CSS weight.
        public var weight: Int
        /// The style.
        public var style: FontStyle

        /// Creates a request; `family` is lower-cased.
        public init(family: String, weight: Int, style: FontStyle) {
            self.family = family.lowercased()
            self.weight = weight
            self.style = style
        }
    }

    /// The weights requests are recorded at.
    public static let weights = [100, 200, 300, 400, 500, 600, 700, 800, 900]

    /// The fonts.
    public let fonts: [Font]
    /// What each recorded request resolves to.
    public let resolutions: [Request: ResolvedFont]
    /// Per preferred font (its family, weight and style), the fonts in fontconfig's order of
    /// closeness, as indices into `fonts`.
    public let fallbackOrders: [Request: [Int]]
    /// Every family name of the fonts, for suggestions.
    let familyNames: [String]

    /// Creates a manifest.
    public init(fonts: [Font], resolutions: [Request: ResolvedFont], fallbackOrders: [Request: [Int]], familyNames: [String]) {
        self.fonts = fonts
        self.resolutions = resolutions
        self.fallbackOrders = fallbackOrders
        self.familyNames = familyNames
    }

    /// The families recorded, sorted.
    public func families() -> [String] { familyNames.sorted() }

    /// The recorded font for `descriptor`'s family, at the recorded weight nearest its own (the
    /// lighter of two equally near). A font file is not in a manifest: one handed over in memory
    /// (`FontFiles`) is read from there, any other is not found.
    public func resolve(_ descriptor: FontDescriptor) throws(GraphicsError) -> ResolvedFont {
        let name = descriptor.family.trimmingSpaces()
        if descriptor.isFilePath {
            guard FontFiles.bytes(descriptor.family) != nil else { throw GraphicsError.fontFileNotFound(descriptor.family) }
            return try FontFace.describe(path: descriptor.family)
        }
        var nearest = Self.weights[0]
        for weight in Self.weights where abs(weight - descriptor.weight) < abs(nearest - descriptor.weight) {
            nearest = weight
        }
        if !name.isEmpty, let font = resolutions[Request(family: name, weight: nearest, style: descriptor.style)] {
            return font
        }
        throw GraphicsError.unknownFontFamily(name, suggestions: closeFamilyNames(to: name, among: familyNames))
    }

    /// The first font in `preferring`'s recorded order with the most of `text`'s visible
    /// characters; `preferring` itself when there are none, nil when no font has any.
    public func fallback(for text: String, preferring: ResolvedFont) -> ResolvedFont? {
        var scalars: [UInt32] = []
        for scalar in text.unicodeScalars where needsGlyph(scalar) && !scalars.contains(scalar.value) {
            scalars.append(scalar.value)
        }
        guard !scalars.isEmpty else { return preferring }
        let key = Request(family: preferring.family, weight: preferring.weight, style: preferring.style)
        guard let order = fallbackOrders[key] else { return nil }
        var best: (font: ResolvedFont, covered: Int)?
        for index in order where fonts.indices.contains(index) {
            let entry = fonts[index]
            var covered = 0
            for scalar in scalars where entry.has(scalar) { covered += 1 }
            guard covered > (best?.covered ?? 0) else { continue }
            best = (entry.font, covered)
            if covered == scalars.count { break }
        }
        return best?.font
    }
}

extension String {
    /// The string without spaces and tabs at either end, as Foundation's `.whitespaces` trims
    /// (Embedded Swift has no Foundation).
    func trimmingSpaces() -> String {
        let scalars = Array(unicodeScalars)
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        var start = 0, end = scalars.count
        while start < end, isSpace(scalars[start]) { start += 1 }
        while end > start, isSpace(scalars[end - 1]) { end -= 1 }
        var out = ""
        out.unicodeScalars.append(contentsOf: scalars[start..<end])
        return out
    }
}
