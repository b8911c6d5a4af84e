import CFreeType
import TagCloud

/// The process's one FreeType library handle.
///
/// FreeType allows one `FT_Library` to serve many threads only if creating and destroying faces is
/// serialised, so every `FT_New_Face`/`FT_Done_Face` (and HarfBuzz's face references, which end in
/// `FT_Done_Face`) goes through `withLock`. Using a face afterwards needs no library lock, only that
/// one thread uses that face at a time, which its owner guarantees.
final class FreeTypeLibrary: @unchecked Sendable {
    /// The library handle; only touched under `lock`.
    private let handle: FT_Library
    private let lock = Lock()

    private init(handle: FT_Library) { self.handle = handle }

    // Created once and never freed: faces may outlive any owner we could tie it to, and the OS
    // reclaims it at exit. A failure is remembered so every caller gets the same error.
    private static let instance: Result<FreeTypeLibrary, GraphicsError> = {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            return .failure(.freetype("initialise its library", code: error))
        }
        return .success(FreeTypeLibrary(handle: library))
    }()

    /// The shared library, or the error FreeType gave when it was set up.
    static func shared() throws(GraphicsError) -> FreeTypeLibrary { try instance.get() }

    /// Runs `body` with the library handle while holding the face-lifecycle lock.
    func withLock<T, E: Error>(_ body: (FT_Library) throws(E) -> T) throws(E) -> T {
        try lock.withLock { () throws(E) -> T in try body(handle) }
    }
}

/// Load flags used everywhere: unhinted outlines so shapes and metrics scale linearly with size
/// (a layout measured at one size must match the vector drawing at another), and no embedded
/// bitmaps so we always get outlines when the font has them.
let outlineLoadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)

// FreeType builds these enumerators with a token-pasting macro (FT_ENC_TAG / FT_IMAGE_TAG) that
// Swift's importer does not expand, so their four-character codes are spelled out here.
/// `FT_ENCODING_UNICODE`, the tag 'unic'.
let ftEncodingUnicode = FT_Encoding(rawValue: 0x756E_6963)
/// `FT_GLYPH_FORMAT_OUTLINE`, the tag 'outl'.
let ftGlyphFormatOutline = FT_Glyph_Format(rawValue: 0x6F75_746C)
