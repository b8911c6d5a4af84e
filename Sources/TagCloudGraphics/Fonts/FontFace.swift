import CFreeType
import CHarfBuzz
import TagCloud

/// One opened font face: an `FT_Face` plus the HarfBuzz font that shapes with it.
///
/// Not thread-safe by itself (FreeType faces hold the current size and glyph slot); each owner keeps
/// its faces behind its own lock.
final class FontFace {
    /// The FreeType face; owned, freed in `deinit`.
    let face: FT_Face
    /// HarfBuzz font created from `face` (holds its own reference to the face).
    let hbFont: OpaquePointer
    /// What was opened.
    let font: ResolvedFont
    /// Whether the face has outlines (false for bitmap-only colour emoji fonts).
    let isScalable: Bool
    private let library: FreeTypeLibrary
    private var currentSize: Double = -1
    /// Multiply 26.6 values of the current size by this to get points.
    private(set) var unitsToPoints: Double = 1.0 / 64
    /// Lazily created OpenType-functions font: it shapes outline faces (`shapingFont`) and measures
    /// bitmap glyphs that the FreeType-backed font cannot measure without outlines.
    private var otFont: OpaquePointer?

    /// Opens face `font.faceIndex` of `font.file`.
    init(font: ResolvedFont) throws(GraphicsError) {
        let library = try FreeTypeLibrary.shared()
        let (face, hbFont): (FT_Face, OpaquePointer) = try library.withLock { (lib) throws(GraphicsError) in
            let face = try Self.openFace(library: lib, path: font.file, index: font.faceIndex)
            // hb_ft_font_create_referenced never returns NULL; on allocation failure it returns the
            // inert empty font, which we detect by its missing face reference below.
            guard let hb = hb_ft_font_create_referenced(face) else {
                FT_Done_Face(face)
                throw GraphicsError.harfbuzz("create a font for \"\(font.file)\"")
            }
            if hb_font_get_face(hb) == hb_face_get_empty() {
                hb_font_destroy(hb)
                FT_Done_Face(face)
                throw GraphicsError.harfbuzz("create a font for \"\(font.file)\"")
            }
            return (face, hb)
        }
        self.face = face
        self.hbFont = hbFont
        self.font = font
        self.library = library
        self.isScalable = face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0
        // Bitmap-only faces would have no advances at all with FT_LOAD_NO_BITMAP.
        hb_ft_font_set_load_flags(
            hbFont,
            isScalable
                ? outlineLoadFlags
                : Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR))
    }

    deinit {
        library.withLock { _ in
            if let otFont { hb_font_destroy(otFont) }
            hb_font_destroy(hbFont)
            FT_Done_Face(face)
        }
    }

    /// Opens a face, turning FreeType's error into one that names the file. The caller holds the
    /// library lock.
    static func openFace(library: FT_Library, path: String, index: Int) throws(GraphicsError) -> FT_Face {
        var face: FT_Face?
        let error: FT_Error
        if let bytes = FontFiles.bytes(path) {
            // Handed over in memory (WebAssembly has no files); kept for as long as the face is open.
            error = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), FT_Long(index), &face)
        } else {
            error = FT_New_Face(library, path, FT_Long(index), &face)
        }
        guard error == 0, let face else {
            // 0x01 is FT_Err_Cannot_Open_Resource: the file is missing or unreadable; everything
            // else means the bytes are not a font FreeType understands.
            if error == 0x01 { throw GraphicsError.fontFileNotFound(path) }
            throw GraphicsError.notAFont(path)
        }
        do {
            try FontTableCheck.checkNameTable(face, path: path)
        } catch {
            FT_Done_Face(face)
            throw error
        }
        if face.pointee.charmap == nil {
            // Fonts without a Unicode cmap would map every character to .notdef; trying costs
            // nothing, and a failure just sends the text to a fallback font later.
            _ = FT_Select_Charmap(face, ftEncodingUnicode)
        }
        return face
    }

    /// Reads the family name, CSS weight and style a font file declares about itself, for fonts
    /// given by path rather than found through fontconfig.
    static func describe(path: String) throws(GraphicsError) -> ResolvedFont {
        let library = try FreeTypeLibrary.shared()
        return try library.withLock { (lib) throws(GraphicsError) -> ResolvedFont in
            let face = try openFace(library: lib, path: path, index: 0)
            defer { FT_Done_Face(face) }
            let name = face.pointee.family_name.map { String(cString: $0) } ?? ""
            let family =
                name.isEmpty
                ? fileStem(path) : name
            var weight = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
            if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.usWeightClass >= 1 && os2.usWeightClass <= 1000 { weight = Int(os2.usWeightClass) }
            }
            let italic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            return ResolvedFont(
                family: family, file: path, faceIndex: 0, weight: weight,
                style: italic ? .italic : .normal)
        }
    }

    /// Sets the face to `size` points (1 pt = 1 unit at 72 dpi) and tells HarfBuzz, skipping the
    /// work when the size is unchanged since FreeType recomputes scales on every call.
    func setSize(_ size: Double) throws(GraphicsError) {
        guard size.isFinite, size > 0, size <= 10_000 else { throw GraphicsError.invalidFontSize(size) }
        if size == currentSize { return }
        if isScalable {
            let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
            guard error == 0 else {
                throw GraphicsError.freetype("set size \(size) for \"\(font.file)\"", code: error)
            }
            unitsToPoints = 1.0 / 64
        } else {
            // Bitmap fonts only come in fixed strikes: pick the smallest strike at least as large
            // as asked (else the largest) and scale its metrics to the requested size.
            let count = Int(face.pointee.num_fixed_sizes)
            guard count > 0, let sizes = face.pointee.available_sizes else {
                throw GraphicsError.notAFont(font.file)
            }
            let ppems = (0..<count).map { Double(sizes[$0].y_ppem) / 64 }
            let larger = ppems.indices.filter { ppems[$0] >= size }
            let best =
                larger.min { ppems[$0] < ppems[$1] }
                ?? ppems.indices.max { ppems[$0] < ppems[$1] } ?? 0
            let error = FT_Select_Size(face, FT_Int(best))
            guard error == 0 else {
                throw GraphicsError.freetype("select a bitmap size in \"\(font.file)\"", code: error)
            }
            let ppem = ppems[best]
            unitsToPoints = ppem > 0 ? size / ppem / 64 : 1.0 / 64
        }
        hb_ft_font_changed(hbFont)
        if let otFont { Self.copyScale(from: hbFont, to: otFont) }
        currentSize = size
    }

    /// Ascender and descender of the current size, in points, both positive.
    var ascentDescent: (ascent: Double, descent: Double) {
        guard let size = face.pointee.size else { return (0, 0) }
        let m = size.pointee.metrics
        return (Double(m.ascender) * unitsToPoints, Double(-m.descender) * unitsToPoints)
    }

    /// Whether the face maps `scalar` to a real glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 128 {
            // ASCII, most of every word: looked up once per face, then one bit per character.
            let bits = asciiCoverage
            return (scalar.value < 64 ? bits.low >> UInt64(scalar.value) : bits.high >> UInt64(scalar.value - 64)) & 1 != 0
        }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Which of the 128 ASCII characters the face has glyphs for, one bit each.
    private lazy var asciiCoverage: (low: UInt64, high: UInt64) = {
        var low: UInt64 = 0, high: UInt64 = 0
        for c in 0..<128 where FT_Get_Char_Index(face, FT_ULong(c)) != 0 {
            if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
        }
        return (low, high)
    }()

    /// Ink boxes measured by `cachedInkBox`, by size and glyph. Read for every glyph shaped, by one
    /// thread at a time (a face is used under its owner's lock), so without the runtime's check.
    @exclusivity(unchecked) private var inkBoxes = GlyphKeyedTable<Rect?>(capacity: 256)
    private static let inkBoxLimit = 16_384

    /// `inkBox(glyph:)`, remembered per size: a typesetter measures the same letters at the same
    /// sizes over and over, and each measurement loads and scales the glyph's outline. Only for
    /// faces whose size is changed through `setSize` alone (the remembered box belongs to the size
    /// `setSize` last set).
    func cachedInkBox(glyph: UInt32) -> Rect? {
        let key = GlyphKeyedTable<Rect?>.Key(high: currentSize.bitPattern, low: UInt64(glyph))
        if let known = inkBoxes[key] { return known }
        let box = inkBox(glyph: glyph)
        if inkBoxes.count >= Self.inkBoxLimit { inkBoxes.removeAll() }
        inkBoxes.set(box, for: key)
        return box
    }

    /// Ink box of `glyph` at the current size, relative to its origin, y down; `nil` for glyphs
    /// without ink (spaces) or that cannot be measured.
    func inkBox(glyph: UInt32) -> Rect? {
        if isScalable, FT_Load_Glyph(face, glyph, outlineLoadFlags) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == ftGlyphFormatOutline
        {
            guard slot.pointee.outline.n_points > 0 else { return nil }
            var box = FT_BBox()
            guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return nil }
            // FreeType's y grows upward; ours grows downward.
            return Rect(
                x: Double(box.xMin) * unitsToPoints, y: Double(-box.yMax) * unitsToPoints,
                width: Double(box.xMax - box.xMin) * unitsToPoints,
                height: Double(box.yMax - box.yMin) * unitsToPoints)
        }
        // No outline (colour bitmap glyphs): ask HarfBuzz, first through FreeType, then through its
        // own OpenType tables, which understand CBDT/sbix strikes.
        var extents = hb_glyph_extents_t()
        var found = hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0
        if !found, let ot = openTypeFont() {
            found = hb_font_get_glyph_extents(ot, glyph, &extents) != 0
        }
        guard found, extents.width != 0, extents.height != 0 else { return nil }
        // y_bearing is the top edge (y up) and height is negative (downward).
        let x0 = Double(extents.x_bearing), x1 = Double(extents.x_bearing + extents.width)
        let top = Double(-extents.y_bearing), bottom = Double(-(extents.y_bearing + extents.height))
        return Rect(
            x: min(x0, x1) * unitsToPoints, y: min(top, bottom) * unitsToPoints,
            width: abs(x1 - x0) * unitsToPoints, height: abs(bottom - top) * unitsToPoints)
    }

    /// The font words are shaped with. For outline faces, HarfBuzz's own OpenType functions,
    /// scaled like `hbFont`: they read advances and the character map from the font's tables,
    /// where the FreeType-backed font asks FreeType glyph by glyph, under a lock. Bitmap faces keep
    /// `hbFont`, whose advances come from their strikes.
    var shapingFont: OpaquePointer { isScalable ? (openTypeFont() ?? hbFont) : hbFont }

    private func openTypeFont() -> OpaquePointer? {
        if let otFont { return otFont }
        guard let face = hb_font_get_face(hbFont), let ot = hb_font_create(face) else { return nil }
        if ot == hb_font_get_empty() { return nil }
        Self.copyScale(from: hbFont, to: ot)
        otFont = ot
        return ot
    }

    /// Gives `target` the scale, pixels per em and point size FreeType gave `source`, so both
    /// fonts measure and position glyphs alike (ppem selects GPOS device-table adjustments).
    private static func copyScale(from source: OpaquePointer, to target: OpaquePointer) {
        var xScale: Int32 = 0, yScale: Int32 = 0
        hb_font_get_scale(source, &xScale, &yScale)
        hb_font_set_scale(target, xScale, yScale)
        var xPPEM: UInt32 = 0, yPPEM: UInt32 = 0
        hb_font_get_ppem(source, &xPPEM, &yPPEM)
        hb_font_set_ppem(target, xPPEM, yPPEM)
        hb_font_set_ptem(target, hb_font_get_ptem(source))
    }
}

/// Whether `scalar` needs a glyph of its own. Whitespace, controls and default-ignorable code
/// points (ZWJ, variation selectors, bidi marks) are drawn as nothing by every shaper, so a font
/// lacking them must not force a fallback.
func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
    // ASCII, most of every word, without the property tables: only its controls (C0 and DEL) and
    // whitespace (tab to carriage return, space) need none; none of it is default-ignorable.
    if scalar.value < 0x80 { return scalar.value > 0x20 && scalar.value != 0x7F }
    let p = scalar.properties
    if p.isWhitespace || p.isDefaultIgnorableCodePoint { return false }
    switch p.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return false
    default: return true
    }
}

/// The file name of `path` without its folder and extension (`/a/DejaVuSans.ttf` → `DejaVuSans`).
func fileStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
}
