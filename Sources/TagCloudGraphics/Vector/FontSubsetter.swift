import CHarfBuzz
import TagCloud

/// Cuts a font file down to the glyphs a text needs, with HarfBuzz's subsetter (layout tables kept,
/// so kerning and ligatures still work in the viewer).
public final class FontSubsetter: FontSubsetProvider, Sendable {
    /// Creates a subsetter.
    public init() {}

    /// A TrueType/OpenType file with the glyphs of `text` in `font`.
    ///
    /// Throws `GraphicsError.fontFileNotFound` when the file cannot be opened, `.notAFont` when it
    /// has no such face, and `.damagedFont` when HarfBuzz cannot subset it: the file opened and
    /// was laid out with, so a table it needs is damaged or cut short.
    public func subset(of font: ResolvedFont, text: String) throws(CoreError) -> [UInt8] {
        do throws(GraphicsError) {
            return try subsetFile(of: font, text: text)
        } catch {
            throw error.coreError
        }
    }

    /// The file's bytes as HarfBuzz holds them: read from the file natively, the bytes the host
    /// handed over (`FontFiles`) in WebAssembly.
    private func blob(_ font: ResolvedFont) -> OpaquePointer? {
        #if hasFeature(Embedded)
        guard let bytes = FontFiles.bytes(font.file), let base = bytes.baseAddress else { return nil }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            hb_blob_create_or_fail($0, UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
        }
        #else
        return hb_blob_create_from_file_or_fail(font.file)
        #endif
    }

    private func subsetFile(of font: ResolvedFont, text: String) throws(GraphicsError) -> [UInt8] {
        guard let blob = blob(font) else { throw GraphicsError.fontFileNotFound(font.file) }
        defer { hb_blob_destroy(blob) }
        guard let index = UInt32(exactly: font.faceIndex), index < hb_face_count(blob),
            let face = hb_face_create(blob, index)
        else { throw GraphicsError.notAFont(font.file) }
        defer { hb_face_destroy(face) }
        guard let input = hb_subset_input_create_or_fail() else { throw GraphicsError.harfbuzz("start a font subset") }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in text.unicodeScalars { hb_set_add(unicodes, scalar.value) }
        guard let sub = hb_subset_or_fail(face, input) else {
            throw GraphicsError.damagedFont(path: font.file, problem: "HarfBuzz cannot subset it to embed it")
        }
        defer { hb_face_destroy(sub) }
        guard let out = hb_face_reference_blob(sub) else { throw GraphicsError.harfbuzz("keep the subset of \"\(font.file)\"") }
        defer { hb_blob_destroy(out) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(out, &length), length > 0 else {
            throw GraphicsError.damagedFont(path: font.file, problem: "HarfBuzz made an empty subset of it")
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}
