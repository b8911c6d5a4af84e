import Foundation
import TagCloud
import TagCloudGraphics

/// `tagcloud cloud`: the word cloud — spiral placement with pixel-exact collisions, rotation, shapes, masks.
enum CloudCommand {
    static let inputGroup = "Input"
    static let layoutGroup = "Layout"
    static let shapeGroup = "Shape and colour"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let library = WordCloudOptions()

    static let specs: [OptionSpec] = [
        OptionSpec("input", short: "i", valueName: "FILE", help: "Read words and weights from FILE: `word<TAB>weight` lines, CSV or JSON; - for standard input. Repeatable.", repeatable: true, group: inputGroup),
        OptionSpec("width", short: "w", valueName: "PX", help: "Canvas width in points (= pixels at scale 1). Default: \(library.width); with a mask, the mask's width.", group: layoutGroup,
                   defaultValue: String(library.width)),
        OptionSpec("height", valueName: "PX", help: "Canvas height. Default: \(library.height); with a mask, the mask's height.", group: layoutGroup,
                   defaultValue: String(library.height)),
        OptionSpec("max-words", valueName: "N", help: "Most words drawn, the heaviest.", group: layoutGroup,
                   defaultValue: String(library.maxWords)),
        OptionSpec("margin", valueName: "PX", help: "Space between words (each keeps half of it clear around its ink).", group: layoutGroup,
                   defaultValue: String(library.margin)),
        OptionSpec("relative-scaling", valueName: "R", help: "0–1: how much size follows weight, as the Python wordcloud package defines it (default 0.5).", group: layoutGroup,
                   defaultValue: relativeScaling(library.sizing)),
        OptionSpec("font-step", valueName: "PT", help: "Step by which a word that does not fit is shrunk.", group: layoutGroup,
                   defaultValue: plain(library.fontStep)),
        OptionSpec("rotate", valueName: "ANGLES", help: "Angles in degrees, clockwise: a list (0,-90; the default), a range FROM..TO (any angle in it), a range with steps FROM..TO:STEP, or `any` (-90..90).", group: layoutGroup,
                   defaultValue: angles(library.rotation)),
        OptionSpec("prefer-horizontal", valueName: "P", help: "Share of words drawn at 0° when 0 is among the angles.", group: layoutGroup,
                   defaultValue: plain(library.preferHorizontal)),
        OptionSpec("strategy", valueName: "NAME", help: "Where words go: archimedean (nearest the centre first, along an elliptical spiral; the default), rectangular, or random (uniform among free positions).", group: layoutGroup,
                   defaultValue: library.strategy.rawValue),
        OptionSpec("random-start", help: "Start each word's spiral at a random point near the centre.", group: layoutGroup),
        OptionSpec("fit", valueName: "MODE", help: "best-effort (default: shrink words that do not fit, report the rest) or all (scale the whole cloud until every word fits; exit status 3 if impossible).", group: layoutGroup,
                   defaultValue: library.fit.rawValue),
        OptionSpec("repeat", help: "Fill the space left by repeating the words, smaller, up to --max-words.", group: layoutGroup),
        OptionSpec("shape", valueName: "NAME", help: "Place the words inside a shape: \(Shape.allCases.map(\.rawValue).joined(separator: ", ")).", group: shapeGroup),
        OptionSpec("mask", valueName: "PNG", help: "Place the words inside an image: its opaque pixels if it has transparency, else its dark pixels (white is forbidden, as in the Python package). Without --width and --height the canvas takes the image's size (with one of them, its proportions); otherwise the image is resized to the canvas.", group: shapeGroup),
        OptionSpec("mask-invert", help: "Swap the allowed and forbidden parts of --mask.", group: shapeGroup),
        OptionSpec("mask-threshold", valueName: "0-255", help: "Alpha or luminance threshold of --mask.", group: shapeGroup,
                   defaultValue: String(ImageMaskOptions().threshold)),
        OptionSpec("contour", valueName: "PT", help: "Draw the outline of the shape or mask with this width.", group: shapeGroup,
                   defaultValue: plain(library.contourWidth)),
        OptionSpec("contour-color", valueName: "COLOR", help: "Colour of the outline. Default: black.", group: shapeGroup,
                   defaultValue: library.contourColor.hex),
        OptionSpec("strict", help: "Refuse a --mask or --color-image whose size differs from the canvas instead of resizing it.", group: shapeGroup),
        OptionSpec("max-pixels", valueName: "N", help: "Refuse canvases larger than N pixels (default and ceiling: 400 million).", group: layoutGroup,
                   defaultValue: String(WordCloudOptions.maximumPixels)),
        OptionSpec("color-image", valueName: "PNG", help: "Colour each word with the mean colour of this image under its pixels (resized to the canvas).", group: shapeGroup),
    ] + StyleArguments.specs.filter { $0.name != "random-sizes" } + OutputArguments.specs + TextArguments.specs + [CommonOptions.help]

    static let usage = [
        "[options] --input FILE -o FILE",
        "[options] WORD... -o FILE",
        "[options] --text FILE -o FILE",
    ]

    static let examples = [
        "tagcloud cloud --input freq.tsv --width 1600 --height 1200 --max-words 1000 --seed 1 -o cloud.png",
        "tagcloud cloud --input tags.json --shape heart --rotate 0,90 --prefer-horizontal 0.9 -o cloud.svg",
        "tagcloud cloud --input freq.tsv --mask silhouette.png --contour 2 --contour-color navy -o cloud.pdf",
        "tagcloud cloud --input freq.tsv --rotate any --strategy random --fit all -o cloud.png",
    ]

    /// Exit status when `--fit all` could not place every word.
    static let unplacedStatus: Int32 = 3

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try CommandLineParser(options: specs).parse(argv)
        if args.flag("help") {
            try StandardOutput.print(helpText(command: "tagcloud cloud", summary: "Draw a word cloud: words packed around the centre or inside a shape, pixel-exact.",
                           usage: usage, options: specs, examples: examples))
            return 0
        }
        try OutputArguments.checkDestination(args)
        let quiet = args.flag("quiet")
        var o = WordCloudOptions()
        o.style = try StyleArguments.style(from: args, defaultSizes: o.minFontSize...o.minFontSize)
        let seed = try StyleArguments.seed(from: args)
        o.seed = seed.value
        let givenWidth = try args.int("width", range: 1...WordCloudOptions.maximumSide)
        let givenHeight = try args.int("height", range: 1...WordCloudOptions.maximumSide)
        // A mask is read first: without --width and --height the canvas takes its size, and with one
        // of them its proportions, as the Python package's canvas takes its mask's size. Stretching
        // a silhouette to the default 800x600 would distort it.
        let maskImage = try args.string("mask").map { path in try Failure.wrap { try ImageLoader.loadRGBA(path: path) } }
        let canvas = try canvasSize(width: givenWidth, height: givenHeight, mask: maskImage, path: args.string("mask"),
                                    default: (o.width, o.height))
        o.width = canvas.width
        o.height = canvas.height
        try OutputArguments.checkOutputSize(width: Double(o.width), height: Double(o.height), args)
        let budget = try args.int("max-pixels", range: 1...WordCloudOptions.maximumPixels) ?? WordCloudOptions.maximumPixels
        if o.width * o.height > budget {
            throw CLIError.usage("canvas \(o.width)x\(o.height) is \(o.width * o.height) pixels, over the budget of \(budget) (--max-pixels): use a smaller --width/--height")
        }
        o.maxWords = try args.int("max-words", range: 1...WordCloudOptions.maximumWords) ?? o.maxWords
        o.margin = try args.int("margin", range: 0...1000) ?? o.margin
        o.minFontSize = try args.double("min-size", range: 0.5...CloudStyle.maximumFontSize) ?? o.minFontSize
        o.maxFontSize = try args.double("max-size", range: 0.5...CloudStyle.maximumFontSize)
        if let m = o.maxFontSize, m < o.minFontSize {
            throw CLIError.usage("--min-size \(plain(o.minFontSize)) is larger than --max-size \(plain(m)): the minimum must not exceed the maximum")
        }
        o.fontStep = try args.double("font-step", range: 0.1...1000) ?? o.fontStep
        if let curve = try StyleArguments.choice(args, "size-scale", WeightScale.Curve.self) {
            o.sizing = .scale(curve)
        }
        if let r = try args.double("relative-scaling", range: 0...1) { o.sizing = .relativeScaling(r) }
        if let r = args.string("rotate") { o.rotation = try rotation(r) }
        o.preferHorizontal = try args.double("prefer-horizontal", range: 0...1) ?? o.preferHorizontal
        o.strategy = try StyleArguments.choice(args, "strategy", SearchStrategy.self) ?? o.strategy
        o.randomStart = args.flag("random-start")
        o.fit = try StyleArguments.choice(args, "fit", WordCloudOptions.Fit.self) ?? o.fit
        o.repeatWords = args.flag("repeat")
        if let s = args.string("shape") {
            guard let shape = Shape(rawValue: s.lowercased()) else {
                throw CLIError.usage("unknown shape \"\(s)\": choose one of \(Shape.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            o.area = .shape(shape)
        }
        if let path = args.string("mask"), let image = maskImage {
            if args.string("shape") != nil { throw CLIError.usage("give either --shape or --mask, not both") }
            let threshold = try args.int("mask-threshold", range: 0...255) ?? Int(ImageMaskOptions().threshold)
            let sized = try resized(image, path: path, option: "mask", width: o.width, height: o.height, quiet: quiet,
                                    strict: args.flag("strict"))
            o.area = .mask(ImageLoader.mask(from: sized, options: ImageMaskOptions(invert: args.flag("mask-invert"),
                                                                                  threshold: UInt8(threshold))))
        } else if args.flag("mask-invert") || args.string("mask-threshold") != nil {
            throw CLIError.usage("--mask-invert and --mask-threshold need --mask PNG")
        }
        o.contourWidth = try args.double("contour", range: 0...1000) ?? o.contourWidth
        if let c = args.string("contour-color") { o.contourColor = try StyleArguments.parseColor(option: "contour-color")(c) }
        if let path = args.string("color-image") {
            let image = try Failure.wrap { try ImageLoader.loadRGBA(path: path) }
            o.colorImage = try resized(image, path: path, option: "color-image", width: o.width, height: o.height, quiet: quiet,
                                       strict: args.flag("strict"))
        }

        let report = VerboseReport(args)
        report.start()
        let terms = try TagInput.read(args, quiet: quiet, report: report)
        report.phase("read", "\(terms.count) words")
        var rng = SeededRandom(seed: o.seed)
        // A large cloud takes seconds: on a terminal, a bar shows how far the layout has got (each
        // further attempt of --fit all, at a smaller scale, starts it again).
        let bar = quiet ? nil : ProgressBar(total: nil, unit: .words)
        var lastAttempt = 0
        let result = try { () throws -> (layout: CloudLayout, statistics: WordCloudLayout.Statistics) in
            // Cleared before anything else is said, the error of a failed layout included.
            defer { bar?.finish() }
            return try Failure.wrap {
                try WordCloudLayout(o).run(terms, typesetter: FreeTypeTypesetter(), using: &rng, progress: bar.map { bar in
                    { p in
                        if p.attempt != lastAttempt {
                            lastAttempt = p.attempt
                            bar.restart(total: Int64(p.total))
                        }
                        bar.update(Int64(p.words), prefix: p.attempt > 1 ? "--fit all, try \(p.attempt): " : "")
                    }
                })
            }
        }()
        let stats = result.statistics
        report.phase("layout", "\(stats.requested) kept, \(stats.placed) placed, \(stats.shrunk) shrunk, fill \(Int((stats.fillRatio * 100).rounded()))%")
        report.unplaced(result.layout.unplaced)
        try OutputArguments.write(result.layout, args, report: report)
        StyleArguments.announce(seed: seed, quiet: quiet)
        let s = result.statistics
        let incomplete = o.fit == .all && s.unplaced > 0
        if !quiet || incomplete {
            var line = "placed \(s.placed) of \(s.requested) words (\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
            if o.repeatWords {
                // Repeats are placements, not words: "placed 300 of 6 words" would read as nonsense.
                let distinct = Set(result.layout.placed.map(\.index)).count
                line = "placed \(distinct) of \(s.requested) words, \(s.placed) times with --repeat "
                    + "(\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
            }
            let beyond = result.layout.unplaced.filter { $0.reason == .maxWords }.count
            if beyond > 0 { line += "; \(beyond) more beyond --max-words" }
            if s.scale < 1 { line += "; scaled to \(Int((s.scale * 100).rounded()))% to fit all" }
            Console.note(line)
        }
        if incomplete {
            Console.error("--fit all: \(s.unplaced) words fit nowhere even at the smallest size; use a larger canvas, fewer words (--max-words) or a smaller --min-size")
            return unplacedStatus
        }
        return 0
    }

    /// The value of each option when the command line `args` does not give it (for `config --print`):
    /// the table's defaults, and those that depend on other options.
    static func defaults(for args: ParsedArguments) -> [String: String] {
        var d = tableDefaults(specs)
        d["min-size"] = plain(library.minFontSize)
        // The size follows relative scaling unless --size-scale picks a curve; then neither applies.
        d.removeValue(forKey: "size-scale")
        if args.string("size-scale") != nil { d.removeValue(forKey: "relative-scaling") }
        // A threshold without a mask is an error, so it has a value only with one.
        if args.string("mask") == nil { d.removeValue(forKey: "mask-threshold") }
        // With a mask, the canvas's default size is the mask's (or its proportions at the given side).
        if let path = args.string("mask"), let image = try? ImageLoader.loadRGBA(path: path),
           let size = try? canvasSize(width: try? args.int("width"), height: try? args.int("height"), mask: image,
                                      path: path, default: (library.width, library.height)) {
            d["width"] = String(size.width)
            d["height"] = String(size.height)
        }
        TextArguments.adjust(&d, counting: !args.strings("text").isEmpty, defaultTop: nil)
        return d
    }

    /// `--relative-scaling`'s value for a sizing, nil when it is a weight curve instead.
    static func relativeScaling(_ sizing: WordCloudOptions.Sizing) -> String? {
        if case .relativeScaling(let r) = sizing { return plain(r) }
        return nil
    }

    /// A rotation as `--rotate` reads it.
    static func angles(_ rotation: WordCloudOptions.Rotation) -> String {
        switch rotation {
        case .angles(let a): return a.map(plain).joined(separator: ",")
        case .range(let from, let to): return "\(plain(from))..\(plain(to))"
        }
    }

    /// The canvas: `width` and `height` as given; without them, the mask's size (or, with one of them,
    /// the mask's proportions at that size); without a mask, `default`.
    static func canvasSize(width: Int?, height: Int?, mask: RGBAImage?, path: String?,
                           default fallback: (width: Int, height: Int)) throws -> (width: Int, height: Int) {
        guard let mask, mask.width > 0, mask.height > 0, width == nil || height == nil else {
            return (width ?? fallback.width, height ?? fallback.height)
        }
        let size: (width: Int, height: Int)
        if let width {
            size = (width, max(1, Int((Double(width) * Double(mask.height) / Double(mask.width)).rounded())))
        } else if let height {
            size = (max(1, Int((Double(height) * Double(mask.width) / Double(mask.height)).rounded())), height)
        } else {
            size = (mask.width, mask.height)
        }
        let side = WordCloudOptions.maximumSide
        guard size.width <= side && size.height <= side else {
            throw CLIError.usage("--mask \(path ?? "") makes a \(size.width)x\(size.height) canvas, over \(side) px a side: give --width or --height")
        }
        return size
    }

    /// The image at the canvas size; a different size is resized with a note.
    static func resized(_ image: RGBAImage, path: String, option: String, width: Int, height: Int, quiet: Bool,
                        strict: Bool) throws -> RGBAImage {
        if image.width == width && image.height == height { return image }
        if strict {
            throw CLIError.input("--\(option) \(path) is \(image.width)x\(image.height), the canvas \(width)x\(height) (--strict): resize the image or drop --strict")
        }
        if !quiet {
            Console.note("--\(option) \(path) is \(image.width)x\(image.height); resized to the canvas \(width)x\(height)")
        }
        return try Failure.wrap { try ImageLoader.resized(image, width: width, height: height) }
    }

    /// Parses `--rotate`: `any`, `FROM..TO`, or a comma-separated list of angles.
    static func rotation(_ text: String) throws -> WordCloudOptions.Rotation {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let bad = CLIError.usage("invalid value \"\(text)\" for --rotate: expected a list of angles (0,-90), a range (-45..45), a range with steps (-90..90:30) or any")
        if t == "any" { return .range(from: -90, to: 90) }
        if t.contains("..") {
            // FROM..TO is any angle in the range; FROM..TO:STEP is the angles FROM, FROM+STEP, … up to TO.
            let stepParts = t.components(separatedBy: ":")
            guard stepParts.count <= 2 else { throw bad }
            let parts = stepParts[0].components(separatedBy: "..")
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a <= b,
                  abs(a) <= 360, abs(b) <= 360 else { throw bad }
            guard stepParts.count == 2 else { return .range(from: a, to: b) }
            guard let step = Double(stepParts[1]), step.isFinite, step > 0,
                  (b - a) / step < Double(WordCloudOptions.maximumAngles) else { throw bad }
            return .angles(stride(from: a, through: b + 1e-9, by: step).map { ($0 * 1000).rounded() / 1000 })
        }
        let angles = t.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard angles.count <= WordCloudOptions.maximumAngles else {
            throw CLIError.usage("--rotate lists \(angles.count) angles, more than \(WordCloudOptions.maximumAngles): "
                + "list fewer, or give a range (-90..90) for any angle in it")
        }
        guard !angles.isEmpty, angles.allSatisfy({ $0 != nil && $0!.isFinite && abs($0!) <= 360 }) else { throw bad }
        return .angles(angles.map { $0! })
    }
}
