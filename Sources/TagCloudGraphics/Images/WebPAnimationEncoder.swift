import CWebP
import Foundation

/// libwebp's animation encoder (`WebPAnimEncoder`, libwebpmux) for one animation: images go in one at a
/// time with their start times, the WebP file comes out at the end. The encoder keeps only the previous
/// canvas and the bytes encoded so far, so memory does not grow with the number of images beyond the
/// output itself.
final class WebPAnimationEncoder {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let width: Int
    private let height: Int

    /// An encoder for a `width` × `height` canvas (each side 1…16383, WebP's limit), looping `loopCount`
    /// times (0 for ever), compressing as `lossless` and `quality` say, with `background` (0xAARRGGBB)
    /// as the hint for viewers that clear the canvas between loops.
    init(width: Int, height: Int, loopCount: Int, lossless: Bool, quality: Double, background: UInt32) throws {
        guard (1...Int(WEBP_MAX_DIMENSION)).contains(width), (1...Int(WEBP_MAX_DIMENSION)).contains(height) else {
            throw GraphicsError.animationTooLarge(images: 1, width: width, height: height)
        }
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw GraphicsError.webp(
                operation: "starting the animation", reason: "the libwebpmux library does not match its headers")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = background
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw GraphicsError.webp(operation: "starting the animation", reason: "out of memory")
        }
        self.encoder = encoder
        guard WebPConfigInit(&config) != 0 else {
            throw GraphicsError.webp(
                operation: "setting the compression", reason: "the libwebp library does not match its headers")
        }
        config.lossless = lossless ? 1 : 0
        config.quality = Float(quality)
        // Lossy colour planes are stored at half resolution; sharp YUV conversion keeps thin coloured
        // strokes (small words) from bleeding into the background.
        config.use_sharp_yuv = lossless ? 0 : 1
        guard WebPValidateConfig(&config) != 0 else {
            throw GraphicsError.webp(operation: "setting the compression", reason: "libwebp refused quality \(quality)")
        }
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Adds one image starting at `startMilliseconds`: `pixels` are Cairo's ARGB32 words (native-endian
    /// `0xAARRGGBB`, premultiplied alpha), row by row, `width` × `height` of them.
    func add(argb pixels: [UInt32], startMilliseconds: Int) throws {
        guard pixels.count == width * height else {
            throw GraphicsError.webp(
                operation: "adding an image", reason: "it has \(pixels.count) pixels, the canvas \(width * height)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw GraphicsError.webp(operation: "adding an image", reason: "the libwebp library does not match its headers")
        }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        guard WebPPictureAlloc(&picture) != 0, let argb = picture.argb else {
            throw GraphicsError.webp(operation: "adding an image", reason: "out of memory for \(width)×\(height) pixels")
        }
        defer { WebPPictureFree(&picture) }
        let stride = Int(picture.argb_stride)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width { argb[y * stride + x] = Self.unpremultiplied(source[y * width + x]) }
            }
        }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(startMilliseconds), &config) != 0 else {
            throw GraphicsError.webp(operation: "encoding an image", reason: lastError(picture.error_code))
        }
    }

    /// Ends the animation at `endMilliseconds` (the last image's end) and returns the WebP file.
    func finish(endMilliseconds: Int) throws -> Data {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endMilliseconds), nil) != 0 else {
            throw GraphicsError.webp(operation: "ending the animation", reason: lastError(VP8_ENC_OK))
        }
        var data = WebPData()
        WebPDataInit(&data)
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw GraphicsError.webp(operation: "assembling the animation", reason: lastError(VP8_ENC_OK))
        }
        defer { WebPDataClear(&data) }
        return Data(bytes: bytes, count: data.size)
    }

    /// The encoder's message for its last failure, or the picture's error code when it gave none.
    private func lastError(_ code: WebPEncodingError) -> String {
        if let message = WebPAnimEncoderGetError(encoder), message.pointee != 0 {
            return String(cString: message)
        }
        return code == VP8_ENC_ERROR_OUT_OF_MEMORY ? "out of memory" : "libwebp error \(code.rawValue)"
    }

    /// A premultiplied ARGB word as WebP's straight (not premultiplied) ARGB: each colour channel
    /// divided by alpha, rounded; a transparent pixel is transparent black.
    static func unpremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func channel(_ shift: UInt32) -> UInt32 {
            let c = (p >> shift) & 255
            return min(255, (c * 255 + a / 2) / a) << shift
        }
        return a << 24 | channel(16) | channel(8) | channel(0)
    }
}
