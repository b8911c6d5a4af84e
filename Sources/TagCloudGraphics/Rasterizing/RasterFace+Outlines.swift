import CFreeType
import TagCloud

/// Rendering one glyph outline into bits, as cairo has FreeType render it: through a coverage bitmap,
/// or through FreeType's span callback for glyphs FreeType renders oversampled and for glyphs too
/// large for a byte per pixel. Colour glyphs without an outline are rasterised as their ink box.
extension RasterFace {
    /// Applies the strike's rotation and the phase shift to `outline` (in pixels, y up, about the
    /// glyph origin) and collects every pixel it touches.
    func rasterize(
        _ outline: inout FT_Outline, library: FT_Library?, strike: Strike,
        phaseX: Int, phaseY: Int
    ) throws(GraphicsError) -> GlyphBits {
        // What FT_Set_Transform does inside FT_Load_Glyph for cairo.
        if !strike.isIdentity {
            var matrix = strike.matrix
            FT_Outline_Transform(&outline, &matrix)
        }
        // Cairo ≥ 1.17.6 shifts the outline by the phase in quarter pixels (16 in 26.6); its y
        // phase moves the glyph down on screen, which is −y for FreeType.
        if phaseX != 0 || phaseY != 0 {
            FT_Outline_Translate(&outline, FT_Pos(phaseX * 16), FT_Pos(-phaseY * 16))
        }
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&outline, &cbox)
        // Cairo has FreeType render the glyph (FT_Render_Glyph) into a bitmap spanning the control
        // box rounded out to whole pixels, with the outline moved so that box starts at (0, 0).
        // The same numbers are used here, not just the same shape: FreeType's rasteriser is not
        // exactly translation invariant (an outline reaching into negative coordinates can gain or
        // lose a pixel of faint coverage), so only cairo's coordinates give cairo's pixels.
        // Nothing is drawn outside that box, so it needs no slack either.
        let xMin = cbox.xMin & -64, yMin = cbox.yMin & -64
        let xMax = (cbox.xMax + 63) & -64, yMax = (cbox.yMax + 63) & -64
        let width = Int((xMax - xMin) >> 6), height = Int((yMax - yMin) >> 6)
        guard width > 0, height > 0 else { return GlyphBits.empty }
        FT_Outline_Translate(&outline, -xMin, -yMin)
        // Glyphs flagged as having overlapping contours (FT_OUTLINE_OVERLAP, 0x40, set from the
        // TrueType OVERLAP_SIMPLE/COMPOUND bits; common in variable fonts) are rendered by
        // FreeType at 4× in each direction and averaged, which drops sub-pixel coverages below
        // 8/255 and so sets a different pixel set (ft_smooth_raster_overlap). Mirror that exactly.
        // Past 8191 pixels of width FreeType refuses such a glyph altogether; the plain rendering
        // used here then can only add pixels.
        let oversampled = outline.flags & 0x40 != 0 && width * 4 <= 0x7FFF
        if !oversampled && !spansOnly && width * height <= Self.largestCoverageBitmap {
            return try rasterizeToCoverageBitmap(
                &outline, library: library, width: width, height: height,
                xMin: xMin, yMax: yMax)
        }
        if oversampled, let points = outline.points {
            for i in 0..<Int(outline.n_points) {
                points[i].x *= 4
                points[i].y *= 4
            }
        }
        let scale = oversampled ? 4 : 1
        let wordsPerRow = (width + 63) >> 6
        var target = SpanTarget(
            rows: scratch.zeroed(wordsPerRow * height), wordsPerRow: wordsPerRow,
            width: width, height: height, oversampled: oversampled)
        var params = FT_Raster_Params()
        params.flags = FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP
        params.gray_spans = collectSpans
        // Clipping to the bitmap's extent gives the rasteriser the very bounds FreeType's own
        // bitmap rendering uses.
        params.clip_box = FT_BBox(xMin: 0, yMin: 0, xMax: FT_Pos(width * scale), yMax: FT_Pos(height * scale))
        let error = withUnsafeMutablePointer(to: &target) { pointer -> FT_Error in
            params.user = UnsafeMutableRawPointer(pointer)
            return FT_Outline_Render(library, &outline, &params)
        }
        try checkRendered(error)
        guard target.maxRow >= 0 else { return GlyphBits.empty }
        return cropped(
            target.rows, wordsPerRow: wordsPerRow, rows: target.minRow...target.maxRow,
            columns: target.minColumn...target.maxColumn, xMin: xMin, yMax: yMax)
    }

    /// Renders the outline (already moved so its box starts at (0, 0)) into a coverage bitmap of
    /// `width` × `height` bytes and keeps the pixels whose byte is not zero.
    ///
    /// The same pixels as the span callback collects: both come from the same cells, swept the same
    /// way, and a byte is written exactly where a span with that coverage would be. But FreeType fills
    /// a bitmap's interior runs with `memset` and its edge pixels with one store each, where the
    /// callback costs a call per row and a few operations per span, and every edge pixel of a curve
    /// is a span of its own: turning the bytes into bits costs less than half as much. Glyphs FreeType
    /// renders oversampled, and glyphs too large for a byte per pixel, still go through the callback.
    private func rasterizeToCoverageBitmap(
        _ outline: inout FT_Outline, library: FT_Library?, width: Int, height: Int,
        xMin: FT_Pos, yMax: FT_Pos
    ) throws(GraphicsError) -> GlyphBits {
        // Rows padded to whole 8-byte chunks, which stay zero.
        let pitch = (width + 7) & ~7, chunks = pitch >> 3
        let bytes = coverageBytes.zeroed(pitch * height)
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(height)
        bitmap.width = UInt32(width)
        bitmap.pitch = Int32(pitch)  // positive: the first row is the top one
        bitmap.buffer = bytes
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        var params = FT_Raster_Params()
        params.flags = FT_RASTER_FLAG_AA
        let error = withUnsafePointer(to: &bitmap) { target -> FT_Error in
            params.target = target
            return FT_Outline_Render(library, &outline, &params)
        }
        try checkRendered(error)
        // Eight bytes at a time into eight bits, noting the box of what is set.
        let wordsPerRow = (width + 63) >> 6
        let rows = scratch.zeroed(wordsPerRow * height)
        var minRow = Int.max, maxRow = -1, minColumn = Int.max, maxColumn = -1
        UnsafeRawPointer(bytes).withMemoryRebound(to: UInt64.self, capacity: chunks * height) { source in
            for r in 0..<height {
                let line = source + r &* chunks, out = rows + r &* wordsPerRow
                var any: UInt64 = 0
                for c in 0..<chunks {
                    let eight = line[c]
                    if eight == 0 { continue }
                    let bits = nonzeroBytes(eight)
                    out[c >> 3] |= bits << UInt64((c & 7) << 3)
                    any |= bits
                }
                guard any != 0 else { continue }
                minRow = min(minRow, r)
                maxRow = r
                for k in 0..<wordsPerRow where out[k] != 0 {
                    minColumn = min(minColumn, k << 6 + out[k].trailingZeroBitCount)
                    maxColumn = max(maxColumn, k << 6 + 63 - out[k].leadingZeroBitCount)
                }
            }
        }
        guard maxRow >= 0 else { return GlyphBits.empty }
        return cropped(
            rows, wordsPerRow: wordsPerRow, rows: minRow...maxRow, columns: minColumn...maxColumn,
            xMin: xMin, yMax: yMax)
    }

    /// Throws unless FreeType rendered the glyph: a partial mask could let words overlap, so a
    /// failure is an error, not fewer pixels.
    private func checkRendered(_ error: FT_Error) throws(GraphicsError) {
        guard error == 0 else {
            throw GraphicsError.freetype("rasterise a glyph of \"\(font.font.file)\"", code: error)
        }
    }

    /// The set rows and columns of `rows` (a glyph's box, FreeType's `xMin` and `yMax` at its
    /// top-left) as a glyph's bits, so cached glyphs and word boxes are tight.
    private func cropped(
        _ rows: UnsafeMutablePointer<UInt64>, wordsPerRow: Int, rows set: ClosedRange<Int>,
        columns: ClosedRange<Int>, xMin: FT_Pos, yMax: FT_Pos
    ) -> GlyphBits {
        let firstRow = set.lowerBound, firstColumn = columns.lowerBound
        let w = columns.count, h = set.count
        let wpr = (w + 63) >> 6
        var words = [UInt64](specializedRepeating: 0, count: wpr * h)
        words.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for r in 0..<h {
                orRow(
                    rows + (firstRow + r) * wordsPerRow, count: wordsPerRow,
                    into: base + r * wpr, count: wpr, shift: -firstColumn)
            }
        }
        // Back to glyph-origin coordinates, y down: column 0 is FreeType's xMin, row 0 is yMax.
        return GlyphBits(
            left: Int(xMin >> 6) + firstColumn, top: -Int(yMax >> 6) + firstRow,
            width: w, height: h, words: words)
    }

    /// A glyph without an outline (a colour emoji bitmap): its ink box, one pixel larger on every
    /// side because cairo scales such bitmaps with a filter that smears their edges, rotated and
    /// placed like an outline and rasterised as a rectangle.
    func colorBox(glyph: UInt32, strike: Strike, phaseX: Int, phaseY: Int) throws(GraphicsError) -> GlyphBits {
        try font.setSize(strike.size)
        // setSize may have changed FreeType's size behind our back.
        charSize = nil
        guard let box = font.inkBox(glyph: glyph), !box.isEmpty else { return GlyphBits.empty }
        // 26.6 FreeType coordinates, y up.
        let x0 = FT_Pos(((box.minX - 1) * 64).rounded(.down)), x1 = FT_Pos(((box.maxX + 1) * 64).rounded(.up))
        let top = FT_Pos((-(box.minY - 1) * 64).rounded(.up)), bottom = FT_Pos((-(box.maxY + 1) * 64).rounded(.down))
        var points = [
            FT_Vector(x: x0, y: bottom), FT_Vector(x: x1, y: bottom),
            FT_Vector(x: x1, y: top), FT_Vector(x: x0, y: top),
        ]
        // Tags and the contour end index: FreeType's field types differ between releases (signed
        // or unsigned), so the storage is raw and bound to whatever type the field has.
        let tags = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 4)
        let contours = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { tags.deallocate(); contours.deallocate() }
        tags.initializeMemory(as: UInt8.self, repeating: 1, count: 4)  // FT_CURVE_TAG_ON
        contours.initializeMemory(as: UInt16.self, repeating: 3, count: 1)  // last point index
        return try points.withUnsafeMutableBufferPointer { (buffer) throws(GraphicsError) -> GlyphBits in
            var outline = FT_Outline()
            outline.n_contours = 1
            outline.n_points = 4
            outline.points = buffer.baseAddress
            bind(tags, to: &outline.tags)
            bind(contours, to: &outline.contours)
            return try rasterize(
                &outline, library: font.face.pointee.glyph?.pointee.library, strike: strike,
                phaseX: phaseX, phaseY: phaseY)
        }
    }
}

/// Points a C pointer field at raw storage, whatever integer type the field declares.
private func bind<T>(_ raw: UnsafeMutableRawPointer, to field: inout UnsafeMutablePointer<T>?) {
    field = raw.assumingMemoryBound(to: T.self)
}
