import Foundation
import TagCloud

/// The JSON form of a `CloudLayout`: pretty-printed with sorted keys, so the same layout always
/// gives the same bytes.
public enum LayoutJSON {
    /// Encodes a layout: the bytes `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
    /// .withoutEscapingSlashes]`, and a final newline, written by `LayoutJSONWriter`.
    public static func encode(_ layout: CloudLayout) throws -> Data {
        var writer = LayoutJSONWriter(capacity: 512 + layout.placed.count * 700)
        writer.write(layout)
        return Data(writer.bytes)
    }

    /// Decodes a layout written by `encode`.
    public static func decode(_ data: Data) throws -> CloudLayout {
        try JSONDecoder().decode(CloudLayout.self, from: data)
    }
}
