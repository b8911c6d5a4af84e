import CFontconfig
import TagCloud

extension FontLibrary {
    /// A font for `text` when `preferring` lacks some of its characters: the first font in
    /// fontconfig's preference order (closest to `preferring` in style, among those with the
    /// characters) that has every visible character of `text`, else the one that has the most.
    /// `nil` when no installed font has any of them. Whitespace, controls and invisible marks are
    /// ignored, since no font needs glyphs for them.
    public func fallback(for text: String, preferring: ResolvedFont) -> ResolvedFont? {
        var seen = Set<UInt32>()
        let scalars = text.unicodeScalars.filter(needsGlyph).map(\.value).filter { seen.insert($0).inserted }
        guard !scalars.isEmpty else { return preferring }
        let key = FallbackKey(scalars: scalars, preferring: preferring)
        return withLock {
            if let cached = fallbacks[key] { return cached }
            do {
                let found = try sortedFallback(scalars: scalars, preferring: preferring)
                fallbacks[key] = found
                return found
            } catch {
                // Not cached: a fontconfig failure may be transient (memory), unlike "no font".
                return nil
            }
        }
    }

    private func sortedFallback(scalars: [UInt32], preferring: ResolvedFont) throws -> ResolvedFont? {
        let config = try loadedConfig()
        guard let charset = FcCharSetCreate() else { throw GraphicsError.fontconfig("allocate a character set") }
        defer { FcCharSetDestroy(charset) }
        for scalar in scalars where FcCharSetAddChar(charset, scalar) == 0 {
            throw GraphicsError.fontconfig("build a character set")
        }
        // The charset ranks above family in fontconfig's sort order, so fonts with the characters
        // come first; family, weight and slant then keep the fallback close to the preferred look.
        return try withSortedFonts(preferring: preferring, charset: charset, config: config) { fonts in
            var best: (font: ResolvedFont, covered: Int)?
            for font in fonts {
                var fontCharset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset else {
                    continue
                }
                let covered = scalars.reduce(0) { $0 + (FcCharSetHasChar(fontCharset, $1) != 0 ? 1 : 0) }
                guard covered > (best?.covered ?? 0), let resolved = Self.resolvedFont(from: font) else { continue }
                best = (resolved, covered)
                if covered == scalars.count { break }
            }
            return best?.font
        }
    }

    /// The installed fonts in fontconfig's order of closeness to `preferring` (family, weight,
    /// slant), characters aside: the order `sortedFallback` walks, among the fonts that have the
    /// most of a text's characters.
    func sortedFonts(preferring: ResolvedFont) throws -> [FaceKey] {
        try withLock {
            try withSortedFonts(preferring: preferring, charset: nil, config: try loadedConfig()) { fonts in
                fonts.compactMap { font in Self.resolvedFont(from: font).map { FaceKey(file: $0.file, faceIndex: $0.faceIndex) } }
            } ?? []
        }
    }

    /// Calls `body` with fontconfig's sorted fonts for `preferring`'s family, weight and slant (and
    /// `charset`, when given). Without trimming: a trimmed list drops fonts that add no new
    /// coverage, which can drop the only font with the preferred style.
    private func withSortedFonts<T>(
        preferring: ResolvedFont, charset: OpaquePointer?, config: OpaquePointer, _ body: ([OpaquePointer]) -> T?
    ) throws -> T? {
        guard let pattern = FcPatternCreate() else { throw GraphicsError.fontconfig("allocate a pattern") }
        defer { FcPatternDestroy(pattern) }
        guard charset.map({ FcPatternAddCharSet(pattern, FC_CHARSET, $0) != 0 }) ?? true,
            addString(pattern, FC_FAMILY, preferring.family),
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(clamping: preferring.weight))) != 0,
            FcPatternAddInteger(pattern, FC_SLANT, Self.slant(preferring.style)) != 0
        else {
            throw GraphicsError.fontconfig("build a fallback pattern")
        }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else {
            throw GraphicsError.fontconfig("substitute font names")
        }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        guard let fonts = set.pointee.fonts else { return nil }
        return body((0..<Int(set.pointee.nfont)).compactMap { fonts[$0] })
    }
}
