import TagCloud

/// Errors from fonts, shaping and drawing. Each one names the bad input and says what to do, because
/// these messages reach people running the command-line tool who cannot see the C libraries' codes.
public enum GraphicsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A family name fontconfig does not know, with up to three installed names that look close.
    case unknownFontFamily(String, suggestions: [String])
    /// A font file path that does not exist (or cannot be opened).
    case fontFileNotFound(String)
    /// A file that exists but that FreeType cannot read as a font.
    case notAFont(String)
    /// A FreeType call that failed: what was being done, and FreeType's error code.
    case freetype(String, code: Int32)
    /// A HarfBuzz step that failed (in practice, running out of memory).
    case harfbuzz(String)
    /// ICU's bidirectional algorithm failed on a text (out of memory, or a text too long for it).
    case bidi(String)
    /// A fontconfig step that failed (no configuration, or out of memory).
    case fontconfig(String)
    /// A Cairo drawing step that failed, with Cairo's own explanation.
    case cairo(String)
    /// A file that could not be written.
    case outputFailed(path: String, reason: String)
    /// A font size that is zero, negative, not finite or absurdly large.
    case invalidFontSize(Double)
    /// An image file path that does not exist (or cannot be opened).
    case imageFileNotFound(String)
    /// An image file that cannot be read (a folder, a device, a read error), with what went wrong.
    case unreadableImage(path: String, reason: String)
    /// A file that is not a valid PNG (another format, cut short, damaged), with the problem found.
    case invalidPNG(path: String, problem: String)
    /// A PNG whose header declares more pixels than `ImageLoader` decodes: its size, and the limit
    /// it exceeds in words ("67108864 pixels (8192×8192)").
    case imageTooLarge(path: String, width: Int, height: Int, limit: String)
    /// An image file larger, in bytes, than `ImageLoader.maximumFileBytes`.
    case imageFileTooLarge(path: String, bytes: Int, limit: Int)
    /// A size an image cannot be resized to (a side over 32767 pixels, or more pixels than a canvas may have).
    case imageSizeOutOfRange(width: Int, height: Int)
    /// A font file that opened but whose contents are damaged, with the problem found.
    case damagedFont(path: String, problem: String)

    /// One sentence for the user: what was wrong and how to fix it.
    public var description: String {
        switch self {
        case .unknownFontFamily(let name, let suggestions):
            let hint = "(run fc-list : family to see installed families)"
            if suggestions.isEmpty {
                return "unknown font family \"\(name)\": it is not installed \(hint)"
            }
            let list = suggestions.map { "\"\($0)\"" }.joined(separator: ", ")
            return "unknown font family \"\(name)\": did you mean \(list)? \(hint)"
        case .fontFileNotFound(let path):
            return "font file \"\(path)\" does not exist or cannot be opened: check the path, "
                + "or give an installed family name such as \"DejaVu Sans\""
        case .notAFont(let path):
            return "\"\(path)\" is not a font FreeType can read: give a .ttf, .otf or .ttc font file"
        case .freetype(let what, let code):
            return "FreeType could not \(what) (error \(code)): the font file may be damaged, try another font"
        case .harfbuzz(let what):
            return "HarfBuzz could not \(what): the system may be out of memory, try a shorter text or fewer words"
        case .bidi(let what):
            return "ICU could not \(what): the system may be out of memory, try a shorter text or fewer words"
        case .fontconfig(let what):
            return "fontconfig could not \(what): check that fontconfig is installed and configured "
                + "(fc-list should list fonts)"
        case .cairo(let what):
            return "Cairo drawing failed: \(what) (check the output path and the image size)"
        case .outputFailed(let path, let reason):
            return "could not write \"\(path)\": \(reason) (check that the folder exists and is writable)"
        case .invalidFontSize(let size):
            return "font size \(size) cannot be set: give a positive size in points no larger than 10000"
        case .imageFileNotFound(let path):
            return "image file \"\(path)\" does not exist or cannot be opened: check the path"
        case .unreadableImage(let path, let reason):
            return "\"\(path)\" cannot be read as a PNG image (\(reason)): give a valid .png file"
        case .invalidPNG(let path, let problem):
            return "\"\(path)\" is not a valid PNG: \(problem): give a PNG file (save it again from the original "
                + "image if this copy is damaged)"
        case .imageTooLarge(let path, let width, let height, let limit):
            return "\"\(path)\" is \(width)×\(height) pixels, over the limit of \(limit) for an image to read: "
                + "scale it down (a mask or colour image needs no more pixels than the canvas)"
        case .imageFileTooLarge(let path, let bytes, let limit):
            return "\"\(path)\" is \(bytes) bytes, over the limit of \(limit) bytes for an image file: "
                + "scale the image down or save it with compression"
        case .imageSizeOutOfRange(let width, let height):
            return "cannot resize an image to \(width)×\(height) pixels: give at most "
                + "\(WordCloudOptions.maximumSide) pixels a side and \(WordCloudOptions.maximumPixels) in all"
        case .damagedFont(let path, let problem):
            return "the font file \"\(path)\" is damaged (\(problem)): replace it with an undamaged copy or choose another font"
        }
    }
}
