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
    public static let maximumPixelsPerSide = CairoRenderer.maximumPixelsPerSide
    /// The largest image file read, in bytes (128 MiB): Cairo keeps a copy of the file's bytes with
    /// the decoded image, and an image within `maximumPixels` needs no more unless stored uncompressed.
    public static let maximumFileBytes = 128 << 20

    /// The PNG at `path` as straight (not premultiplied) `0xAARRGGBB` pixels; images without an
    /// alpha channel come back fully opaque.
    ///
    /// Throws `GraphicsError.imageFileNotFound` when the file is missing, `.unreadableImage` when it
    /// is a folder, a device or cannot be read, `.imageFileTooLarge` or `.imageTooLarge` (before
    /// decoding) past the limits above, and `.invalidPNG` when it is not a PNG or is damaged; each
    /// names `path`.
    public static func loadRGBA(path: String) throws -> RGBAImage {
        try loadRGBA(path: path, willDecode: { _ in })
    }

    /// `loadRGBA(path:)`, calling `willDecode` with the checked header just before Cairo decodes the
    /// pixels (so tests can tell that a refused image never got that far).
    static func loadRGBA(path: String, willDecode: (PNGHeader) -> Void) throws -> RGBAImage {
        let file = try openRegularFile(path)
        defer { fclose(file) }
        return try decode(file, name: path, willDecode: willDecode)
    }

    /// The PNG held in `bytes` (an image a request carries), read and checked as `loadRGBA(path:)`
    /// reads a file; `name` names it in errors.
    public static func loadRGBA(data bytes: [UInt8], name: String) throws -> RGBAImage {
        guard bytes.count <= maximumFileBytes else {
            throw GraphicsError.imageFileTooLarge(path: name, bytes: bytes.count, limit: maximumFileBytes)
        }
        guard !bytes.isEmpty else { throw GraphicsError.invalidPNG(path: name, problem: "the image is empty") }
        var copy = bytes
        return try copy.withUnsafeMutableBytes { buffer in
            // A stream over the bytes, so that the file's checks and decoder read them unchanged.
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "rb") else {
                throw GraphicsError.unreadableImage(path: name, reason: String(cString: strerror(errno)))
            }
            defer { fclose(file) }
            return try decode(file, name: name, willDecode: { _ in })
        }
    }

    /// Reads the PNG `file` (named `path` in errors): its header and chunks checked, then decoded.
    private static func decode(
        _ file: UnsafeMutablePointer<FILE>, name path: String, willDecode: (PNGHeader) -> Void
    ) throws -> RGBAImage {
        do {
            var bytes = [UInt8](repeating: 0, count: PNGHeader.byteCount)
            let count = fread(&bytes, 1, bytes.count, file)
            if count < bytes.count && ferror(file) != 0 { throw PNGFault.readFailed(String(cString: strerror(errno))) }
            let header = try PNGHeader(Array(bytes.prefix(count)))
            try checkSize(header, path: path)
            let end = try PNGChunkWalk.check(file, header: header)
            willDecode(header)
            return try CairoPNGReader.decode(file, header: bytes, size: header, end: end)
        } catch let fault as PNGFault {
            switch fault {
            case .invalid(let problem): throw GraphicsError.invalidPNG(path: path, problem: problem)
            case .readFailed(let reason): throw GraphicsError.unreadableImage(path: path, reason: reason)
            }
        }
    }

    // MARK: - Helpers

    /// Refuses an image whose header declares more than the limits above.
    private static func checkSize(_ header: PNGHeader, path: String) throws {
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

    /// `path` opened for reading, refused unless it is a regular file within `maximumFileBytes`. It
    /// is opened without waiting, so a FIFO with no writer is refused instead of blocking.
    private static func openRegularFile(_ path: String) throws -> UnsafeMutablePointer<FILE> {
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
}
