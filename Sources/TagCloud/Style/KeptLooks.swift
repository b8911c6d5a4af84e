/// The looks words keep from a previous layout: a kept word is painted in the colour it had and
/// drawn in the font it had, so that a layout over a previous one changes no word's look by chance.
///
/// The style still draws every word's font and colour from the generator, kept or not, so the
/// draws of the other words (and of everything after them: angles, positions) are those of a
/// layout without a previous one. A term's own colour wins over a kept one.
///
/// Colours that say something are worked out anew: under `ColorMode.weight` and `.rank` a colour
/// shows the weight, so a kept word takes the colour its weight gives now. Under `.group` the
/// colour shows the group: each group keeps the colour its first kept word had, and every word of
/// it takes that colour; a group with no kept word takes the first palette colour no kept group
/// has (the palette's colours in turn once all are taken).
struct KeptLooks {
    /// Per word (by its index in the terms styled), its colour; nil: the style's.
    private(set) var colors: [Color?]
    /// Per word, the style's font it keeps; nil: the style's choice.
    private(set) var fonts: [FontDescriptor?]

    /// No kept looks for `count` words.
    init(count: Int) {
        colors = Array(repeating: nil, count: count)
        fonts = Array(repeating: nil, count: count)
    }

    /// The looks `terms` keep from `previous` under `style`; `resolve` says which font file a
    /// font of the style is (nil when it cannot say), so a kept word's font is found among them.
    init(_ terms: [Term], previous: PreviousLayout, style: CloudStyle, resolve: (FontDescriptor) -> ResolvedFont?) {
        self.init(count: terms.count)
        let matches = previous.matches(terms)
        if style.fonts.count > 1 {
            let resolved = style.fonts.map(resolve)
            for (i, k) in matches.enumerated() {
                guard let k, let font = previous.words[k].font else { continue }
                fonts[i] = Self.font(matching: font, in: style.fonts, resolved: resolved)
            }
        }
        switch style.colorMode {
        case .random, .cycle:
            for (i, k) in matches.enumerated() { colors[i] = k.flatMap { previous.words[$0].color } }
        case .group:
            colors = Self.groupColors(terms, matches: matches, previous: previous, palette: style.palette)
        case .weight, .rank, .cluster:
            break
        }
    }

    /// The looks `terms` keep from `previous` under `style`, whose fonts `typesetter` resolves.
    init(_ terms: [Term], previous: PreviousLayout, style: CloudStyle, typesetter: some Typesetter) {
        // The font a word was drawn in is known by its file; which of the style's fonts that is,
        // only the typesetter can say (a family may be an alias, a file a path to a collection).
        self.init(terms, previous: previous, style: style) { font in
            try? typesetter.typesetUnremembered("A", font: font, size: 12).font
        }
    }

    /// The font of `fonts` that is `font`: the one that resolves to it, else to its file and
    /// face, else the one that names its family (or its file) at its weight and style, else any
    /// that names it.
    static func font(matching font: ResolvedFont, in fonts: [FontDescriptor], resolved: [ResolvedFont?]) -> FontDescriptor? {
        if let k = resolved.firstIndex(where: { $0 == font })
            ?? resolved.firstIndex(where: { $0?.file == font.file && $0?.faceIndex == font.faceIndex })
        {
            return fonts[k]
        }
        func names(_ d: FontDescriptor) -> Bool {
            d.isFilePath ? d.family == font.file : d.family.lowercased() == font.family.lowercased()
        }
        return fonts.first { names($0) && $0.weight == font.weight && $0.style == font.style }
            ?? fonts.first(where: names)
    }

    /// Every word's colour under `.group`: its group's kept colour, or the next colour no kept
    /// group has. A word without a group is in the group of words without one.
    private static func groupColors(
        _ terms: [Term], matches: [Int?], previous: PreviousLayout, palette: Palette
    ) -> [Color?] {
        var groups: [String: Color] = [:]
        for (i, k) in matches.enumerated() {
            guard let k, let color = previous.words[k].color else { continue }
            let key = terms[i].group ?? ""
            if groups[key] == nil { groups[key] = color }
        }
        let taken = Set(groups.values)
        var free = palette.colors.filter { !taken.contains($0) }
        if free.isEmpty { free = palette.colors }
        var next = 0
        return terms.map { term in
            let key = term.group ?? ""
            if let color = groups[key] { return color }
            let color = free[next % free.count]
            next += 1
            groups[key] = color
            return color
        }
    }
}
