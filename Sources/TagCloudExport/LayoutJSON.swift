import Foundation
import TagCloud

/// The JSON form of a `CloudLayout`: pretty-printed with sorted keys, so the same layout always
/// gives the same bytes.
public enum LayoutJSON {
    /// Encodes a layout.
    public static func encode(_ layout: CloudLayout) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(layout)
        data.append(0x0A)
        return data
    }

    /// Decodes a layout written by `encode`.
    public static func decode(_ data: Data) throws -> CloudLayout {
        try JSONDecoder().decode(CloudLayout.self, from: data)
    }
}
