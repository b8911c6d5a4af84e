import TagCloud

/// The errors of TagCloudGraphics, one case per failure, in the order of the stages: fonts, shaping,
/// rasterising, images, drawing, files. Each one names the bad input and says what to do, because
/// these messages reach people running the command-line tool who cannot see the C libraries' codes.
public enum GraphicsError: Error, Equatable, Sendable, CustomStringConvertible {
    // Fonts
    /// A family name fontconfig does not know, with up to three installed names that look close.
    case unknownFontFamily(String, suggestions: [String])
    /// A font file path that does not exist (or cannot be opened).
    case fontFileNotFound(String)
    /// A file that exists but that FreeType cannot read as a font.
    case notAFont(String)
    /// A font file that opened but whose contents are damaged, with the problem found.
    case damagedFont(path: String, problem: String)
    /// A layout's font file that Cairo cannot open: missing, unreadable, not a font, or without
    /// the face index.
    case fontUnreadable(path: String, faceIndex: Int)
    /// A font size that is zero, negative, not finite or absurdly large.
    case invalidFontSize(Double)
    /// A FreeType call that failed: what was being done, and FreeType's error code.
    case freetype(String, code: Int32)
    /// A fontconfig step that failed (no configuration, or out of memory).
    case fontconfig(String)
    /// A font manifest (`FontManifest`, fontconfig's answers for WebAssembly) that cannot be read,
    /// with the problem found.
    case fontManifest(String)

    // Shaping
    /// A HarfBuzz step that failed (in practice, running out of memory).
    case harfbuzz(String)
    /// ICU's bidirectional algorithm failed on a text (out of memory, or a text too long for it).
    case bidi(String)

    // Rasterising
    /// A rotation that is infinite or not a number, for the word `text`.
    case invalidRotation(text: String, rotation: Double)

    // Images
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
    /// Compression failed while `PNGEncoder` wrote an image: what it was doing, and zlib's status
    /// (`Z_MEM_ERROR` when libdeflate could not allocate its compressor).
    case zlib(operation: String, status: Int32)
    /// `ImageWriter` could not make a PNG (an empty image, or the encoder failed).
    case pngEncoding(String)

    // Drawing
    /// The layout's canvas size is zero, negative or not a number.
    case invalidCanvasSize(width: Double, height: Double)
    /// The render scale is zero, negative or not a number.
    case invalidScale(Double)
    /// The image to render would exceed what Cairo can allocate (pixel width and height).
    case renderedImageTooLarge(width: Double, height: Double)
    /// The PDF page would be larger than `RenderLimits.pdfPageSide` (width and height in points).
    case pageTooLarge(width: Double, height: Double)
    /// A placed word that cannot be drawn (bad size, position or rotation).
    case invalidWord(text: String, problem: String)
    /// Cairo reported a failure while doing `operation`.
    case cairo(operation: String, status: String)

    // Animation
    /// A series with no frames to animate.
    case emptySeries
    /// An animation option out of its range: its name, the value given and the range allowed.
    case invalidAnimationOption(name: String, value: String, allowed: String)
    /// An animation of more images, or more pixels in all, than `AnimatedWebP` makes (or a canvas wider
    /// or taller than WebP allows): the number of images and their size in pixels.
    case animationTooLarge(images: Int, width: Int, height: Int)
    /// An animation longer than `RenderLimits.animationSeconds`, in seconds.
    case animationTooLong(seconds: Double)
    /// libwebp failed while doing `operation`, with its reason.
    case webp(operation: String, reason: String)

    // Files
    /// A file that could not be written.
    case outputFailed(path: String, reason: String)

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
        case .damagedFont(let path, let problem):
            return "the font file \"\(path)\" is damaged (\(problem)): replace it with an undamaged copy or choose another font"
        case .fontUnreadable(let path, let index):
            return "cannot open face \(index) of the font file \(path): check that the file exists, "
                + "is readable and is a TrueType/OpenType font with that face"
        case .invalidFontSize(let size):
            return "font size \(size) cannot be set: give a positive size in points no larger than 10000"
        case .freetype(let what, let code):
            return "FreeType could not \(what) (error \(code)): the font file may be damaged, try another font"
        case .fontconfig(let what):
            return "fontconfig could not \(what): check that fontconfig is installed and configured "
                + "(fc-list should list fonts)"
        case .fontManifest(let problem):
            return "the font manifest cannot be read (\(problem)): build it again with make web"
        case .harfbuzz(let what):
            return "HarfBuzz could not \(what): the system may be out of memory, try a shorter text or fewer words"
        case .bidi(let what):
            return "ICU could not \(what): the system may be out of memory, try a shorter text or fewer words"
        case .invalidRotation(let text, let rotation):
            return "cannot rasterise \"\(text)\" at a rotation of \(rotation) degrees: give a finite angle"
        case .imageFileNotFound, .unreadableImage, .invalidPNG, .imageTooLarge, .imageFileTooLarge,
            .zlib, .pngEncoding:
            return imageDescription
        case .invalidCanvasSize, .invalidScale, .renderedImageTooLarge, .pageTooLarge, .invalidWord, .cairo:
            return drawingDescription
        case .emptySeries, .invalidAnimationOption, .animationTooLarge, .animationTooLong, .webp:
            return animationDescription
        case .outputFailed(let path, let reason):
            return "could not write \"\(path)\": \(reason) (check that the folder exists and is writable)"
        }
    }

    /// The description of an image error.
    private var imageDescription: String {
        switch self {
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
        case .zlib(let operation, let status):
            return "zlib failed \(operation) (status \(status))"
        case .pngEncoding(let what):
            return "Cairo drawing failed: \(what) (check the output path and the image size)"
        default:
            preconditionFailure("not an image error: \(self)")
        }
    }

    /// The description of a drawing error.
    private var drawingDescription: String {
        switch self {
        case .invalidCanvasSize(let w, let h):
            return "cannot render a canvas of \(w)×\(h) points: give the layout a finite width and height above 0"
        case .invalidScale(let s):
            return "invalid render scale \(s): use a finite number above 0, such as 1 or 2"
        case .renderedImageTooLarge(let w, let h):
            return "an image of \(Self.wholeNumber(w))×\(Self.wholeNumber(h)) pixels is too large (at most "
                + "\(RenderLimits.pixelsPerSide) pixels a side and \(RenderLimits.pixels) "
                + "pixels in all): lower the scale or the canvas size, or export PDF or SVG instead"
        case .pageTooLarge(let w, let h):
            return "a PDF page of \(Self.points(w))×\(Self.points(h)) points is too large (at most "
                + "\(RenderLimits.pdfPageSide) points a side): use fewer tags, a wider page or smaller "
                + "fonts, or export SVG or HTML instead"
        case .invalidWord(let text, let problem):
            return "cannot draw the word \"\(text)\": \(problem); fix the layout or lay it out again"
        case .cairo(let operation, let status):
            return "Cairo failed while \(operation) (\(status)): check free memory and the layout's fonts, "
                + "then try again"
        default:
            preconditionFailure("not a drawing error: \(self)")
        }
    }

    /// The description of an animation error.
    private var animationDescription: String {
        switch self {
        case .emptySeries:
            return "the series has no frames to animate: give it at least one frame"
        case .invalidAnimationOption(let name, let value, let allowed):
            return "the animation's \(name) \(value) is out of range: give a value in \(allowed)"
        case .animationTooLarge(let images, let width, let height):
            return "an animation of \(images) images of \(width)×\(height) pixels is too large (at most "
                + "\(RenderLimits.animationImages) images, \(RenderLimits.animationPixels) pixels in all and "
                + "\(RenderLimits.animationSide) pixels a side): use fewer frames, a shorter transition, fewer frames "
                + "per second, or a smaller canvas or scale"
        case .animationTooLong(let seconds):
            return "an animation of \(Self.wholeNumber(seconds)) seconds is too long (at most "
                + "\(Self.wholeNumber(RenderLimits.animationSeconds)) seconds): use fewer frames or shorter hold and "
                + "transition times"
        case .webp(let operation, let reason):
            return "libwebp failed while \(operation) (\(reason)): check free memory, or use fewer frames or a "
                + "smaller canvas"
        default:
            preconditionFailure("not an animation error: \(self)")
        }
    }

    /// A pixel count as a whole number (truncated), or as written when too large for one.
    private static func wholeNumber(_ v: Double) -> String {
        v.isFinite && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// A length in points, whole numbers without a decimal point.
    private static func points(_ v: Double) -> String { DecimalText.plain(v) }
}
