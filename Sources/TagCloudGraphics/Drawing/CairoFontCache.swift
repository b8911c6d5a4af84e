import CCairo
import CFontconfig
import CFreeType
import Foundation
import TagCloud

/// Cairo font faces keyed by font file and face index, created once and shared by every render
/// of the renderer that owns the cache.
///
/// Creating a cairo FreeType face is cheap, but cairo keys its glyph caches on the face object,
/// so reusing one face per file keeps rasterised glyphs warm across words and renders.
/// Renders may run on several threads at once, hence the lock; cairo itself reference-counts
/// faces atomically and serialises its access to the underlying FT_Face.
final class CairoFontCache: @unchecked Sendable {
    private struct Key: Hashable {
        var file: String
        var faceIndex: Int
    }

    private let lock = Lock()
    private var faces: [Key: OpaquePointer] = [:]
    // Used only to prove a font file opens before cairo sees it: cairo reports an unreadable
    // font as "out of memory", which would send the user looking in the wrong place.
    private var library: FT_Library?

    init() {}

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The cairo face for `font`, borrowed: it stays alive as long as this cache does.
    func face(for font: ResolvedFont) throws -> OpaquePointer {
        let key = Key(file: font.file, faceIndex: font.faceIndex)
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[key] { return face }
        let bitmapOnly = try checkOpens(key)
        let face = try makeFace(key, bitmapOnly: bitmapOnly)
        faces[key] = face
        return face
    }

    /// Proves the font opens and that Cairo's PDF font embedding can read it safely
    /// (`FontTableCheck`); returns whether it is a bitmap-only face (a colour emoji font).
    private func checkOpens(_ key: Key) throws -> Bool {
        if library == nil {
            var lib: FT_Library?
            guard FT_Init_FreeType(&lib) == 0, let lib else {
                throw GraphicsError.fontUnreadable(path: key.file, faceIndex: key.faceIndex)
            }
            library = lib
        }
        var ftFace: FT_Face?
        guard key.faceIndex >= 0,
            FT_New_Face(library, key.file, FT_Long(key.faceIndex), &ftFace) == 0, let ftFace
        else {
            throw GraphicsError.fontUnreadable(path: key.file, faceIndex: key.faceIndex)
        }
        defer { FT_Done_Face(ftFace) }
        try FontTableCheck.checkNameTable(ftFace, path: key.file)
        return ftFace.pointee.face_flags & FT_FACE_FLAG_SCALABLE == 0
    }

    private func makeFace(_ key: Key, bitmapOnly: Bool) throws -> OpaquePointer {
        if bitmapOnly { return try makeColorBitmapFace(key) }
        guard let pattern = FcPatternCreate() else {
            throw GraphicsError.cairo(
                operation: "creating a font pattern for \(key.file)",
                status: "out of memory")
        }
        defer { FcPatternDestroy(pattern) }
        let path = key.file.utf8CString.map { FcChar8(bitPattern: $0) }
        FcPatternAddString(pattern, FC_FILE, path)
        FcPatternAddInteger(pattern, FC_INDEX, Int32(clamping: key.faceIndex))
        // The pattern's own hinting setting is merged with the context's font options; saying
        // "no hinting" here too means glyphs keep the exact outlines the layout measured.
        FcPatternAddBool(pattern, FC_HINTING, FcBool(FcFalse))
        // cairo copies what it needs from the pattern, so destroying ours afterwards is safe.
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else {
            throw GraphicsError.cairo(operation: "loading the font \(key.file)", status: "out of memory")
        }
        let status = cairo_font_face_status(face)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            throw GraphicsError.cairo(
                operation: "loading the font \(key.file)",
                status: cairoStatusText(status))
        }
        return face
    }

    /// A cairo face for a bitmap-only font (Noto Color Emoji's CBDT strikes).
    ///
    /// A face made from a fontconfig pattern loads glyphs with FT_LOAD_NO_BITMAP unless the
    /// system's configuration says otherwise, so such a font would draw nothing, and never in
    /// colour. A face made from our own FT_Face takes explicit load flags: FT_LOAD_COLOR gives the
    /// BGRA strike, which cairo scales from the strike's size to the requested one, in PNG and PDF
    /// alike. The FT_Face belongs to the process-wide FreeType library (never freed, so cairo may
    /// keep the face in its caches past this cache's life) and is closed when cairo lets the face go.
    private func makeColorBitmapFace(_ key: Key) throws -> OpaquePointer {
        let unreadable = GraphicsError.fontUnreadable(path: key.file, faceIndex: key.faceIndex)
        guard let library = try? FreeTypeLibrary.shared(),
            let ftFace = try? library.withLock({ (lib) throws(GraphicsError) in
                try FontFace.openFace(library: lib, path: key.file, index: key.faceIndex)
            })
        else { throw unreadable }
        let flags = Int32(FT_LOAD_COLOR | FT_LOAD_NO_HINTING)
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, flags) else {
            library.withLock { _ in _ = FT_Done_Face(ftFace) }
            throw GraphicsError.cairo(operation: "loading the font \(key.file)", status: "out of memory")
        }
        let status = cairo_font_face_set_user_data(face, &colorFaceKey, UnsafeMutableRawPointer(ftFace)) { raw in
            guard let raw, let library = try? FreeTypeLibrary.shared() else { return }
            library.withLock { _ in _ = FT_Done_Face(raw.assumingMemoryBound(to: FT_FaceRec.self)) }
        }
        guard status == CAIRO_STATUS_SUCCESS, cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            let failure = status == CAIRO_STATUS_SUCCESS ? cairo_font_face_status(face) : status
            cairo_font_face_destroy(face)
            if status != CAIRO_STATUS_SUCCESS { library.withLock { _ in _ = FT_Done_Face(ftFace) } }
            throw GraphicsError.cairo(operation: "loading the font \(key.file)", status: cairoStatusText(failure))
        }
        return face
    }

    /// A naive glyph run for `text`: one glyph per character from the font's character map, each
    /// placed at the previous one's advance, no shaping or kerning.
    ///
    /// Meant for tests and diagnostics that need real glyph ids without the full typesetter;
    /// characters the font lacks map to glyph 0 (.notdef).
    static func simpleGlyphRun(
        _ text: String, fontFile: String, faceIndex: Int = 0,
        size: Double
    ) throws -> (glyphs: [PositionedGlyph], advance: Double) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            throw GraphicsError.fontUnreadable(path: fontFile, faceIndex: faceIndex)
        }
        defer { FT_Done_FreeType(lib) }
        var faceOut: FT_Face?
        guard FT_New_Face(lib, fontFile, FT_Long(faceIndex), &faceOut) == 0, let face = faceOut else {
            throw GraphicsError.fontUnreadable(path: fontFile, faceIndex: faceIndex)
        }
        defer { FT_Done_Face(face) }
        let unitsPerEm = Double(max(1, face.pointee.units_per_EM))
        var pen = 0.0
        var glyphs: [PositionedGlyph] = []
        for scalar in text.unicodeScalars {
            let id = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            glyphs.append(PositionedGlyph(id: UInt32(id), x: pen, y: 0))
            if FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph {
                pen += Double(slot.pointee.metrics.horiAdvance) * size / unitsPerEm
            }
        }
        return (glyphs, pen)
    }
}

/// The user-data key under which a colour face keeps the FT_Face it must close; only its address
/// matters.
nonisolated(unsafe) private var colorFaceKey = cairo_user_data_key_t()

/// cairo's own one-line description of a status.
func cairoStatusText(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
    return String(cString: text)
}
