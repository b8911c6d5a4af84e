import CFontconfig
import TagCloud

extension FontLibrary {
    /// fontconfig's answers as a `FontManifest`, for the WebAssembly engine: every installed font
    /// (or those whose file `include` accepts) with its characters, what each of `families` and
    /// the generic names resolves to at every recorded weight and style, and each resolved font's
    /// fallback order. Requests that fontconfig refuses are left out (the manifest then refuses
    /// them too).
    public func manifest(families: [String], include: (String) -> Bool = { _ in true }) throws -> FontManifest {
        let fonts = try installedFonts().filter { include($0.font.file) }
        var index: [FaceKey: Int] = [:]
        for (i, entry) in fonts.enumerated() { index[FaceKey(file: entry.font.file, faceIndex: entry.font.faceIndex)] = i }
        var resolutions: [FontManifest.Request: ResolvedFont] = [:]
        var orders: [FontManifest.Request: [Int]] = [:]
        for family in families + Self.genericFamilies.sorted() {
            for weight in FontManifest.weights {
                for style in FontStyle.allCases {
                    guard let font = try? resolve(FontDescriptor(family: family, weight: weight, style: style)),
                        index[FaceKey(file: font.file, faceIndex: font.faceIndex)] != nil
                    else { continue }
                    resolutions[FontManifest.Request(family: family, weight: weight, style: style)] = font
                    let preferring = FontManifest.Request(family: font.family, weight: font.weight, style: font.style)
                    if orders[preferring] == nil {
                        orders[preferring] = try sortedFonts(preferring: font).compactMap { index[$0] }
                    }
                }
            }
        }
        let names = Array(Set(fonts.flatMap { familyNames(of: $0.font) })).sorted()
        return FontManifest(fonts: fonts, resolutions: resolutions, fallbackOrders: orders, familyNames: names)
    }

    /// Every installed font with its characters, in fontconfig's listing order.
    private func installedFonts() throws -> [FontManifest.Font] {
        var out: [FontManifest.Font] = []
        try forEachFont(objects: [FC_FAMILY, FC_FILE, FC_INDEX, FC_WEIGHT, FC_SLANT, FC_CHARSET]) { pattern in
            guard let font = Self.resolvedFont(from: pattern) else { return }
            var charset: OpaquePointer?
            let ranges =
                FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch
                ? charset.map(Self.ranges) ?? [] : []
            out.append(FontManifest.Font(font: font, charset: ranges))
        }
        return out
    }

    /// The family names fontconfig records for `font`'s file and face.
    private func familyNames(of font: ResolvedFont) -> [String] {
        (try? declaredFamilies(file: font.file, index: font.faceIndex)) ?? [font.family]
    }

    /// The characters of a fontconfig character set as inclusive ranges, first and last in turn.
    private static func ranges(_ charset: OpaquePointer) -> [UInt32] {
        var out: [UInt32] = []
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        var next: FcChar32 = 0
        var base = FcCharSetFirstPage(charset, &map, &next)
        while base != FcChar32.max {  // FC_CHARSET_DONE, (FcChar32)-1, which Swift imports as -1
            for word in 0..<Int(FC_CHARSET_MAP_SIZE) where map[word] != 0 {
                for bit in 0..<32 where map[word] & (1 << FcChar32(bit)) != 0 {
                    let scalar = base + FcChar32(word * 32 + bit)
                    if let last = out.last, last + 1 == scalar { out[out.count - 1] = scalar } else { out += [scalar, scalar] }
                }
            }
            base = FcCharSetNextPage(charset, &map, &next)
        }
        return out
    }
}

extension FontLibrary {
    /// Calls `body` on every installed font's pattern, restricted to `objects`.
    fileprivate func forEachFont(objects: [String], _ body: (OpaquePointer) -> Void) throws {
        _ = try withLock { try listFonts(objects: objects) { pattern, _ in body(pattern) } }
    }

    /// Every family name fontconfig records for face `index` of `file`.
    fileprivate func declaredFamilies(file: String, index: Int) throws -> [String] {
        try withLock {
            let config = try loadedConfig()
            guard let pattern = FcPatternCreate(), let objectSet = FcObjectSetCreate() else {
                throw GraphicsError.fontconfig("allocate a pattern")
            }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(objectSet)
            }
            guard addString(pattern, FC_FILE, file), FcPatternAddInteger(pattern, FC_INDEX, Int32(clamping: index)) != 0,
                FcObjectSetAdd(objectSet, FC_FAMILY) != 0, let set = FcFontList(config, pattern, objectSet)
            else { throw GraphicsError.fontconfig("list the families of \"\(file)\"") }
            defer { FcFontSetDestroy(set) }
            guard let fonts = set.pointee.fonts else { return [] }
            return (0..<Int(set.pointee.nfont)).flatMap { fonts[$0].map { Self.strings($0, FC_FAMILY) } ?? [] }
        }
    }
}
