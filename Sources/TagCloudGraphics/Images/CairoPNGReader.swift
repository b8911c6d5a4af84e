import CCairo
import TagCloud

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes a checked PNG with Cairo and returns its pixels with straight alpha.
///
/// Cairo reads through `PNGStream`, which hands it the very header bytes `ImageLoader` checked
/// (whatever the file holds by now) and nothing past the IEND chunk it found: the image Cairo
/// allocates is the one whose size was accepted.
enum CairoPNGReader {
    /// The image in `file` (any position), whose first bytes were `header` (`size` parsed from
    /// them) and whose IEND chunk ends at byte `end`.
    static func decode(
        _ file: UnsafeMutablePointer<FILE>, header: [UInt8], size: PNGHeader,
        end: Int
    ) throws(PNGFault) -> RGBAImage {
        guard fseek(file, header.count, SEEK_SET) == 0 else { throw .readFailed(String(cString: strerror(errno))) }
        let stream = PNGStream(file: file, header: header, end: end)
        let loaded = withExtendedLifetime(stream) {
            cairo_image_surface_create_from_png_stream(readPNG, Unmanaged.passUnretained(stream).toOpaque())
        }
        guard let loaded else { throw .invalid("its image data cannot be decoded") }
        defer { cairo_surface_destroy(loaded) }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            if let reason = stream.failure { throw .readFailed(reason) }
            // The header and every chunk were checked first, so what Cairo reports now (libpng's
            // errors all arrive as "out of memory" in Cairo 1.16) is damage inside the compressed data.
            let detail =
                status == CAIRO_STATUS_NO_MEMORY || status == CAIRO_STATUS_PNG_ERROR
                    || status == CAIRO_STATUS_READ_ERROR ? "" : " (\(cairoStatusText(status)))"
            throw .invalid("its compressed image data is damaged and cannot be decoded\(detail)")
        }
        guard Int(cairo_image_surface_get_width(loaded)) == size.width,
            Int(cairo_image_surface_get_height(loaded)) == size.height
        else {
            throw .invalid("its decoded size differs from its header's")
        }
        let format = cairo_image_surface_get_format(loaded)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 {
            return try pixels(of: loaded, opaque: format == CAIRO_FORMAT_RGB24)
        }
        // Anything else (the float formats Cairo after 1.16 uses for 16-bit PNGs): draw it
        // onto ARGB32 first.
        let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        guard let converted else { throw .readFailed("Cairo could not allocate an image to convert it") }
        defer { cairo_surface_destroy(converted) }
        if let cr = cairo_create(converted) {
            cairo_set_source_surface(cr, loaded, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        let convertStatus = cairo_surface_status(converted)
        guard convertStatus == CAIRO_STATUS_SUCCESS else {
            throw .readFailed("cannot convert its pixels: \(cairoStatusText(convertStatus))")
        }
        return try pixels(of: converted, opaque: false)
    }

    /// The pixels of an ARGB32 or RGB24 image surface, un-premultiplied.
    private static func pixels(of surface: OpaquePointer, opaque: Bool) throws(PNGFault) -> RGBAImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0 else { return RGBAImage(width: max(0, width), height: max(0, height), pixels: []) }
        guard let data = cairo_image_surface_get_data(surface) else { throw .readFailed("Cairo gave no pixel data") }
        let raw = UnsafeRawPointer(data)
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                out[y * width + x] = opaque ? p | 0xFF00_0000 : PNGPixels.unpremultiplied(p)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

/// The bytes Cairo reads: the checked header from memory, then the file up to the end of IEND.
private final class PNGStream {
    let file: UnsafeMutablePointer<FILE>
    let header: [UInt8]
    let end: Int
    var offset = 0
    /// Why a read failed, when the file itself could not be read.
    var failure: String?

    init(file: UnsafeMutablePointer<FILE>, header: [UInt8], end: Int) {
        self.file = file; self.header = header; self.end = end
    }

    /// Fills `count` bytes at `buffer`; false past the end of IEND or on a read error.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= end - offset else { return false }
        var filled = 0
        while filled < count && offset < header.count {
            buffer[filled] = header[offset]
            filled += 1; offset += 1
        }
        let rest = count - filled
        guard rest > 0 else { return true }
        guard fread(buffer + filled, 1, rest, file) == rest else {
            failure = ferror(file) != 0 ? String(cString: strerror(errno)) : nil
            return false
        }
        offset += rest
        return true
    }
}

/// Cairo's read callback: fills from the `PNGStream` passed as the closure pointer.
private func readPNG(
    _ closure: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?,
    _ length: UInt32
) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
    let stream = Unmanaged<PNGStream>.fromOpaque(closure).takeUnretainedValue()
    return stream.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
}
