import CCairo
import Foundation
import TagCloud

/// Writes bitmaps as PNG files (masks for other tools, test fixtures), through a Cairo image
/// surface and `PNGEncoder`.
public enum ImageWriter {
    /// PNG bytes of `mask`: set pixels `set`, clear pixels `clear` (opaque colours).
    public static func pngData(_ mask: BitMask, set: Color = .black, clear: Color = .white) throws -> Data {
        let image = RGBAImage(width: mask.width, height: mask.height, pixels: (0..<(mask.width * mask.height)).map { i in
            let c = mask[i % mask.width, i / mask.width] ? set : clear
            return UInt32(c.alpha) << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
        })
        return try pngData(image)
    }

    /// PNG bytes of an image (alpha kept).
    public static func pngData(_ image: RGBAImage) throws -> Data {
        guard image.width > 0, image.height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo("cannot create a \(image.width)x\(image.height) image")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { throw GraphicsError.cairo("image has no pixel data") }
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                // Cairo stores premultiplied alpha.
                let p = image.pixels[y * image.width + x]
                let a = p >> 24
                func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                row[x] = a << 24 | pm((p >> 16) & 0xFF) << 16 | pm((p >> 8) & 0xFF) << 8 | pm(p & 0xFF)
            }
        }
        cairo_surface_mark_dirty(surface)
        do {
            return try PNGEncoder.data(argb32: base, width: image.width, height: image.height, stride: stride)
        } catch {
            throw GraphicsError.cairo("cannot encode PNG")
        }
    }
}
