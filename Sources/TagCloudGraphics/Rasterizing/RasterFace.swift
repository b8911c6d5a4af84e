import CFreeType
import TagCloud

/// Which face of which font file a `RasterFace` has open: the key of the rasteriser's face pool.
struct FaceKey: Hashable {
    var file: String
    var faceIndex: Int
}

/// One open face, used by one thread at a time (the pool guarantees it), with its glyph caches
/// and reusable buffers.
final class RasterFace {
    let key: FaceKey
    let font: FontFace
    /// The character size last given to FreeType, to skip FT_Set_Char_Size when it is unchanged.
    var charSize: (FT_F26Dot6, FT_F26Dot6)?
    private var strikes = GlyphKeyedTable<Strike>(capacity: 64)
    private var lastStrikeKey: StrikeKey?
    private var lastStrike: Strike?
    /// Words held by cached glyphs; past the budget the caches start over, which bounds memory
    /// even for layouts that try thousands of sizes.
    private var cachedWords = 0
    private static let cacheBudgetWords = 1 << 18  // 2 MiB of glyph bits per face
    private static let cacheBudgetGlyphs = 8_192
    private var cachedGlyphs = 0
    /// Bit rows of the glyph or word being made. Like the caches, used by one thread at a time (the
    /// face's), so without the runtime's exclusivity check on every glyph.
    @exclusivity(unchecked) var scratch = ScratchBuffer<UInt64>(capacity: 1024)
    /// Where FreeType writes a glyph's coverage bytes.
    @exclusivity(unchecked) var coverageBytes = ScratchBuffer<UInt8>(capacity: 4096)
    private var placed: [PlacedGlyph] = []
    /// A glyph of the word being rasterised, with its snapped position.
    private struct PlacedGlyph {
        var bits: GlyphBits
        var x: Int
        var y: Int
    }
    /// See `FreeTypeGlyphRasterizer.spansOnly`.
    let spansOnly: Bool
    /// The largest glyph box, in pixels, rendered into a coverage bitmap (a byte per pixel);
    /// larger ones go through spans, which need a bit per pixel.
    static let largestCoverageBitmap = 1 << 22

    init(font: ResolvedFont, key: FaceKey, spansOnly: Bool) throws(GraphicsError) {
        self.font = try FontFace(font: font)
        self.key = key
        self.spansOnly = spansOnly
    }

    deinit {
        scratch.deallocate()
        coverageBytes.deallocate()
    }

    private func strike(size: Double, rotation: Double) -> Strike {
        let key = StrikeKey(high: size.bitPattern, low: rotation.bitPattern)
        if key == lastStrikeKey, let lastStrike { return lastStrike }
        let strike: Strike
        if let known = strikes[key] {
            strike = known
        } else {
            strike = Strike(size: size, rotation: rotation)
            strikes.set(strike, for: key)
        }
        lastStrikeKey = key
        lastStrike = strike
        return strike
    }

    func coverage(of word: TypesetWord, rotation: Double, placement: GlyphPlacement) throws(GraphicsError) -> WordMask {
        let strike = strike(size: word.size, rotation: rotation)
        let c = strike.cos, s = strike.sin
        // Work on a local array (its storage is kept between calls): class properties pay for a
        // runtime exclusivity check on every access.
        var placed = self.placed
        self.placed = []
        placed.removeAll(keepingCapacity: true)
        defer { self.placed = placed }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

        // Pass 1: snap each glyph origin the way cairo does and fetch (or render) its bits.
        for glyph in word.glyphs {
            // cairo_matrix_transform_point with the CTM's linear part [c, s, -s, c]: the glyph
            // offset rotated clockwise on screen, relative to the origin.
            let vx = c * glyph.x + -s * glyph.y
            let vy = s * glyph.x + c * glyph.y
            let (px, phaseX) = placement.snap(vx)
            let (py, phaseY) = placement.snap(vy)
            let cacheKey = UInt64(glyph.id) | UInt64(phaseX) << 32 | UInt64(phaseY) << 34
            let bits: GlyphBits
            if let cached = strike.glyphs[GlyphKeyedTable.Key(high: 0, low: cacheKey)] {
                bits = cached
            } else {
                bits = try render(glyph: glyph.id, strike: strike, phaseX: phaseX, phaseY: phaseY)
                remember(bits, key: cacheKey, in: strike)
            }
            if bits.isEmpty { continue }
            placed.append(PlacedGlyph(bits: bits, x: px, y: py))
            minX = min(minX, px + bits.left)
            minY = min(minY, py + bits.top)
            maxX = max(maxX, px + bits.left + bits.width)
            maxY = max(maxY, py + bits.top + bits.height)
        }
        guard !placed.isEmpty else { return noInk }

        // Pass 2: OR the glyphs into one buffer covering the union of their (already tight)
        // boxes, which is therefore the tight box of the word.
        let width = maxX - minX, height = maxY - minY
        let wordsPerRow = (width + 63) >> 6
        let rows = scratch.zeroed(wordsPerRow * height)
        for g in placed {
            let bits = g.bits
            let shift = g.x + bits.left - minX
            let firstRow = g.y + bits.top - minY
            bits.words.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                for r in 0..<bits.height {
                    orRow(
                        base + r * bits.wordsPerRow, count: bits.wordsPerRow,
                        into: rows + (firstRow + r) * wordsPerRow, count: wordsPerRow, shift: shift)
                }
            }
        }

        // Pass 3: the rows become the mask's words as they are (nothing lies past the width: the
        // buffer is the union of the glyphs' tight boxes).
        let mask = BitMask(
            width: width, height: height,
            words: Array(UnsafeBufferPointer(start: rows, count: wordsPerRow * height)))
        return WordMask(bits: mask, offsetX: minX, offsetY: minY)
    }

    private func remember(_ bits: GlyphBits, key: UInt64, in strike: Strike) {
        if cachedWords + bits.words.count > Self.cacheBudgetWords || cachedGlyphs >= Self.cacheBudgetGlyphs {
            strikes.forEachValue { $0.glyphs.removeAll() }
            strikes.removeAll()
            // Keep the strike in use reachable so the rest of this word still fills it.
            if let lastStrikeKey, let lastStrike { strikes.set(lastStrike, for: lastStrikeKey) }
            cachedWords = 0
            cachedGlyphs = 0
        }
        strike.glyphs.set(bits, for: GlyphKeyedTable.Key(high: 0, low: key))
        cachedWords += bits.words.count
        cachedGlyphs += 1
    }

    /// Renders one glyph as cairo would for this strike and phase.
    private func render(glyph: UInt32, strike: Strike, phaseX: Int, phaseY: Int) throws(GraphicsError) -> GlyphBits {
        let face = font.face
        guard font.isScalable else {
            return try colorBox(glyph: glyph, strike: strike, phaseX: phaseX, phaseY: phaseY)
        }
        if charSize?.0 != strike.charWidth || charSize?.1 != strike.charHeight {
            // Cairo asks for exactly this size (0 dpi means 72, so 1 unit = 1 pixel).
            let error = FT_Set_Char_Size(face, strike.charWidth, strike.charHeight, 0, 0)
            guard error == 0 else {
                charSize = nil
                throw GraphicsError.freetype("set size \(strike.size) for \"\(font.font.file)\"", code: error)
            }
            charSize = (strike.charWidth, strike.charHeight)
        }
        let error = FT_Load_Glyph(face, glyph, outlineLoadFlags)
        guard error == 0, let slot = face.pointee.glyph, slot.pointee.format == ftGlyphFormatOutline else {
            // No outline for this glyph (a colour bitmap in an otherwise scalable font).
            return try colorBox(glyph: glyph, strike: strike, phaseX: phaseX, phaseY: phaseY)
        }
        // The struct is copied but its point array is the slot's, so transforming the copy
        // transforms the slot's outline in place (it is reloaded for every glyph anyway).
        var outline = slot.pointee.outline
        guard outline.n_points > 0 else { return GlyphBits.empty }
        return try rasterize(&outline, library: slot.pointee.library, strike: strike, phaseX: phaseX, phaseY: phaseY)
    }
}
