import TagCloud
import TagCloudExport
import TagCloudGraphics

/// How a drawing command renders its layout and where it writes it, resolved from the output
/// flags (and `--no-contrast-guard`) before the layout.
package struct OutputRequest {
    /// The file (or standard output) and the format (a series sets it for each frame's file).
    package var destination: OutputDestination
    /// Pixels per point in a PNG (`--scale`).
    package let scale: Double
    /// The HTML page's colours (`--theme`).
    package let theme: HTMLWriter.Theme
    /// SVG and HTML words as glyph outlines rather than text (`--svg-outlines`).
    package let svgOutlines: Bool
    /// SVG words as text with a subset of each font embedded (`--svg-embed-fonts`).
    package let svgEmbedFonts: Bool
    /// JSON with each placed word's glyphs (`--json-glyphs`).
    package let jsonGlyphs: Bool
    /// Whether colours that contrast less than 3:1 with their background are adjusted
    /// (`ContrastGuard`); off with `--no-contrast-guard`.
    package var contrastGuard: Bool

    /// The rendering the arguments ask for, to be written to `destination`.
    package init(_ destination: OutputDestination, _ args: Recipe) throws(RecipeError) {
        self.destination = destination
        scale = try args.double("scale", range: 0.01...64) ?? RenderOptions().scale
        theme = try args.choice("theme", HTMLWriter.Theme.self) ?? HTMLWriter().theme
        svgOutlines = args.flag("svg-outlines")
        svgEmbedFonts = args.flag("svg-embed-fonts")
        jsonGlyphs = args.flag("json-glyphs")
        contrastGuard = !args.flag("no-contrast-guard")
    }

    /// Refuses, before any layout, a PNG or PDF of a `width` × `height` canvas too large to render
    /// (at the chosen `--scale`): otherwise a large cloud is laid out only to fail at the end.
    package func checkSize(width: Double, height: Double) throws(RecipeError) {
        try checkSize(
            width: width, height: height,
            subject: "--width \(NumberText.plain(width)) and --height \(NumberText.plain(height))")
    }

    /// Refuses a PNG (at the chosen `--scale`) or PDF of `width` × `height` points when it is too
    /// large to render: a usage error (exit status 1) naming `subject`, what made the size.
    package func checkSize(width: Double, height: Double, subject: String) throws(RecipeError) {
        #if hasFeature(Embedded)
        // Cairo draws PNG and PDF natively; the WebAssembly engine has no Cairo.
        if destination.format == .png || destination.format == .pdf {
            throw RecipeError.usage(
                "\(destination.format.rawValue.uppercased()) is drawn by the tagcloud command, not by the WebAssembly engine: write .svg, .html or .json",
                key: "format")
        }
        #else
        switch destination.format {
        case .png:
            do { _ = try CairoRenderer.imageSize(width: width, height: height, scale: scale) } catch {
                throw RecipeError.usage("\(subject) at --scale \(NumberText.plain(scale)): \(error)", key: "scale")
            }
        case .pdf:
            do { try CairoRenderer.checkPDFPageSize(width: width, height: height) } catch {
                throw RecipeError.usage("\(subject): \(error)")
            }
        case .svg, .json, .html:
            break
        }
        #endif
    }
}
