import TagCloud

/// A typesetter with simple, exact metrics (each character 0.6 em wide; ascent 0.8 em, descent
/// 0.25 em; ink slightly inside), so layout tests need no fonts.
struct FakeTypesetter: Typesetter {
    func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
        let n = Double(text.count)
        let advance = n * size * 0.6
        var glyphs: [PositionedGlyph] = []
        for i in 0..<text.count { glyphs.append(PositionedGlyph(id: UInt32(i + 1), x: Double(i) * size * 0.6, y: 0)) }
        return TypesetWord(text: text, font: ResolvedFont(family: font.family, file: "/fake.ttf"), size: size,
                           advance: advance, ascent: size * 0.8, descent: size * 0.25,
                           inkBounds: Rect(x: size * 0.05, y: -size * 0.7, width: max(0, advance - size * 0.1),
                                           height: size * 0.9),
                           glyphs: glyphs)
    }
}

/// Terms with varied lengths and weights, from a seed.
func sampleTerms(count: Int, seed: UInt64) -> [Term] {
    var rng = SeededRandom(seed: seed)
    let words = ["swift", "ios", "linux", "machine learning", "a", "typography", "cloud", "tag",
                 "harfbuzz", "freetype", "cairo", "internationalisation", "go", "x", "layout engine"]
    return (0..<count).map { i in
        Term(words[rng.nextInt(below: words.count)] + (i % 3 == 0 ? "" : String(i)),
             weight: Double(1 + rng.nextInt(below: 100)), id: "t\(i)")
    }
}
