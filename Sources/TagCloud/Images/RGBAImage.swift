/// An image in memory, for colouring words from a picture: `pixels` are `0xAARRGGBB`, not premultiplied,
/// row by row from the top.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, `width * height` of them.
    public let pixels: [UInt32]

    /// Creates an image; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count must match the size")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The mean colour of the pixels under `mask` placed with its top-left at (`x`, `y`); nil when the
    /// mask covers no pixel of the image.
    public func meanColor(under mask: BitMask, atX x: Int, y: Int) -> Color? {
        var r = 0, g = 0, b = 0, n = 0
        for my in 0..<mask.height {
            let iy = y + my
            guard iy >= 0, iy < height else { continue }
            for k in 0..<mask.wordsPerRow {
                var w = mask.words[my * mask.wordsPerRow + k]
                while w != 0 {
                    let bit = w.trailingZeroBitCount
                    w &= w - 1
                    let ix = x + (k << 6) + bit
                    guard ix >= 0, ix < width else { continue }
                    let p = pixels[iy * width + ix]
                    r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF); n += 1
                }
            }
        }
        guard n > 0 else { return nil }
        return Color(red: UInt8(r / n), green: UInt8(g / n), blue: UInt8(b / n))
    }
}
