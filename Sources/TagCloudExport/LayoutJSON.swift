import TagCloud

/// The JSON form of a `CloudLayout` (docs/json-layout.md): keys sorted, one line per word, so the
/// same layout always gives the same bytes.
public enum LayoutJSON {
    /// The layout's JSON, with each placed word's glyph ids and positions when `glyphs` is true
    /// (they are most of a large layout's bytes, and only a renderer of its own needs them).
    public static func bytes(_ layout: CloudLayout, glyphs: Bool = false) throws(CoreError) -> [UInt8] {
        var writer = LayoutJSONWriter(capacity: 512 + layout.placed.count * (glyphs ? 700 : 300), glyphs: glyphs)
        try writer.write(layout)
        return writer.bytes
    }
}
