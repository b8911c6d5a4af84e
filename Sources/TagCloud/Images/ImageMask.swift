extension BitMask {
    /// Where words may go according to `image` (same size as the image).
    ///
    /// With any transparency (a pixel with alpha below 255), pixels with alpha ≥ `options.threshold`
    /// are allowed: an opaque shape on a transparent background. Otherwise pixels darker than the
    /// threshold (luminance < `options.threshold`) are allowed: a dark shape on a white background,
    /// where pure white is always forbidden. `options.invert` swaps the two.
    public init(image: RGBAImage, options: ImageMaskOptions = .init()) {
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
        self = mask
    }
}

extension RGBAImage {
    /// Whether any pixel is less than fully opaque (alpha below 255).
    public var hasTransparency: Bool { pixels.contains { $0 >> 24 != 0xFF } }
}
