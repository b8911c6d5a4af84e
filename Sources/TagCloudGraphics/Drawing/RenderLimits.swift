import TagCloud

/// The sizes past which the renderers refuse to draw, kept apart from Cairo and libwebp so that
/// the errors naming them build where those libraries are not (the WebAssembly engine).
enum RenderLimits {
    /// The largest image side Cairo's image surfaces accept, in pixels (32767); the layouts'
    /// canvas limit is the same number, so any canvas renders as a PNG at scale 1.
    static let pixelsPerSide = WordCloudOptions.Limits.side
    /// The largest image area accepted, in pixels (2²⁸, a 1 GiB ARGB buffer).
    static let pixels = 1 << 28
    /// The longest side of a PDF page, in points (see `CairoRenderer.maximumPDFPageSide`).
    static let pdfPageSide = 1 << 21
    /// The most pixels all images of one animation may have together (2²⁹).
    static let animationPixels = 1 << 29
    /// The most images one animation may have.
    static let animationImages = 20_000
    /// The widest and tallest canvas WebP stores, in pixels.
    static let animationSide = 16_383
    /// The longest animation, in seconds (a day); WebP's times are milliseconds in 32 bits.
    static let animationSeconds = 86_400.0
}
