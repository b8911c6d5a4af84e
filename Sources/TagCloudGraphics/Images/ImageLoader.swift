import TagCloud

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads PNG images (decoded by Cairo) for masks and colouring, and turns them into masks.
///
/// A PNG's header is read and its size checked before anything is decoded, and its chunks are
/// checked whole (lengths, CRCs, the closing IEND): a small file can declare a huge image, and
/// Cairo allocates the whole image before it reads a pixel.
public enum ImageLoader {
    /// The most pixels an image may have to be read: 2²⁶ = 67,108,864 (8192 × 8192). Decoding
    /// costs 8 bytes a pixel at the peak (Cairo's image and the straight-alpha copy made from it),
    /// at most 512 MiB; a mask or colour image is resized to the canvas, so pixels beyond the
    /// canvas's add nothing.
    public static let maximumPixels = 1 << 26
    /// The most pixels a 16-bit PNG may have: a third of `maximumPixels`, as Cairo after 1.16
    /// decodes 16-bit images to 16 bytes a pixel (32-bit floats) before they are converted, 24 bytes
    /// a pixel in all.
    public static let maximumPixels16Bit = maximumPixels / 3
    /// The longest side an image may have: Cairo makes no image surface with a longer one.
    public static let maximumPixelsPerSide = RenderLimits.pixelsPerSide
    /// The largest image file read, in bytes (128 MiB): Cairo keeps a copy of the file's bytes with
    /// the decoded image, and an image within `maximumPixels` needs no more unless stored uncompressed.
    public static let maximumFileBytes = 128 << 20

    #if !hasFeature(Embedded)
    /// The PNG at `path` as straight (not premultiplied) `0xAARRGGBB` pixels; images without an
    /// alpha channel come back fully opaque.
    ///
    /// Throws `GraphicsError.imageFileNotFound` when the file is missing, `.unreadableImage` when it
    /// is a folder, a device or cannot be read, `.imageFileTooLarge` or `.imageTooLarge` (before
    /// decoding) past the limits above, and `.invalidPNG` when it is not a PNG or is damaged; each
    /// names `path`.
    public static func loadRGBA(path: String) throws(GraphicsError) -> RGBAImage {
        try loadRGBA(path: path, willDecode: { _ in })
    }

    /// `loadRGBA(path:)`, calling `willDecode` with the checked header just before Cairo decodes the
    /// pixels (so tests can tell that a refused image never got that far).
    static func loadRGBA(path: String, willDecode: (PNGHeader) -> Void) throws(GraphicsError) -> RGBAImage {
        let file = try openRegularFile(path)
        defer { fclose(file) }
        var source = PNGSource(file: file)
        return try decode(&source, name: path, willDecode: willDecode)
    }

    #endif

    /// The PNG held in `bytes` (an image a request carries), read and checked as `loadRGBA(path:)`
    /// reads a file; `name` names it in errors.
    public static func loadRGBA(data bytes: [UInt8], name: String) throws(GraphicsError) -> RGBAImage {
        guard bytes.count <= maximumFileBytes else {
            throw GraphicsError.imageFileTooLarge(path: name, bytes: bytes.count, limit: maximumFileBytes)
        }
        guard !bytes.isEmpty else { throw GraphicsError.invalidPNG(path: name, problem: "the image is empty") }
        #if hasFeature(Embedded)
        var source = PNGSource(bytes: bytes)
        return try decode(&source, name: name, willDecode: { _ in })
        #else
        var copy = bytes
        return try copy.withUnsafeMutableBytes { (buffer) -> Result<RGBAImage, GraphicsError> in
            // A stream over the bytes, so that the file's checks and decoder read them unchanged.
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "rb") else {
                return .failure(.unreadableImage(path: name, reason: String(cString: strerror(errno))))
            }
            defer { fclose(file) }
            do throws(GraphicsError) {
                var source = PNGSource(file: file)
                return .success(try decode(&source, name: name, willDecode: { _ in }))
            } catch {
                return .failure(error)
            }
        }.get()
        #endif
    }

    /// Reads the PNG in `source` (named `path` in errors): its header and chunks checked, then decoded.
    private static func decode(
        _ source: inout PNGSource, name path: String, willDecode: (PNGHeader) -> Void
    ) throws(GraphicsError) -> RGBAImage {
        var bytes: [UInt8] = []
        let header: PNGHeader
        do throws(PNGFault) {
            bytes = try source.read(upTo: PNGHeader.byteCount)
            header = try PNGHeader(bytes)
        } catch {
            throw error.named(path)
        }
        try checkSize(header, path: path)
        do throws(PNGFault) {
            let end = try PNGChunkWalk.check(&source, header: header)
            willDecode(header)
            #if hasFeature(Embedded)
            return try LibPNGReader.decode(source.bytes[..<end], size: header)
            #else
            return try CairoPNGReader.decode(source.file, header: bytes, size: header, end: end)
            #endif
        } catch {
            throw error.named(path)
        }
    }

    // MARK: - Helpers

    /// Refuses an image whose header declares more than the limits above.
    private static func checkSize(_ header: PNGHeader, path: String) throws(GraphicsError) {
        let side = maximumPixelsPerSide
        guard header.width <= side, header.height <= side else {
            throw GraphicsError.imageTooLarge(
                path: path, width: header.width, height: header.height,
                limit: "\(side) pixels a side")
        }
        let deep = header.bitDepth == 16
        let limit = deep ? maximumPixels16Bit : maximumPixels
        guard header.width * header.height <= limit else {
            throw GraphicsError.imageTooLarge(
                path: path, width: header.width, height: header.height,
                limit: deep ? "\(limit) pixels for a 16-bit PNG" : "\(limit) pixels (8192×8192)")
        }
    }

    #if !hasFeature(Embedded)
    /// `path` opened for reading, refused unless it is a regular file within `maximumFileBytes`. It
    /// is opened without waiting, so a FIFO with no writer is refused instead of blocking.
    private static func openRegularFile(_ path: String) throws(GraphicsError) -> UnsafeMutablePointer<FILE> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw GraphicsError.imageFileNotFound(path) }
            throw GraphicsError.unreadableImage(path: path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw GraphicsError.unreadableImage(path: path, reason: reason)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw GraphicsError.unreadableImage(
                path: path,
                reason: kind == S_IFDIR
                    ? "it is a folder"
                    : "it is not a regular file but a pipe, socket or device")
        }
        guard Int(info.st_size) <= maximumFileBytes else {
            close(fd)
            throw GraphicsError.imageFileTooLarge(path: path, bytes: Int(info.st_size), limit: maximumFileBytes)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(fd, "rb") else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw GraphicsError.unreadableImage(path: path, reason: reason)
        }
        return file
    }
    #endif
}
