import TagCloud

/// How `AnimatedWebP` turns a series into an animation: how long each frame stands, how the clouds
/// morph between frames, how the images are compressed. Checked by `AnimatedWebP` before any work.
public struct AnimatedWebPOptions: Sendable, Hashable {
    /// How long each frame of the series stands still, in seconds (0.05…3600).
    public var holdSeconds: Double
    /// How long the morph from one frame to the next lasts, in seconds (0.02…60, or 0 to cut straight to
    /// the next frame).
    public var transitionSeconds: Double
    /// In-between images per second of a transition (1…50: browsers show a frame shorter than 20 ms
    /// for 100 ms).
    public var framesPerSecond: Double
    /// How many times the animation plays: 0 for ever (0…65535).
    public var loopCount: Int
    /// Whether every image is stored losslessly (exact pixels, larger files) instead of lossy.
    public var lossless: Bool
    /// Lossy: picture quality 0…100 (higher is sharper and larger). Lossless: effort 0…100 (higher is
    /// smaller and slower).
    public var quality: Double
    /// How each image is drawn: its scale, background, transparency (`CairoRenderer`'s options).
    public var render: RenderOptions

    /// Creates options. The defaults hold each frame 1.5 s, morph for 0.6 s at 20 images a second, loop
    /// for ever and store every image losslessly: exact pixels, and no faint traces of words that lossy
    /// in-between images leave behind, for files about twice the size of lossy quality 75 ones
    /// (docs/series.md has the figures).
    public init(
        holdSeconds: Double = 1.5, transitionSeconds: Double = 0.6, framesPerSecond: Double = 20,
        loopCount: Int = 0, lossless: Bool = true, quality: Double = 75, render: RenderOptions = .init()
    ) {
        self.holdSeconds = holdSeconds; self.transitionSeconds = transitionSeconds
        self.framesPerSecond = framesPerSecond; self.loopCount = loopCount
        self.lossless = lossless; self.quality = quality; self.render = render
    }

    /// The allowed range of each option, as `validate()` checks them.
    public enum Limits {
        /// `holdSeconds`.
        public static let holdSeconds = 0.05...3600.0
        /// `transitionSeconds`.
        public static let transitionSeconds = 0.0...60.0
        /// The shortest transition that is not a cut, in seconds: shorter steps than this would be
        /// shown for 100 ms by browsers.
        public static let shortestTransition = 0.02
        /// `framesPerSecond`.
        public static let framesPerSecond = 1.0...50.0
        /// `loopCount`.
        public static let loopCount = 0...65535
        /// `quality`.
        public static let quality = 0.0...100.0
    }

    /// Throws `GraphicsError.invalidAnimationOption` naming the first option out of its range.
    public func validate() throws {
        func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>) throws {
            guard range.contains(value) else {
                throw GraphicsError.invalidAnimationOption(
                    name: name, value: "\(value)", allowed: "\(Self.number(range.lowerBound))…\(Self.number(range.upperBound))")
            }
        }
        try check("hold time", holdSeconds, Limits.holdSeconds)
        try check("transition time", transitionSeconds, Limits.transitionSeconds)
        guard transitionSeconds == 0 || transitionSeconds >= Limits.shortestTransition else {
            throw GraphicsError.invalidAnimationOption(
                name: "transition time", value: "\(transitionSeconds)",
                allowed: "0 (a cut) or \(Limits.shortestTransition)…\(Self.number(Limits.transitionSeconds.upperBound))")
        }
        try check("frames per second", framesPerSecond, Limits.framesPerSecond)
        guard Limits.loopCount.contains(loopCount) else {
            throw GraphicsError.invalidAnimationOption(
                name: "loop count", value: "\(loopCount)",
                allowed: "\(Limits.loopCount.lowerBound)…\(Limits.loopCount.upperBound)")
        }
        try check("quality", quality, Limits.quality)
    }

    /// How many steps each transition has: one image per step (none when the transition is 0 s).
    var transitionSteps: Int {
        guard transitionSeconds > 0 else { return 0 }
        return max(1, Int((transitionSeconds * framesPerSecond).rounded()))
    }

    private static func number(_ v: Double) -> String { DecimalText.plain(v) }
}
