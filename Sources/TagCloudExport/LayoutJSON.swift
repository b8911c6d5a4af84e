import Foundation
import TagCloud

/// The JSON form of a `CloudLayout` (docs/json-layout.md): keys sorted, one line per word, so the
/// same layout always gives the same bytes.
public enum LayoutJSON {
    /// Encodes a layout, with each placed word's glyph ids and positions when `glyphs` is true
    /// (they are most of a large layout's bytes, and only a renderer of its own needs them).
    public static func encode(_ layout: CloudLayout, glyphs: Bool = false) throws -> Data {
        var writer = LayoutJSONWriter(capacity: 512 + layout.placed.count * (glyphs ? 700 : 300), glyphs: glyphs)
        try writer.write(layout)
        return writer.bytes.withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// Writes the same bytes as `encode` to `sink`, in pieces of about a megabyte as they are
    /// made, so that a large layout's text is never held whole; an error `sink` throws ends the
    /// writing and is rethrown.
    public static func write(
        _ layout: CloudLayout, glyphs: Bool = false, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        // The writer is gone when this returns, and the sink with it.
        try withoutActuallyEscaping(sink) { sink in
            var writer = LayoutJSONWriter(glyphs: glyphs, sink: sink)
            try writer.write(layout)
        }
    }

    /// Decodes a layout written by `encode`, of any version up to `CloudLayout.jsonVersion`
    /// (`CloudLayout(json:)`); throws `LayoutJSONError` naming the field at fault.
    public static func decode(_ data: Data) throws(LayoutJSONError) -> CloudLayout {
        try CloudLayout(json: [UInt8](data))
    }
}
