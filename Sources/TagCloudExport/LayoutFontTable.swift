import TagCloud

/// The fonts a layout's words use, each once, in order of first use (placed words first, then the
/// legend's), as the JSON layout's `fonts` table lists them and its words name them by index.
struct LayoutFontTable {
    /// The fonts, each once.
    private(set) var fonts: [ResolvedFont] = []
    private var indices: [ResolvedFont: Int] = [:]
    /// The last font looked up and its index: a layout's words mostly share one font, and
    /// comparing is cheaper than hashing two strings.
    private var last: (font: ResolvedFont, index: Int)?

    /// An empty table.
    init() {}

    /// The table of every font `layout`'s words use, fallback fonts included.
    init(_ layout: CloudLayout) {
        for w in layout.placed { add(w) }
        for w in layout.legend?.words ?? [] { add(w) }
    }

    private mutating func add(_ word: PlacedWord) {
        _ = index(of: word.font)
        for f in word.fallbackFonts { _ = index(of: f) }
    }

    /// The index of `font`, added at the end when it is new.
    mutating func index(of font: ResolvedFont) -> Int {
        if let last, last.font == font { return last.index }
        let i: Int
        if let known = indices[font] {
            i = known
        } else {
            i = fonts.count
            fonts.append(font)
            indices[font] = i
        }
        last = (font, i)
        return i
    }
}
