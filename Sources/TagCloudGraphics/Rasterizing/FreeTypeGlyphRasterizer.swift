import TagCloud

/// Word coverage masks from FreeType, computed so that they agree pixel for pixel with what
/// `CairoRenderer` paints.
///
/// Each glyph's unhinted outline is scaled and rotated exactly as cairo's FreeType backend does it
/// (the same character size and the same 16.16 shape matrix), rendered by FreeType's anti-aliasing
/// rasteriser at the same coordinates cairo has it render (cairo draws glyphs with
/// FT_Render_Glyph), and every pixel with any coverage at all is set. Cairo does
/// not draw a glyph at its exact position: it draws a cached glyph image at the position rounded to
/// the pixel grid (cairo 1.16) or to a quarter pixel (cairo 1.17.6 and later), so the glyphs here
/// are snapped the same way, matching the cairo library the process actually loaded. The result is
/// exact whenever the word's origin is drawn on whole pixels, which is where layouts put it.
///
/// Rendered glyphs are cached per font, size, angle and sub-pixel phase, since a word cloud
/// repeats letters constantly. Several threads may call `coverage(of:rotation:)` at once: FreeType
/// faces are not thread-safe, so each call borrows a face (with its own caches and buffers) from a
/// small pool and works on it alone.
public final class FreeTypeGlyphRasterizer: GlyphRasterizer, @unchecked Sendable {
    /// The instance `FreeTypeTypesetter` delegates to, so every typesetter shares one pool of faces
    /// and glyph caches.
    static let shared = FreeTypeGlyphRasterizer()

    /// How glyph origins are snapped, chosen to match the cairo library in use.
    let placement: GlyphPlacement
    /// Guards `idleFaces`; held only to take or return a face, never while rasterising.
    private let lock = Lock()
    private var idleFaces: [FaceKey: [RasterFace]] = [:]
    /// The face returned last, kept out of `idleFaces`: a layout rasterises one font over and over,
    /// and finding its face again by hashing the font's path costs more than comparing it.
    private var lastIdle: RasterFace?
    /// Idle faces kept per font; more than the number of threads that can run at once would
    /// only hold memory (each face carries its own glyph cache). Asked once per process: Foundation
    /// reads the cgroup's CPU quota from files every time, and a rasteriser is made per layout.
    private static let maximumIdleFacesPerFont = max(2, AvailableProcessors.count)

    /// Whether every glyph goes through FreeType's span callback, never through a coverage
    /// bitmap (for tests: both must give the same pixels).
    let spansOnly: Bool

    /// Creates a rasteriser with its own face pool and glyph caches.
    public init() {
        placement = .matchingCairo
        spansOnly = false
    }

    /// A rasteriser snapping glyphs as `placement` says, whatever cairo is loaded, and rendering
    /// every glyph through spans when `spansOnly` (for tests).
    init(placement: GlyphPlacement, spansOnly: Bool = false) {
        self.placement = placement
        self.spansOnly = spansOnly
    }

    /// The pixels (1 pixel = 1 point) touched by `word`'s glyphs drawn with its origin at (0, 0),
    /// rotated by `rotation` degrees clockwise on screen about the origin. A pixel is set when any
    /// part of it is covered, however faintly; the mask is cropped to the set pixels, and a word
    /// without ink (only spaces) gives an empty 0×0 mask at offset (0, 0).
    ///
    /// Throws when the font cannot be opened, the size is not a usable font size, the rotation is
    /// not finite, or FreeType fails on a glyph.
    public func coverage(of word: TypesetWord, rotation: Double) throws(CoreError) -> WordMask {
        do throws(GraphicsError) {
            return try rasterize(word, rotation: rotation)
        } catch {
            throw error.coreError
        }
    }

    /// `coverage(of:rotation:)`, throwing the graphics library's own errors.
    func rasterize(_ word: TypesetWord, rotation: Double) throws(GraphicsError) -> WordMask {
        guard word.size.isFinite, word.size > 0, word.size <= 10_000 else {
            throw GraphicsError.invalidFontSize(word.size)
        }
        guard rotation.isFinite else { throw GraphicsError.invalidRotation(text: word.text, rotation: rotation) }
        if word.glyphs.isEmpty { return noInk }
        if word.glyphs.allSatisfy({ $0.font == 0 }) {
            let face = try checkOut(word.font)
            defer { checkIn(face) }
            return try face.coverage(of: word, rotation: rotation, placement: placement)
        }
        // A word in several fonts: each font's glyphs are rasterised by that font's face, at the
        // positions they have in the word (as CairoRenderer draws them, one run per font), and the
        // masks are joined.
        var parts: [WordMask] = []
        var indices: [Int] = []
        for g in word.glyphs where !indices.contains(g.font) { indices.append(g.font) }
        for index in indices {
            var part = word
            part.glyphs = word.glyphs.filter { $0.font == index }
            let face = try checkOut(word.font(at: index))
            defer { checkIn(face) }
            parts.append(try face.coverage(of: part, rotation: rotation, placement: placement))
        }
        return union(parts)
    }

    /// The pixels set in any of `masks` (all relative to one origin), cropped to them.
    private func union(_ masks: [WordMask]) -> WordMask {
        let inked = masks.filter { $0.bits.width > 0 && $0.bits.height > 0 }
        guard let first = inked.first else { return noInk }
        if inked.count == 1 { return first }
        let left = inked.map { $0.offsetX }.min() ?? 0, top = inked.map { $0.offsetY }.min() ?? 0
        let right = inked.map { $0.offsetX + $0.bits.width }.max() ?? 0
        let bottom = inked.map { $0.offsetY + $0.bits.height }.max() ?? 0
        var out = BitMask(width: right - left, height: bottom - top)
        for mask in inked {
            let dx = mask.offsetX - left, dy = mask.offsetY - top
            for y in 0..<mask.bits.height {
                var x = 0
                while x < mask.bits.width {
                    guard mask.bits[x, y] else { x += 1; continue }
                    var end = x + 1
                    while end < mask.bits.width, mask.bits[end, y] { end += 1 }
                    out.setRun(y: y + dy, from: x + dx, to: end + dx)
                    x = end
                }
            }
        }
        return WordMask(bits: out, offsetX: left, offsetY: top)
    }

    // MARK: - Face pool

    private func checkOut(_ font: ResolvedFont) throws(GraphicsError) -> RasterFace {
        let key = FaceKey(file: font.file, faceIndex: font.faceIndex)
        let idle = lock.withLock { () -> RasterFace? in
            if let face = lastIdle, face.key.faceIndex == font.faceIndex, face.key.file == font.file {
                lastIdle = nil
                return face
            }
            return idleFaces[key]?.popLast()
        }
        if let idle { return idle }
        // Opening a face takes FreeType's library lock (inside FontFace); doing it outside our own
        // lock lets other fonts' faces come and go meanwhile.
        return try RasterFace(font: font, key: key, spansOnly: spansOnly)
    }

    private func checkIn(_ face: RasterFace) {
        lock.withLock {
            guard let last = lastIdle else {
                lastIdle = face
                return
            }
            // The slot holds one face; the one it held joins the others of its font. Past the cap a
            // face is dropped here and closed by its deinit, under the library lock.
            lastIdle = face
            if idleFaces[last.key, default: []].count < Self.maximumIdleFacesPerFont - 1 {
                idleFaces[last.key, default: []].append(last)
            }
        }
    }
}

/// The mask of a word without ink.
let noInk = WordMask(bits: BitMask(width: 0, height: 0), offsetX: 0, offsetY: 0)
