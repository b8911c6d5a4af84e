import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// The output flags every drawing command shares, and the rendering they select.
package enum OutputArguments {
    /// The output keys (`OutputKeys`).
    static let specs = OutputKeys.all

    /// Renders `layout` as `output` asks and writes it atomically, reporting the two phases.
    static func write(_ layout: CloudLayout, _ output: OutputRequest, reporting: Reporting) throws {
        let destination = output.destination
        if destination.format == .json {
            // A large flow's JSON is tens of megabytes: written as it is made, never held whole.
            let guarded = contrastGuarded(layout, output)
            var count = 0
            try OutputFile.write(to: destination.path) { sink in
                try LayoutJSON.write(guarded, glyphs: output.jsonGlyphs) { bytes in
                    count += bytes.count
                    try sink(bytes)
                }
            }
            reporting.verbose.phase("render", "json, written as it was made")
            reporting.verbose.phase("write", "\(count) bytes to \(destination.name)")
            return
        }
        // Drawing a large PNG takes seconds (most of it compressing): say so on a terminal, as
        // the layout's progress bar has just been cleared.
        let pixels = layout.drawingSize.width * layout.drawingSize.height * pow(output.scale, 2)
        let drawing = destination.path == "-" ? "the PNG" : destination.path
        let status =
            destination.format == .png && pixels >= 4_000_000 && !reporting.quiet
            ? ProgressBar.Status("drawing \(drawing) (\(Int(pixels / 1e6)) megapixels)…") : nil
        let data = try {
            defer { status?.clear() }; return try render(layout, output)
        }()
        reporting.verbose.phase("render", destination.format.rawValue)
        try OutputFile.write(data, to: destination.path)
        reporting.verbose.phase("write", "\(data.count) bytes to \(destination.name)")
    }

    /// `layout` with `ContrastGuard` applied unless `--no-contrast-guard`. It runs on the finished
    /// layout, so it sees every colour however it was chosen (palette, a term's own colour,
    /// --color-image, pill fills) and every format, JSON included, carries the colours drawn.
    static func contrastGuarded(_ layout: CloudLayout, _ output: OutputRequest) -> CloudLayout {
        output.contrastGuard ? layout.contrastGuarded() : layout
    }

    /// The bytes of `layout` in the chosen format.
    package static func render(_ unguarded: CloudLayout, _ output: OutputRequest) throws -> Data {
        let (path, format) = (output.destination.name, output.destination.format)
        let scale = output.scale
        let theme = output.theme
        let layout = contrastGuarded(unguarded, output)
        let data: Data
        do {
            switch format {
            case .png:
                data = try CairoRenderer(options: RenderOptions(scale: scale)).pngData(layout)
            case .pdf:
                data = try CairoRenderer(options: RenderOptions()).pdfData(layout)
            case .json:
                // Natively through Foundation's Data, which large layouts are written from faster.
                data = try LayoutJSON.encode(layout, glyphs: output.jsonGlyphs)
            case .svg, .html:
                data = Data(try output.vectorBytes(layout) ?? [])
            }
        } catch let e as RecipeError {
            throw e
        } catch let e as GraphicsError {
            switch e {
            case .renderedImageTooLarge, .pageTooLarge: throw RecipeError.usage(e.description)
            case .invalidCanvasSize, .invalidScale, .invalidWord, .cairo, .invalidRotation, .outputFailed:
                throw RecipeError.output("cannot render \(path): \(e)")
            default:
                // A damaged font or image is a problem of the input, not of the output's destination.
                throw RecipeError.input(e.description)
            }
        } catch {
            throw RecipeError.output("cannot render \(path): \(error)")
        }
        return data
    }
}
