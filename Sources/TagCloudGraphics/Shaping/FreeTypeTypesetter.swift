import CFreeType
import CHarfBuzz
import TagCloud

/// Real typography for layouts: fontconfig finds the font, FreeType loads it, ICU's bidirectional
/// algorithm orders text that mixes directions, HarfBuzz shapes each run (kerning, ligatures, Arabic
/// joining, right-to-left order), and the result is measured from the unhinted outlines so it scales
/// exactly with size.
///
/// Shaping is memoised per (text, font, size): a layout typesets each word many times while it
/// searches for sizes and positions (`typesetUnremembered` skips the memo, for callers that keep
/// their own). One lock guards the caches and the FreeType faces (which are
/// not thread-safe), so one typesetter can be shared by many threads; they take turns.
public final class FreeTypeTypesetter: Typesetter, @unchecked Sendable {
    let library: any FontFinder
    /// Where `coverage(of:rotation:)` goes: the process-wide rasteriser unless one was given.
    let rasterizer: FreeTypeGlyphRasterizer
    private let lock = Lock()
    private var descriptors: [FontDescriptor: ResolvedFont] = [:]
    private var faces: [ResolvedFont: FontFace] = [:]
    private var words: [WordKey: TypesetWord] = [:]
    /// The font asked for last and its face: a layout asks for one font over and over, and finding
    /// it again by hashing its names costs more than comparing them.
    private var lastFont: (descriptor: FontDescriptor, resolved: ResolvedFont, face: FontFace)?
    /// The colour emoji font (nil when there is none), once `emojiLookedUp`.
    var emoji: ResolvedFont?
    var emojiLookedUp = false
    /// One HarfBuzz buffer, cleared and reused for every shaping (all under the lock).
    private var buffer: OpaquePointer?

    private struct WordKey: Hashable {
        var text: String
        var font: FontDescriptor
        var size: Double
    }

    /// Past this many memoised words the cache starts over, so a long-running process that
    /// typesets endless distinct words does not grow without bound.
    private static let wordCacheLimit = 50_000

    /// Creates a typesetter that finds fonts through `fonts` and has its words' coverage masks
    /// made by `rasterizer`. By default every typesetter shares one rasteriser, whose glyph cache
    /// then serves them all; give a fresh one (`FreeTypeGlyphRasterizer()`) to start from nothing,
    /// as the benchmarks do to time a layout the way a new process runs it.
    public init(fonts: any FontFinder, rasterizer: FreeTypeGlyphRasterizer? = nil) {
        self.library = fonts
        self.rasterizer = rasterizer ?? .shared
    }

    #if !hasFeature(Embedded)
    /// A typesetter that finds fonts through fontconfig (`library`, by default the system's), as
    /// `init(fonts:rasterizer:)` describes.
    public convenience init(library: FontLibrary = .shared, rasterizer: FreeTypeGlyphRasterizer? = nil) {
        self.init(fonts: library, rasterizer: rasterizer)
    }
    #endif

    deinit {
        if let buffer { hb_buffer_destroy(buffer) }
    }

    /// Shapes `text` in `font` at `size` points.
    ///
    /// Characters the font lacks are set in fallback fonts, run by run: the text is split into
    /// grapheme clusters (so a base keeps its combining marks, and emoji ZWJ sequences, flags and
    /// variation selectors stay whole), each cluster goes to the requested font when it has all of
    /// its characters, else to a fallback font that has them, and each run of one font is shaped on
    /// its own. When one fallback font draws the whole word it becomes the word's `font`.
    /// `usedFallback` is true when any font other than the requested one is used.
    ///
    /// Text with right-to-left letters, Arabic digits or explicit bidi controls is first split into
    /// directional runs by the Unicode bidirectional algorithm; each run is shaped in its own
    /// direction and the glyphs come out in visual order, left to right, with `isRightToLeft` the
    /// paragraph's direction (that of its first strong character). Throws when the font cannot be
    /// found or loaded.
    public func typeset(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        do throws(GraphicsError) {
            return try typeset(text, font: font, size: size, remember: true)
        } catch {
            throw error.coreError
        }
    }

    /// Shapes `text` as `typeset(_:font:size:)` does, without looking it up among the words
    /// remembered or remembering it: a word cloud keeps its own results, and hashing every new
    /// word's text and font twice, into a table that grows to thousands of words, only cost it time.
    public func typesetUnremembered(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        do throws(GraphicsError) {
            return try typeset(text, font: font, size: size, remember: false)
        } catch {
            throw error.coreError
        }
    }

    /// Shapes `text` top to bottom, its glyphs upright (`TypesetWord.isVertical`), as CJK is set in
    /// columns: HarfBuzz's vertical direction, which applies the fonts' vertical forms (`vert`,
    /// `vrt2`: 「、。」 turned and moved for a column) and advances each glyph down by the font's
    /// vertical metrics (`vmtx`, `VORG`; made up from the ascender and descender where a font has
    /// none). The origin is the top of the column, centred across it. Fallback fonts are used as for
    /// `typeset(_:font:size:)`, their runs one under another; there is no bidirectional reordering
    /// in a column. Not remembered.
    public func typesetVertical(_ text: String, font: FontDescriptor, size: Double) throws(CoreError) -> TypesetWord {
        do throws(GraphicsError) {
            return try typeset(text, font: font, size: size, remember: false, vertical: true)
        } catch {
            throw error.coreError
        }
    }

    private func typeset(
        _ text: String, font: FontDescriptor, size: Double, remember: Bool, vertical: Bool = false
    ) throws(GraphicsError) -> TypesetWord {
        guard size.isFinite, size > 0 else { throw GraphicsError.invalidFontSize(size) }
        lock.lock()
        defer { lock.unlock() }
        let key = remember ? WordKey(text: text, font: font, size: size) : nil
        if let key, let cached = words[key] { return cached }

        let requested: ResolvedFont, face: FontFace
        if let last = lastFont, last.descriptor == font {
            (requested, face) = (last.resolved, last.face)
        } else {
            requested = try resolve(font)
            face = try openFace(requested)
            lastFont = (font, requested, face)
        }
        let word: TypesetWord
        // Emoji shown as pictures by default (😀), or asked to be (❤️), go to a colour emoji font even
        // when a text font has a plain glyph for them, as browsers and phones draw them.
        let oneFont =
            !text.unicodeScalars.contains(where: { needsGlyph($0) && !face.covers($0) })
            && !(face.isScalable && text.unicodeScalars.contains(where: mayWantEmojiPresentation))
        if vertical {
            word = try shapeRuns(text, requested: requested, oneFont: oneFont, paragraph: nil, size: size, vertical: true)
        } else if BidiParagraph.isNeeded(for: text) {
            word = try shapeRuns(
                text, requested: requested, oneFont: oneFont, paragraph: try BidiParagraph(text),
                size: size)
        } else if oneFont {
            // The common case, one font and one direction: shaped as one buffer.
            word = try shape(text, face: face, size: size)
        } else {
            word = try shapeRuns(text, requested: requested, oneFont: false, paragraph: nil, size: size)
        }
        if let key {
            if words.count >= Self.wordCacheLimit { words.removeAll(keepingCapacity: true) }
            words[key] = word
        }
        return word
    }

    /// One stretch of the text set in one font: UTF-8 byte range and the font.
    struct Run {
        var font: ResolvedFont
        var start: Int
        var end: Int
    }

    /// A piece of the text shaped on its own: one font and one direction (nil: HarfBuzz's guess
    /// from the script, for text the bidirectional algorithm leaves in logical order).
    private struct Piece {
        var font: ResolvedFont
        var start: Int
        var end: Int
        var direction: hb_direction_t?
    }

    /// Shapes `text` piece by piece and places the pieces left to right, or top to bottom when
    /// `vertical`. The text is split by font coverage (unless `oneFont`: all in the requested font)
    /// and, with a `paragraph`, by direction; within a right-to-left run the font runs go right to
    /// left, so a Hebrew word with an emoji after it draws the emoji leftmost.
    private func shapeRuns(
        _ text: String, requested: ResolvedFont, oneFont: Bool, paragraph: BidiParagraph?,
        size: Double, vertical: Bool = false
    ) throws(GraphicsError) -> TypesetWord {
        let utf8 = Array(text.utf8)
        let runs = oneFont ? [Run(font: requested, start: 0, end: utf8.count)] : try itemize(text, requested: requested)
        // The main font is the requested one when it draws anything, else the first used, so a
        // word wholly in one fallback font names that font as its own.
        let main = runs.contains { $0.font == requested } ? requested : (runs.first?.font ?? requested)
        var fonts = [main]
        for run in runs where !fonts.contains(run.font) { fonts.append(run.font) }
        let pieces =
            paragraph.map { visualPieces(runs, $0) }
            ?? runs.map {
                Piece(font: $0.font, start: $0.start, end: $0.end, direction: vertical ? HB_DIRECTION_TTB : nil)
            }
        let rightToLeft = paragraph?.isRightToLeft ?? false
        if pieces.count == 1, let piece = pieces.first {
            var word = try shapeItem(
                utf8, from: 0, to: utf8.count, face: try openFace(piece.font), size: size,
                direction: piece.direction, whole: text)
            word.usedFallback = main != requested
            if paragraph != nil { word.isRightToLeft = rightToLeft }
            return word
        }

        var glyphs: [PositionedGlyph] = []
        var ink = Rect.zero
        var pen = 0.0, ascent = 0.0, descent = 0.0
        for piece in pieces {
            let index = fonts.firstIndex(of: piece.font) ?? 0
            let shaped = try shapeItem(
                utf8, from: piece.start, to: piece.end, face: try openFace(piece.font),
                size: size, direction: piece.direction)
            // A column's pieces go one under another, a line's side by side.
            let (dx, dy) = vertical ? (0, pen) : (pen, 0)
            for g in shaped.glyphs { glyphs.append(PositionedGlyph(id: g.id, x: g.x + dx, y: g.y + dy, font: index)) }
            if !shaped.inkBounds.isEmpty { ink = ink.union(shaped.inkBounds.offsetBy(dx: dx, dy: dy)) }
            pen += shaped.advance
            ascent = max(ascent, shaped.ascent)
            descent = max(descent, shaped.descent)
        }
        let fontRuns =
            fonts.count == 1
            ? []
            : runs.map { run in
                FontRun(
                    font: fonts.firstIndex(of: run.font) ?? 0,
                    text: String(decoding: utf8[run.start..<run.end], as: UTF8.self))
            }
        return TypesetWord(
            text: text, font: main, size: size, advance: pen, ascent: ascent, descent: descent,
            inkBounds: ink, glyphs: glyphs, isRightToLeft: rightToLeft,
            usedFallback: fonts.count > 1 || main != requested,
            fallbackFonts: Array(fonts.dropFirst()), fontRuns: mergeRuns(fontRuns), isVertical: vertical)
    }

    /// The font runs (logical order, contiguous) cut at the paragraph's direction changes, in
    /// visual order from left to right, each with its run's direction.
    private func visualPieces(_ runs: [Run], _ paragraph: BidiParagraph) -> [Piece] {
        var pieces: [Piece] = []
        for directional in paragraph.runs {
            // The first font run that reaches into this directional run, found by bisection so a
            // text alternating fonts and directions costs no more than it has pieces.
            var low = 0, high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if runs[mid].end <= directional.start { low = mid + 1 } else { high = mid }
            }
            let direction = directional.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
            var part: [Piece] = []
            var i = low
            while i < runs.count, runs[i].start < directional.end {
                part.append(
                    Piece(
                        font: runs[i].font, start: max(runs[i].start, directional.start),
                        end: min(runs[i].end, directional.end), direction: direction))
                i += 1
            }
            pieces += directional.isRightToLeft ? part.reversed() : part
        }
        return pieces
    }

    /// Adjacent runs in the same font, joined (itemisation never makes them, but be safe).
    private func mergeRuns(_ runs: [FontRun]) -> [FontRun] {
        var out: [FontRun] = []
        for run in runs {
            if let last = out.last, last.font == run.font { out[out.count - 1].text += run.text } else { out.append(run) }
        }
        return out
    }

    func resolve(_ descriptor: FontDescriptor) throws(GraphicsError) -> ResolvedFont {
        if let font = descriptors[descriptor] { return font }
        let font = try library.resolve(descriptor)
        descriptors[descriptor] = font
        return font
    }

    func openFace(_ font: ResolvedFont) throws(GraphicsError) -> FontFace {
        if let face = faces[font] { return face }
        let face = try FontFace(font: font)
        faces[font] = face
        return face
    }

    /// Shapes the whole of `text` in one face.
    private func shape(_ text: String, face: FontFace, size: Double) throws(GraphicsError) -> TypesetWord {
        let utf8 = Array(text.utf8)
        return try shapeItem(utf8, from: 0, to: utf8.count, face: face, size: size, whole: text)
    }

    /// Shapes bytes `start..<end` of `utf8` in `face`, with the rest of the text as context (so
    /// Arabic joins across a font change), in `direction` or, when `nil`, the direction HarfBuzz
    /// guesses from the text. Returns the glyphs in visual order relative to the item's own origin:
    /// on a line, the baseline's start; top to bottom (`HB_DIRECTION_TTB`), the top of the column,
    /// centred across it, as HarfBuzz places vertical glyphs.
    private func shapeItem(
        _ utf8: [UInt8], from start: Int, to end: Int, face: FontFace, size: Double,
        direction: hb_direction_t? = nil, whole: String? = nil
    ) throws(GraphicsError) -> TypesetWord {
        let text = whole ?? String(decoding: utf8[start..<end], as: UTF8.self)
        try face.setSize(size)
        if buffer == nil { buffer = hb_buffer_create() }
        guard let buffer, hb_buffer_allocation_successful(buffer) != 0 else {
            if let buffer { hb_buffer_destroy(buffer) }
            self.buffer = nil
            throw GraphicsError.harfbuzz("allocate a buffer to shape \"\(text)\"")
        }
        // Cleared after use rather than before, so a buffer left in error is never reused.
        defer { hb_buffer_clear_contents(buffer) }
        // Explicit length: a Swift string may hold NUL, which would cut a C string short.
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(
                    buffer, $0.baseAddress, Int32(clamping: $0.count), UInt32(start),
                    Int32(clamping: end - start))
            }
        }
        if let direction { hb_buffer_set_direction(buffer, direction) }
        // Script and language, and the direction unless given, from the text itself, so Arabic gets
        // RTL and the arab shaper without the caller knowing.
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            throw GraphicsError.harfbuzz("shape \"\(text)\"")
        }

        let scale = face.unitsToPoints
        var count: UInt32 = 0
        var glyphs: [PositionedGlyph] = []
        var ink = Rect.zero
        let direction = hb_buffer_get_direction(buffer)
        let vertical = direction == HB_DIRECTION_TTB
        // HarfBuzz's pen, y up: a line advances along x, a column down (negative y).
        var pen: Int64 = 0, penY: Int64 = 0
        if let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        {
            glyphs.reserveCapacity(Int(count))
            // HarfBuzz already returns right-to-left runs in visual (left-to-right) order.
            for i in 0..<Int(count) {
                let p = positions[i]
                let x = Double(pen + Int64(p.x_offset)) * scale
                let y = Double(-(penY + Int64(p.y_offset))) * scale
                let id = infos[i].codepoint
                glyphs.append(PositionedGlyph(id: id, x: x, y: y))
                if let box = face.cachedInkBox(glyph: id) { ink = ink.union(box.offsetBy(dx: x, dy: y)) }
                pen += Int64(p.x_advance)
                if vertical { penY += Int64(p.y_advance) }
            }
        }
        let metrics = face.ascentDescent
        return TypesetWord(
            text: text, font: face.font, size: size, advance: Double(vertical ? -penY : pen) * scale,
            ascent: metrics.ascent, descent: metrics.descent, inkBounds: ink, glyphs: glyphs,
            isRightToLeft: direction == HB_DIRECTION_RTL, isVertical: vertical)
    }
}
