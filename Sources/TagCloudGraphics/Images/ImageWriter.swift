import Foundation
import TagCloud

/// Writes bitmaps as PNG files (masks for other tools, test fixtures), through `PNGEncoder`.
public enum ImageWriter {
    /// PNG bytes of `mask`: set pixels `set`, clear pixels `clear` (opaque colours).
    public static func pngData(_ mask: BitMask, set: Color = .black, clear: Color = .white) throws -> Data {
        let image = RGBAImage(
            width: mask.width, height: mask.height,
            pixels: (0..<(mask.width * mask.height)).map { i in
                let c = mask[i % mask.width, i / mask.width] ? set : clear
                return UInt32(c.alpha) << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
            })
        return try pngData(image)
    }

    /// PNG bytes of an image (alpha kept).
    public static func pngData(_ image: RGBAImage) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw GraphicsError.pngEncoding("cannot create a \(image.width)x\(image.height) image")
        }
        // The encoder takes Cairo's pixel format (alpha premultiplied), as rendered clouds come in
        // it; the colours are premultiplied here as Cairo would store them.
        let pixels = image.pixels.map { p -> UInt32 in
            let a = p >> 24
            func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            return a << 24 | pm((p >> 16) & 0xFF) << 16 | pm((p >> 8) & 0xFF) << 8 | pm(p & 0xFF)
        }
        do {
            return try pixels.withUnsafeBytes { raw in
                try PNGEncoder.data(
                    argb32: raw.baseAddress!, width: image.width, height: image.height,
                    stride: 4 * image.width)
            }
        } catch let failure as GraphicsError {
            throw GraphicsError.pngEncoding("cannot encode PNG: \(failure)")
        }
    }
}
