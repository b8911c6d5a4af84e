import CFreeType
import CHarfBuzz
import Foundation
import TagCloud

/// Real typography for layouts: fontconfig finds the font, FreeType loads it, HarfBuzz shapes the
/// word (kerning, ligatures, Arabic joining, right-to-left order), and the result is measured from
/// the unhinted outlines so it scales exactly with size.
///
/// Shaping is memoised per (text, font, size): a layout typesets each word many times while it
/// searches for sizes and positions. One lock guards the caches and the FreeType faces (which are
/// not thread-safe), so one typesetter can be shared by many threads; they take turns.
public final class FreeTypeTypesetter: Typesetter, @unchecked Sendable {
    private let library: FontLibrary
    private let lock = NSLock()
    private var descriptors: [FontDescriptor: ResolvedFont] = [:]
    private var faces: [ResolvedFont: FontFace] = [:]
    private var words: [WordKey: TypesetWord] = [:]

    private struct WordKey: Hashable {
        var text: String
        var font: FontDescriptor
        var size: Double
    }

    /// Past this many memoised words the cache starts over, so a long-running process that
    /// typesets endless distinct words does not grow without bound.
    private static let wordCacheLimit = 50_000

    /// Creates a typesetter that finds fonts through `library`.
    public init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// Shapes `text` in `font` at `size` points.
    ///
    /// When the font lacks a visible character of `text`, the whole word is set in a fallback
    /// font (`usedFallback` is then true), because mixing fonts inside one word looks broken and
    /// breaks shaping across the seam. Throws when the font cannot be found or loaded.
    public func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
        guard size.isFinite, size > 0 else { throw GraphicsError.invalidFontSize(size) }
        lock.lock()
        defer { lock.unlock() }
        let key = WordKey(text: text, font: font, size: size)
        if let cached = words[key] { return cached }

        let requested = try resolve(font)
        var face = try openFace(requested)
        var usedFallback = false
        let needsFallback = text.unicodeScalars.contains { needsGlyph($0) && !face.covers($0) }
        if needsFallback, let other = library.fallback(for: text, preferring: requested), other != requested {
            face = try openFace(other)
            usedFallback = true
        }
        var word = try shape(text, face: face, size: size)
        word.usedFallback = usedFallback
        if words.count >= Self.wordCacheLimit { words.removeAll(keepingCapacity: true) }
        words[key] = word
        return word
    }

    private func resolve(_ descriptor: FontDescriptor) throws -> ResolvedFont {
        if let font = descriptors[descriptor] { return font }
        let font = try library.resolve(descriptor)
        descriptors[descriptor] = font
        return font
    }

    private func openFace(_ font: ResolvedFont) throws -> FontFace {
        if let face = faces[font] { return face }
        let face = try FontFace(font: font)
        faces[font] = face
        return face
    }

    private func shape(_ text: String, face: FontFace, size: Double) throws -> TypesetWord {
        try face.setSize(size)
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            throw GraphicsError.harfbuzz("allocate a buffer to shape \"\(text)\"")
        }
        defer { hb_buffer_destroy(buffer) }
        // Explicit length: a Swift string may hold NUL, which would cut a C string short.
        let utf8 = Array(text.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(clamping: $0.count), 0, Int32(clamping: $0.count))
            }
        }
        // Direction, script and language from the text itself, so Arabic gets RTL and the arab
        // shaper without the caller knowing.
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            throw GraphicsError.harfbuzz("shape \"\(text)\"")
        }

        let scale = face.unitsToPoints
        var count: UInt32 = 0
        var glyphs: [PositionedGlyph] = []
        var ink = Rect.zero
        var pen: Int64 = 0
        if let infos = hb_buffer_get_glyph_infos(buffer, &count),
           let positions = hb_buffer_get_glyph_positions(buffer, &count) {
            glyphs.reserveCapacity(Int(count))
            // HarfBuzz already returns right-to-left runs in visual (left-to-right) order.
            for i in 0..<Int(count) {
                let p = positions[i]
                let x = Double(pen + Int64(p.x_offset)) * scale
                let y = Double(-p.y_offset) * scale
                let id = infos[i].codepoint
                glyphs.append(PositionedGlyph(id: id, x: x, y: y))
                if let box = face.inkBox(glyph: id) { ink = ink.union(box.offsetBy(dx: x, dy: y)) }
                pen += Int64(p.x_advance)
            }
        }
        let metrics = face.ascentDescent
        return TypesetWord(text: text, font: face.font, size: size, advance: Double(pen) * scale,
                           ascent: metrics.ascent, descent: metrics.descent, inkBounds: ink, glyphs: glyphs,
                           isRightToLeft: hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL)
    }
}
