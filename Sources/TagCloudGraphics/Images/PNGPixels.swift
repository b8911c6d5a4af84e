/// Pixels as the PNG readers hand them over: Cairo's image surfaces (and the engine's reader,
/// which gives what they hold) store premultiplied `0xAARRGGBB`; images are straight alpha.
enum PNGPixels {
    /// A premultiplied `0xAARRGGBB` pixel in straight alpha (fully transparent pixels become 0).
    static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
