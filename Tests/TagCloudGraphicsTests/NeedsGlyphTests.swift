import Testing

@testable import TagCloudGraphics

/// `needsGlyph` answers ASCII without Unicode's property tables; the answer must be the tables' own.
@Suite("Characters that need a glyph")
struct NeedsGlyphTests {
    @Test("the ASCII shortcut agrees with the Unicode properties for every ASCII scalar")
    func asciiShortcutMatchesProperties() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!
            let p = scalar.properties
            let expected =
                !(p.isWhitespace || p.isDefaultIgnorableCodePoint)
                && ![.control, .lineSeparator, .paragraphSeparator].contains(p.generalCategory)
            #expect(needsGlyph(scalar) == expected, "U+\(String(value, radix: 16))")
        }
        // Past ASCII the tables decide: a no-break space and a zero-width joiner need none.
        #expect(!needsGlyph("\u{A0}"))
        #expect(!needsGlyph("\u{200D}"))
        #expect(needsGlyph("é"))
    }
}
