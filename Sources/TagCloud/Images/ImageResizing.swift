extension RGBAImage {
    /// The image scaled to `width` × `height`: each axis is area-averaged (box filter) when it shrinks
    /// and uses the nearest pixel when it grows. Colours are averaged with premultiplied alpha, so
    /// transparent pixels do not darken edges. Sizes below 0 count as 0.
    ///
    /// Throws `TagCloudError.imageSizeOutOfRange` for a size no canvas may have (a side over
    /// `WordCloudOptions.Limits.side`, more than `WordCloudOptions.Limits.pixels` pixels). Besides
    /// the result it needs memory for one row only, whatever the sizes.
    public func resized(width: Int, height: Int) throws(TagCloudError) -> RGBAImage {
        let image = self
        let tw = max(0, width), th = max(0, height)
        guard tw <= WordCloudOptions.Limits.side, th <= WordCloudOptions.Limits.side,
            tw * th <= WordCloudOptions.Limits.pixels
        else {
            throw TagCloudError.imageSizeOutOfRange(width: width, height: height)
        }
        let sw = image.width, sh = image.height
        if tw == sw && th == sh { return image }
        guard tw > 0, th > 0, sw > 0, sh > 0 else {
            return RGBAImage(width: tw, height: th, pixels: [UInt32](repeating: 0, count: tw * th))
        }
        let columns = Self.weights(from: sw, to: tw), rows = Self.weights(from: sh, to: th)
        // One source row scaled horizontally (premultiplied channels), kept while consecutive
        // target rows use it, and the weighted sum of such rows for the target row.
        var wide = [Float](repeating: 0, count: tw * 4), wideRow = -1
        var sum = [Float](repeating: 0, count: tw * 4)
        var out = [UInt32](repeating: 0, count: tw * th)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<th {
                for i in sum.indices { sum[i] = 0 }
                for (sy, wt) in rows[y] {
                    if sy != wideRow {
                        Self.scaleRow(src, from: sy * sw, columns: columns, into: &wide)
                        wideRow = sy
                    }
                    for i in sum.indices { sum[i] += wide[i] * wt }
                }
                // Back to straight alpha.
                for x in 0..<tw {
                    let a = sum[4 * x], r = sum[4 * x + 1], g = sum[4 * x + 2], b = sum[4 * x + 3]
                    guard a > 0 else { continue }
                    func channel(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v / a).rounded()))) }
                    let alpha = UInt32(max(0, min(255, a.rounded())))
                    out[y * tw + x] = alpha << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
                }
            }
        }
        return RGBAImage(width: tw, height: th, pixels: out)
    }

    /// The source row starting at pixel `start` scaled by `columns`, with premultiplied channels
    /// (alpha, red, green, blue for each target pixel).
    private static func scaleRow(
        _ src: UnsafeBufferPointer<UInt32>, from start: Int, columns: [[(Int, Float)]],
        into wide: inout [Float]
    ) {
        for x in columns.indices {
            var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
            for (sx, wt) in columns[x] {
                let p = src[start + sx]
                let pa = Float(p >> 24) * wt
                a += pa
                r += Float((p >> 16) & 0xFF) * pa
                g += Float((p >> 8) & 0xFF) * pa
                b += Float(p & 0xFF) * pa
            }
            wide[4 * x] = a; wide[4 * x + 1] = r; wide[4 * x + 2] = g; wide[4 * x + 3] = b
        }
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
