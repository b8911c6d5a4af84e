#if hasFeature(Embedded)
import CPNGDecode
import TagCloud

/// The WebAssembly engine's PNG decoder, in place of Cairo's (which the engine does not have):
/// libpng, built from the Debian source of the native build's version, with the transformations
/// Cairo 1.16 applies (`wasm/engine/png-decode.c`), so an image reads as the same pixels.
enum LibPNGReader {
    /// The image in `bytes` (checked: `size` is its header's, and they end with its IEND chunk).
    static func decode(_ bytes: ArraySlice<UInt8>, size: PNGHeader) throws(PNGFault) -> RGBAImage {
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        var opaque: Int32 = 0
        // libpng's own message is not shown: Cairo's reader, which the native build uses, reports
        // every libpng failure alike, and the engine says what the tool says.
        var message = [CChar](repeating: 0, count: 200)
        let failed = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tagcloud_png_decode(
                    input.baseAddress, input.count, UInt32(size.width), UInt32(size.height), output.baseAddress,
                    &opaque, &message, message.count)
            }
        }
        guard failed == 0 else { throw .invalid("its compressed image data is damaged and cannot be decoded") }
        if opaque == 0 {
            for i in pixels.indices { pixels[i] = PNGPixels.unpremultiplied(pixels[i]) }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }
}
#endif
