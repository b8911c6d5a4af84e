import TagCloud
import Testing

@testable import TagCloudGraphics

/// The resize as a plain two-pass filter over a whole intermediate image (target width × source
/// height), to check `RGBAImage.resized`, which keeps one row at a time, against.
private func referenceResized(_ image: RGBAImage, width tw: Int, height th: Int) -> RGBAImage {
    let sw = image.width, sh = image.height
    func weights(_ source: Int, _ target: Int) -> [[(Int, Float)]] {
        if target >= source { return (0..<target).map { [(min(source - 1, (2 * $0 + 1) * source / (2 * target)), 1)] } }
        let scale = Double(source) / Double(target)
        return (0..<target).map { t in
            let lo = Double(t) * scale, hi = Double(t + 1) * scale
            return (Int(lo)..<min(source, Int(hi.rounded(.up)))).compactMap { s in
                let overlap = min(hi, Double(s + 1)) - max(lo, Double(s))
                return overlap > 0 ? (s, Float(overlap / scale)) : nil
            }
        }
    }
    let columns = weights(sw, tw), rows = weights(sh, th)
    var wide = [Float](repeating: 0, count: tw * sh * 4)
    for y in 0..<sh {
        for x in 0..<tw {
            var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
            for (sx, wt) in columns[x] {
                let p = image.pixels[y * sw + sx]
                let pa = Float(p >> 24) * wt
                a += pa; r += Float((p >> 16) & 0xFF) * pa; g += Float((p >> 8) & 0xFF) * pa; b += Float(p & 0xFF) * pa
            }
            let o = (y * tw + x) * 4
            wide[o] = a; wide[o + 1] = r; wide[o + 2] = g; wide[o + 3] = b
        }
    }
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
            out[y * tw + x] = UInt32(max(0, min(255, a.rounded()))) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
    }
    return RGBAImage(width: tw, height: th, pixels: out)
}

@Suite("resizing: bounded sizes, one row of scratch memory, the same pixels")
struct ImageResizingTests {
    /// 37 × 23 pixels of seeded noise with every kind of alpha.
    let image: RGBAImage = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pixels = (0..<(37 * 23)).map { _ -> UInt32 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let p = UInt32(truncatingIfNeeded: state >> 32)
            switch p % 4 {
            case 0: return p & 0x00FF_FFFF;
            case 1: return p | 0xFF00_0000;
            default: return p
            }
        }
        return RGBAImage(width: 37, height: 23, pixels: pixels)
    }()

    @Test(
        "the same pixels as a whole-image two-pass filter",
        arguments: [
            (10, 7), (80, 50), (20, 50), (80, 9), (1, 1), (37, 11), (36, 23),
        ])
    func matchesTheTwoPassFilter(width: Int, height: Int) throws {
        #expect(
            try image.resized(width: width, height: height) == referenceResized(image, width: width, height: height))
    }

    @Test(
        "sizes no canvas may have are refused, not allocated",
        arguments: [
            (WordCloudOptions.Limits.side + 1, 1), (1, Int.max), (20_000, 20_001),
        ])
    func refusesSizesOutOfRange(width: Int, height: Int) {
        #expect(throws: TagCloudError.imageSizeOutOfRange(width: width, height: height)) {
            try image.resized(width: width, height: height)
        }
    }
}
