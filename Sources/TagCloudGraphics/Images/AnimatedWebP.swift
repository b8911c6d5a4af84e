import Foundation
import TagCloud

/// A `CloudSeries` as an animated WebP image: each frame's cloud stands for the hold time, then morphs
/// into the next (`SeriesTween`: shared words resize in place, others fade) through in-between images,
/// all drawn by `CairoRenderer` and compressed by libwebp's animation encoder.
///
/// The size of the work is checked before any of it: the images times their pixels may not exceed
/// `maximumTotalPixels`. Memory stays near one canvas plus the file being written, whatever the length.
public struct AnimatedWebP: Sendable {
    /// What the animation does and how it is compressed.
    public var options: AnimatedWebPOptions

    /// The most pixels all images of one animation may have together: 2²⁹ (536,870,912; for example 1,100
    /// images of 800 × 600), a few minutes of encoding on one core.
    public static let maximumTotalPixels = RenderLimits.animationPixels
    /// The most images one animation may have (held frames and in-between images together).
    public static let maximumImages = RenderLimits.animationImages
    /// The widest and tallest canvas WebP stores, in pixels (16,383).
    public static let maximumSide = RenderLimits.animationSide
    /// The longest animation, in seconds (a day); WebP's times are milliseconds in 32 bits.
    public static let maximumSeconds = RenderLimits.animationSeconds

    /// Creates a writer with `options`.
    public init(options: AnimatedWebPOptions = .init()) {
        self.options = options
    }

    /// The animated WebP of `series`. `progress`, when given, hears the fraction done (0…1) after each
    /// image, on this thread; a cancelled `cancellation` stops the work with `TagCloudError.cancelled`.
    ///
    /// Throws `GraphicsError.emptySeries` for a series without frames, `.invalidAnimationOption` for an
    /// option out of range, `.animationTooLarge` past the limits, the renderer's errors for a canvas or
    /// word it cannot draw, and `.webp` when libwebp fails.
    public func data(
        _ series: CloudSeries, cancellation: CancellationToken? = nil, progress: ((Double) -> Void)? = nil
    ) throws -> Data {
        let timeline = try plan(series)
        let renderer = CairoRenderer(options: options.render)
        let encoder = try WebPAnimationEncoder(
            width: timeline.width, height: timeline.height, loopCount: options.loopCount,
            lossless: options.lossless, quality: options.quality, background: backgroundHint(series))
        for (done, image) in timeline.images.enumerated() {
            try cancellation?.check()
            var layout = image.layout(of: series)
            // Every image on the series' canvas, so all come out the encoder's size.
            layout.size = series.size
            let drawn = try renderer.renderARGB(layout)
            try encoder.add(argb: drawn.pixels, startMilliseconds: image.start)
            progress?(Double(done + 1) / Double(timeline.images.count + 1))
        }
        try cancellation?.check()
        let data = try encoder.finish(endMilliseconds: timeline.end)
        progress?(1)
        return data
    }

    /// Writes the animated WebP of `series` to `url`, atomically (`AtomicFile`); errors as `data`, and
    /// `GraphicsError.outputFailed` when the file cannot be written.
    public func write(
        _ series: CloudSeries, to url: URL, cancellation: CancellationToken? = nil,
        progress: ((Double) -> Void)? = nil
    ) throws {
        try AtomicFile.write(data(series, cancellation: cancellation, progress: progress), to: url)
    }

    /// The images `data` would encode for `series`, with their times, after checking the options, the
    /// canvas and the limits: a caller can refuse a request before drawing anything.
    public func plan(_ series: CloudSeries) throws -> AnimatedWebPTimeline {
        guard !series.frames.isEmpty else { throw GraphicsError.emptySeries }
        try options.validate()
        let size = series.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw GraphicsError.invalidCanvasSize(width: size.width, height: size.height)
        }
        let (width, height) = try CairoRenderer.imageSize(width: size.width, height: size.height, scale: options.render.scale)
        let steps = options.transitionSteps
        // In Double, so a hostile frame count cannot overflow before it is refused.
        let frames = Double(series.frames.count)
        let images = frames + (frames - 1) * Double(steps)
        guard images <= Double(Self.maximumImages), images * Double(width) * Double(height) <= Double(Self.maximumTotalPixels),
            width <= Self.maximumSide, height <= Self.maximumSide
        else {
            throw GraphicsError.animationTooLarge(images: Int(min(images, 1e15)), width: width, height: height)
        }
        let seconds = frames * options.holdSeconds + (frames - 1) * options.transitionSeconds
        guard seconds <= Self.maximumSeconds else { throw GraphicsError.animationTooLong(seconds: seconds) }
        return AnimatedWebPTimeline(frames: series.frames.count, options: options, width: width, height: height)
    }

    /// The background colour viewers are told to clear the canvas to, 0xAARRGGBB: the first frame's.
    private func backgroundHint(_ series: CloudSeries) -> UInt32 {
        guard let first = series.frames.first, let c = options.render.background(for: first.layout) else { return 0 }
        return UInt32(c.alpha) << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
    }
}

/// The images of an animated WebP in order, each with the frame it shows or morphs from and the time it
/// starts: frame k for the hold time, then the transition's in-between images, then frame k + 1, and so
/// on; the last frame stands for the hold time and the animation ends (a loop starts again at frame 0).
public struct AnimatedWebPTimeline: Hashable, Sendable {
    /// One image of the animation.
    public struct Image: Hashable, Sendable {
        /// The series frame it shows (`t` = 0) or morphs from towards the next one.
        public var frame: Int
        /// How far the morph to frame `frame + 1` has got, 0 (the frame itself) to 1, before easing.
        public var t: Double
        /// When it starts, in milliseconds from the animation's start.
        public var start: Int

        /// The cloud this image draws.
        public func layout(of series: CloudSeries) -> CloudLayout {
            guard t > 0 else { return series.frames[frame].layout }
            return SeriesTween.layout(in: series, after: frame, at: t) ?? series.frames[frame].layout
        }
    }

    /// The images, in order.
    public var images: [Image]
    /// When the last image ends, in milliseconds.
    public var end: Int
    /// The canvas width in pixels.
    public var width: Int
    /// The canvas height in pixels.
    public var height: Int

    /// The timeline of `frames` frames with `options`' hold, transition and frames per second. The
    /// transition's n steps each last 1/n of it and show the cloud at their middle, t = (i + ½)/n, so no
    /// in-between image repeats a frame. Times are rounded to milliseconds from the start, so rounding
    /// does not add up over a long animation.
    init(frames: Int, options: AnimatedWebPOptions, width: Int, height: Int) {
        let steps = options.transitionSteps
        let hold = options.holdSeconds, step = steps > 0 ? options.transitionSeconds / Double(steps) : 0
        func ms(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
        var images: [Image] = []
        images.reserveCapacity(frames + max(0, frames - 1) * steps)
        var clock = 0.0
        for k in 0..<frames {
            images.append(Image(frame: k, t: 0, start: ms(clock)))
            clock += hold
            guard k + 1 < frames else { break }
            for i in 0..<steps {
                images.append(Image(frame: k, t: (Double(i) + 0.5) / Double(steps), start: ms(clock)))
                clock += step
            }
        }
        self.images = images
        self.end = ms(clock)
        self.width = width
        self.height = height
    }
}
