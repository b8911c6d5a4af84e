import Foundation
import TagCloud

/// The native build's ways in and out of `LayoutJSON`: `Data`, and a sink that is not kept (Embedded
/// Swift has neither Foundation nor `withoutActuallyEscaping`'s untyped rethrow).
extension LayoutJSON {
    /// `bytes(_:glyphs:)` as `Data`.
    public static func encode(_ layout: CloudLayout, glyphs: Bool = false) throws -> Data {
        try bytes(layout, glyphs: glyphs).withUnsafeBufferPointer { Data(buffer: $0) }
    }

    /// Decodes a layout written by `encode`, of any version up to `CloudLayout.jsonVersion`
    /// (`CloudLayout(json:)`); throws `LayoutJSONError` naming the field at fault.
    public static func decode(_ data: Data) throws(LayoutJSONError) -> CloudLayout {
        try CloudLayout(json: [UInt8](data))
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
}
