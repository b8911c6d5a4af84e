import TagCloud
import TagCloudExport
import TagCloudGraphics

/// Everything `tagcloud series` was asked to do, resolved from its command line before any work.
package struct SeriesRequest {
    /// The options every frame shares, as `tagcloud cloud` reads them.
    let options: WordCloudOptions
    /// The seed, and whether it was drawn for this run.
    let seed: Seed
    /// Where the series goes.
    let output: SeriesOutput
    /// For a folder: how each format is drawn (the destination's path is set per frame).
    let frameOutputs: [OutputRequest]
    /// The animation's timing (the page's and the WebP's) and the WebP's encoding.
    let animation: AnimatedWebPOptions
    /// The morphing page's writer (`--theme`, `--svg-outlines`, the timing).
    let page: SeriesHTMLWriter
    /// Whether colours too close to the background are adjusted (off with `--no-contrast-guard`).
    let contrastGuard: Bool
    /// The frames' sources.
    let frames: SeriesFrames
    /// The files the command reads, by option: no frame's file may be one of them.
    let inputs: [(option: String, path: String)]

    /// Resolves `args`: the output first, then the options `tagcloud cloud` takes, then the sources.
    init(_ args: Recipe, reporting: Reporting) throws {
        let output = try SeriesOutput(args)
        var frameOutputs: [OutputRequest] = []
        (options, seed) = try CloudRequest.options(args, reporting: reporting) { (width, height) throws(RecipeError) in
            guard case .folder(let folder, let formats) = output else { return }
            for format in formats {
                let request = try OutputRequest(OutputDestination(path: folder, format: format), args)
                try request.checkSize(width: Double(width), height: Double(height))
                frameOutputs.append(request)
            }
        }
        self.output = output
        self.frameOutputs = frameOutputs
        animation = try Self.animation(args)
        let outlines = GlyphOutlineCache()
        let mode: SVGWriter.Mode = args.flag("svg-outlines") ? .outlines(outlines) : .text
        let theme = try args.choice("theme", HTMLWriter.Theme.self) ?? HTMLWriter().theme
        page = SeriesHTMLWriter(
            page: HTMLWriter(theme: theme, title: "Tag clouds", mode: mode, uprightOutlines: outlines),
            frameDuration: animation.holdSeconds + animation.transitionSeconds,
            transitionDuration: animation.transitionSeconds)
        contrastGuard = !args.flag("no-contrast-guard")
        frames = try SeriesFrames(args)
        inputs = OutputDestination.inputs(args)
    }

    /// `--hold`, `--transition`, `--fps`, `--loop`, `--quality` and `--scale`, checked.
    static func animation(_ args: Recipe) throws -> AnimatedWebPOptions {
        typealias L = AnimatedWebPOptions.Limits
        var a = AnimatedWebPOptions()
        a.holdSeconds = try args.double("hold", range: L.holdSeconds) ?? a.holdSeconds
        a.transitionSeconds = try args.double("transition", range: L.transitionSeconds) ?? a.transitionSeconds
        if a.transitionSeconds > 0 && a.transitionSeconds < L.shortestTransition {
            throw RecipeError.usage(
                "--transition \(NumberText.plain(a.transitionSeconds)) is too short to show: give 0 (a cut) or at least \(NumberText.plain(L.shortestTransition))",
                key: "transition")
        }
        a.framesPerSecond = try args.double("fps", range: L.framesPerSecond) ?? a.framesPerSecond
        a.loopCount = try args.int("loop", range: L.loopCount) ?? a.loopCount
        if let q = try args.double("quality", range: L.quality) {
            a.lossless = false
            a.quality = q
        }
        a.render = RenderOptions(scale: try args.double("scale", range: 0.01...64) ?? 1)
        return a
    }
}
