extension PreviousLayout {
    /// Checks the previous layout against a `width` × `height` canvas: the same size, at most
    /// `WordCloudOptions.Limits.words` words, each centred on the canvas at an angle within
    /// ±`Pin.angleLimit`, with a usable size and weight. Throws `TagCloudError.previousLayoutSize` or `.previousWordUnusable`.
    public func validate(width: Int, height: Int) throws(TagCloudError) {
        guard size.width == Double(width), size.height == Double(height) else {
            throw TagCloudError.previousLayoutSize(
                width: size.width, height: size.height, canvasWidth: width, canvasHeight: height)
        }
        try checkWords(canvas: "\(width)x\(height)")
    }

    /// Checks the previous layout of a flow `width` points wide: the same width, a usable height,
    /// at most `WordCloudOptions.Limits.words` words, each with its centre, frame and baseline on
    /// the canvas and a usable size and weight. Throws `TagCloudError.previousFlowWidth` or
    /// `.previousWordUnusable`.
    public func validate(flowWidth width: Double) throws(TagCloudError) {
        guard size.width == width, size.height.isFinite, size.height >= 0, size.height <= Self.flowHeightLimit else {
            throw TagCloudError.previousFlowWidth(width: size.width, height: size.height, flowWidth: width)
        }
        let canvas = "\(Self.number(size.width))x\(Self.number(size.height))"
        try checkWords(canvas: canvas)
        for w in words {
            if let f = w.frame {
                let inside =
                    [f.x, f.y, f.width, f.height].allSatisfy { $0.isFinite } && f.width >= 0 && f.height >= 0
                    && f.minX >= 0 && f.minY >= 0 && f.maxX <= size.width + 1e-6 && f.maxY <= size.height + 1e-6
                guard inside else {
                    throw TagCloudError.previousWordUnusable(
                        text: w.text, field: "frame", value: f.minX, expected: "a frame on the \(canvas) canvas")
                }
            }
            if let b = w.baseline, !(b.isFinite && b >= 0 && b <= size.height) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "baseline", value: b, expected: "a baseline on the \(canvas) canvas")
            }
        }
    }

    /// The tallest flow a previous layout may be, in points.
    public static let flowHeightLimit = 10_000_000.0

    /// Checks the number of words and each word's centre, angle, size and weight on a canvas named `canvas`.
    private func checkWords(canvas: String) throws(TagCloudError) {
        guard words.count <= WordCloudOptions.Limits.words else {
            throw TagCloudError.previousWordUnusable(
                text: "", field: "words", value: Double(words.count),
                expected: "at most \(WordCloudOptions.Limits.words) words")
        }
        for w in words {
            for (field, v, side) in [("x", w.center.x, size.width), ("y", w.center.y, size.height)]
            where !(v.isFinite && v >= 0 && v <= side) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: field, value: v, expected: "a centre on the \(canvas) canvas")
            }
            guard w.angle.isFinite, abs(w.angle) <= Pin.angleLimit else {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "angle", value: w.angle,
                    expected: "degrees from -\(Int(Pin.angleLimit)) to \(Int(Pin.angleLimit))")
            }
            if let size = w.fontSize, !(size.isFinite && size >= 0.5 && size <= CloudStyle.fontSizeLimit) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "fontSize", value: size,
                    expected: "a font size in points from 0.5 to \(Int(CloudStyle.fontSizeLimit))")
            }
            if let weight = w.weight, !(weight.isFinite && weight >= 0) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "weight", value: weight, expected: "a finite weight, not negative")
            }
        }
    }

    /// A length as a person writes it: whole numbers without a fraction.
    private static func number(_ v: Double) -> String { DecimalText.plain(v) }
}
