import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// The output flags every drawing command shares, and the rendering they select.
enum OutputArguments {
    static let group = "Output"

    static let specs: [OptionSpec] = [
        OptionSpec("output", short: "o", valueName: "FILE", help: "Where to write: .png, .pdf, .svg, .html or .json (the format follows the extension); - for standard output.", group: group),
        OptionSpec("format", valueName: "FORMAT", help: "png, pdf, svg, html or json; overrides the extension (needed for -o - unless SVG).", group: group),
        OptionSpec("scale", valueName: "FACTOR", help: "Pixels per point in PNG output (2 for high-DPI); the layout is unchanged. Default: 1.", group: group,
                   defaultValue: plain(RenderOptions().scale)),
        OptionSpec("theme", valueName: "THEME", help: "HTML page colours: light (the cloud's own, default), dark (dark page, words lightened to stay readable), or auto (follows the reader's light/dark setting).", group: group,
                   defaultValue: HTMLWriter().theme.rawValue),
        OptionSpec("svg-outlines", help: "Write SVG words as glyph outlines (paths), so the file looks the same without the fonts.", group: group),
        OptionSpec("svg-embed-fonts", help: "Keep SVG words as text and embed a subset of each font used (a data URI), so the file looks right without the fonts.", group: group),
        CommonOptions.quiet,
        CommonOptions.verbose,
    ]

    /// The output path and format named by the arguments.
    static func destination(_ args: ParsedArguments) throws -> (path: String, format: OutputFormat) {
        guard let path = args.string("output") else {
            throw CLIError.usage("no output file: add -o FILE (.png, .pdf, .svg, .html or .json), or -o - for standard output")
        }
        if let f = args.string("format") {
            guard let format = OutputFormat(rawValue: f.lowercased()) else {
                throw CLIError.usage("invalid value \"\(f)\" for --format: expected png, pdf, svg, html or json")
            }
            return (path, format)
        }
        if path == "-" { return (path, .svg) }
        guard let format = OutputFormat(path: path) else {
            throw CLIError.usage("cannot tell the format of \(path): use a .png, .pdf, .svg, .html or .json extension, or --format")
        }
        return (path, format)
    }

    /// The options whose values name files the command reads.
    static let inputFileOptions = ["input", "text", "config", "stopwords", "add-stopwords", "mask", "color-image", "font"]

    /// Checks, before any work, that the output is named and has a format, and that it is not one
    /// of the files the command reads.
    static func checkDestination(_ args: ParsedArguments) throws {
        let (path, _) = try destination(args)
        let inputs = inputFileOptions.flatMap { option in args.strings(option).map { (option: "--" + option, path: $0) } }
        try OutputFile.checkNotAnInput(path, inputs: inputs)
    }

    /// `--scale`, or the renderer's default.
    static func scale(_ args: ParsedArguments) throws -> Double {
        try args.double("scale", range: 0.01...64) ?? RenderOptions().scale
    }

    /// Refuses, before any layout, a PNG or PDF of a `width` × `height` canvas too large to render
    /// (at the chosen `--scale`): otherwise a large cloud is laid out only to fail at the end.
    static func checkOutputSize(width: Double, height: Double, _ args: ParsedArguments) throws {
        try checkOutputSize(width: width, height: height, args, subject: "--width \(plain(width)) and --height \(plain(height))")
    }

    /// Refuses a PNG (at the chosen `--scale`) or PDF of `width` × `height` points when it is too
    /// large to render: a usage error (exit status 1) naming `subject`, what made the size.
    static func checkOutputSize(width: Double, height: Double, _ args: ParsedArguments, subject: String) throws {
        switch try destination(args).format {
        case .png:
            let scale = try Self.scale(args)
            do { _ = try CairoRenderer.imageSize(width: width, height: height, scale: scale) } catch {
                throw CLIError.usage("\(subject) at --scale \(plain(scale)): \(error)")
            }
        case .pdf:
            do { try CairoRenderer.checkPDFPageSize(width: width, height: height) } catch {
                throw CLIError.usage("\(subject): \(error)")
            }
        case .svg, .json, .html:
            break
        }
    }

    /// Renders `layout` in the chosen format and writes it atomically, reporting the two phases.
    static func write(_ layout: CloudLayout, _ args: ParsedArguments, report: VerboseReport) throws {
        let (path, format) = try destination(args)
        // Drawing a large PNG takes seconds (most of it compressing): say so on a terminal, as
        // the layout's progress bar has just been cleared.
        let pixels = layout.size.width * layout.size.height * pow(try Self.scale(args), 2)
        let status = format == .png && pixels >= 4_000_000 && !args.flag("quiet")
            ? ProgressBar.Status("drawing \(path == "-" ? "the PNG" : path) (\(Int(pixels / 1e6)) megapixels)…") : nil
        let data = try { defer { status?.clear() }; return try render(layout, args) }()
        report.phase("render", format.rawValue)
        try OutputFile.write(data, to: path)
        report.phase("write", "\(data.count) bytes to \(path == "-" ? "standard output" : path)")
    }

    /// The bytes of `layout` in the chosen format.
    static func render(_ unguarded: CloudLayout, _ args: ParsedArguments) throws -> Data {
        let (path, format) = try destination(args)
        let scale = try Self.scale(args)
        let theme = try StyleArguments.choice(args, "theme", HTMLWriter.Theme.self) ?? HTMLWriter().theme
        // The contrast guard runs here, on the finished layout, so it sees every colour however it
        // was chosen (palette, a term's own colour, --color-image, pill fills) and every format,
        // JSON included, carries the colours actually drawn.
        let layout = StyleArguments.contrastGuard(args) ? unguarded.contrastGuarded() : unguarded
        let data: Data
        do {
            switch format {
            case .png:
                data = try CairoRenderer(options: RenderOptions(scale: scale)).pngData(layout)
            case .pdf:
                data = try CairoRenderer(options: RenderOptions()).pdfData(layout)
            case .svg:
                let mode: SVGWriter.Mode = args.flag("svg-outlines") ? .outlines(GlyphOutlineCache()) : .text
                let embedded: (any FontSubsetProvider)? = args.flag("svg-embed-fonts") ? FontSubsetter() : nil
                data = Data(try SVGWriter(mode: mode, embeddedFonts: embedded).data(layout))
            case .json:
                data = try LayoutJSON.encode(layout)
            case .html:
                let mode: SVGWriter.Mode = args.flag("svg-outlines") ? .outlines(GlyphOutlineCache()) : .text
                data = Data(try HTMLWriter(theme: theme, mode: mode).data(layout))
            }
        } catch let e as CLIError {
            throw e
        } catch let e as GraphicsError {
            switch e {
            case .renderedImageTooLarge, .pageTooLarge: throw CLIError.usage(e.description)
            case .invalidCanvasSize, .invalidScale, .invalidWord, .cairo, .invalidRotation, .outputFailed:
                throw CLIError.output("cannot render \(path): \(e)")
            default:
                // A damaged font or image is a problem of the input, not of the output's destination.
                throw CLIError.input(e.description)
            }
        } catch {
            throw CLIError.output("cannot render \(path): \(error)")
        }
        return data
    }
}
