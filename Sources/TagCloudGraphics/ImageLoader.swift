import CCairo
import TagCloud
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a picture becomes a mask of where words may go.
public struct ImageMaskOptions: Sendable, Hashable {
    /// Swap allowed and forbidden pixels.
    public var invert: Bool
    /// The cut-off, 0–255: with transparency, pixels with alpha ≥ `threshold` are allowed;
    /// without, pixels with luminance < `threshold` are allowed.
    public var threshold: UInt8

    /// Creates options; the defaults allow opaque or dark pixels.
    public init(invert: Bool = false, threshold: UInt8 = 128) {
        self.invert = invert; self.threshold = threshold
    }
}

/// Reads PNG images (through Cairo) for masks and colouring, and turns them into masks.
public enum ImageLoader {
    /// The PNG at `path` as straight (not premultiplied) `0xAARRGGBB` pixels; images without an
    /// alpha channel come back fully opaque.
    ///
    /// Throws `GraphicsError.imageFileNotFound` when the file is missing or cannot be opened, and
    /// `GraphicsError.unreadableImage` when it is not a PNG or Cairo cannot decode it; both name `path`.
    public static func loadRGBA(path: String) throws -> RGBAImage {
        try checkPNGSignature(path)
        guard let loaded = cairo_image_surface_create_from_png(path) else {
            throw GraphicsError.unreadableImage(path: path, reason: "Cairo could not allocate an image")
        }
        defer { cairo_surface_destroy(loaded) }
        let status = cairo_surface_status(loaded)
        switch status {
        case CAIRO_STATUS_SUCCESS:
            break
        case CAIRO_STATUS_FILE_NOT_FOUND:
            throw GraphicsError.imageFileNotFound(path)
        default:
            throw GraphicsError.unreadableImage(path: path,
                                                reason: "damaged or unsupported PNG: \(cairoStatusText(status))")
        }
        let format = cairo_image_surface_get_format(loaded)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 {
            return try pixels(of: loaded, opaque: format == CAIRO_FORMAT_RGB24, path: path)
        }
        // Anything else (deep or grey formats some Cairo versions use): draw it onto ARGB32 first.
        let width = cairo_image_surface_get_width(loaded), height = cairo_image_surface_get_height(loaded)
        guard let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else {
            throw GraphicsError.unreadableImage(path: path, reason: "Cairo could not allocate an image")
        }
        defer { cairo_surface_destroy(converted) }
        if let cr = cairo_create(converted) {
            cairo_set_source_surface(cr, loaded, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        let convertStatus = cairo_surface_status(converted)
        guard convertStatus == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.unreadableImage(path: path,
                                                reason: "cannot convert its pixels: \(cairoStatusText(convertStatus))")
        }
        return try pixels(of: converted, opaque: false, path: path)
    }

    /// `image` scaled to `width` × `height`: each axis is area-averaged (box filter) when it shrinks
    /// and uses the nearest pixel when it grows. Colours are averaged with premultiplied alpha, so
    /// transparent pixels do not darken edges. Sizes below 0 count as 0.
    public static func resized(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let tw = max(0, width), th = max(0, height)
        let sw = image.width, sh = image.height
        if tw == sw && th == sh { return image }
        guard tw > 0, th > 0, sw > 0, sh > 0 else {
            return RGBAImage(width: tw, height: th, pixels: [UInt32](repeating: 0, count: tw * th))
        }
        let columns = weights(from: sw, to: tw), rows = weights(from: sh, to: th)
        // Horizontal pass: premultiplied channels, tw × sh.
        var wide = [Float](repeating: 0, count: tw * sh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<sh {
                for x in 0..<tw {
                    var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                    for (sx, wt) in columns[x] {
                        let p = src[y * sw + sx]
                        let pa = Float(p >> 24) * wt
                        a += pa
                        r += Float((p >> 16) & 0xFF) * pa
                        g += Float((p >> 8) & 0xFF) * pa
                        b += Float(p & 0xFF) * pa
                    }
                    let o = (y * tw + x) * 4
                    wide[o] = a; wide[o + 1] = r; wide[o + 2] = g; wide[o + 3] = b
                }
            }
        }
        // Vertical pass, then back to straight alpha.
        var out = [UInt32](repeating: 0, count: tw * th)
        for y in 0..<th {
            for x in 0..<tw {
                var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                for (sy, wt) in rows[y] {
                    let o = (sy * tw + x) * 4
                    a += wide[o] * wt; r += wide[o + 1] * wt; g += wide[o + 2] * wt; b += wide[o + 3] * wt
                }
                guard a > 0 else { continue }
                func channel(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v / a).rounded()))) }
                let alpha = UInt32(max(0, min(255, a.rounded())))
                out[y * tw + x] = alpha << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
            }
        }
        return RGBAImage(width: tw, height: th, pixels: out)
    }

    /// Where words may go according to `image` (same size as the image).
    ///
    /// With any transparency (a pixel with alpha below 255), pixels with alpha ≥ `options.threshold`
    /// are allowed: an opaque shape on a transparent background. Otherwise pixels darker than the
    /// threshold (luminance < `options.threshold`) are allowed: a dark shape on a white background,
    /// where pure white is always forbidden. `options.invert` swaps the two.
    public static func mask(from image: RGBAImage, options: ImageMaskOptions = .init()) -> BitMask {
        var mask = BitMask(width: image.width, height: image.height)
        let useAlpha = image.hasTransparency
        let threshold = UInt32(options.threshold)
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                var runStart = -1
                for x in 0...image.width {
                    var allowed = false
                    if x < image.width {
                        let p = px[y * image.width + x]
                        if useAlpha {
                            allowed = p >> 24 >= threshold
                        } else {
                            // Rec. 601 luma, rounded, in 0–255.
                            let luma = (299 * ((p >> 16) & 0xFF) + 587 * ((p >> 8) & 0xFF) + 114 * (p & 0xFF) + 500) / 1000
                            allowed = luma < threshold
                        }
                        if options.invert { allowed.toggle() }
                    }
                    if allowed {
                        if runStart < 0 { runStart = x }
                    } else if runStart >= 0 {
                        mask.setRun(y: y, from: runStart, to: x)
                        runStart = -1
                    }
                }
            }
        }
        return mask
    }

    // MARK: - Helpers

    /// Throws unless `path` opens and starts with the PNG signature (Cairo's own message for a
    /// non-PNG file is "out of memory" on some versions).
    private static func checkPNGSignature(_ path: String) throws {
        guard let file = fopen(path, "rb") else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw GraphicsError.imageFileNotFound(path) }
            throw GraphicsError.unreadableImage(path: path, reason: String(cString: strerror(code)))
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 8)
        let n = fread(&header, 1, 8, file)
        if n < 8 && ferror(file) != 0 {
            throw GraphicsError.unreadableImage(path: path, reason: String(cString: strerror(errno)))
        }
        guard n == 8, header == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw GraphicsError.unreadableImage(path: path, reason: "not a PNG file")
        }
    }

    /// The pixels of an ARGB32 or RGB24 image surface, un-premultiplied.
    private static func pixels(of surface: OpaquePointer, opaque: Bool, path: String) throws -> RGBAImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0 else { return RGBAImage(width: max(0, width), height: max(0, height), pixels: []) }
        guard let data = cairo_image_surface_get_data(surface) else {
            throw GraphicsError.unreadableImage(path: path, reason: "Cairo gave no pixel data")
        }
        let raw = UnsafeRawPointer(data)
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = raw.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                out[y * width + x] = opaque ? p | 0xFF00_0000 : unpremultiplied(p)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// A premultiplied `0xAARRGGBB` pixel in straight alpha (fully transparent pixels become 0).
    private static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }

    /// For each target index, the source indices it draws from and their weights (summing to 1):
    /// the overlapped source cells when shrinking, the nearest one when growing.
    private static func weights(from source: Int, to target: Int) -> [[(Int, Float)]] {
        if target >= source {
            return (0..<target).map { t in
                [(min(source - 1, (2 * t + 1) * source / (2 * target)), 1)]
            }
        }
        let scale = Double(source) / Double(target)
        return (0..<target).map { t in
            let lo = Double(t) * scale, hi = Double(t + 1) * scale
            var list: [(Int, Float)] = []
            var s = Int(lo)
            while Double(s) < hi && s < source {
                let overlap = min(hi, Double(s + 1)) - max(lo, Double(s))
                if overlap > 0 { list.append((s, Float(overlap / scale))) }
                s += 1
            }
            return list
        }
    }
}

extension RGBAImage {
    /// Whether any pixel is less than fully opaque (alpha below 255).
    public var hasTransparency: Bool { pixels.contains { $0 >> 24 != 0xFF } }
}
