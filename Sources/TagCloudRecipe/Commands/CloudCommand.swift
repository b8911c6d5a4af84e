import TagCloud
import TagCloudGraphics

/// `tagcloud cloud`: the word cloud — spiral placement with pixel-exact collisions, rotation, shapes, masks.
package enum CloudCommand: RecipeCommand {
    package static let name = "cloud"
    package static let summary = "Draw a word cloud: words packed around the centre or inside a shape, pixel-exact."
    static let inputGroup = "Input"
    static let layoutGroup = "Layout"
    static let shapeGroup = "Shape and colour"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let library = WordCloudOptions()

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    package static let options: [RecipeKey] = [
        RecipeKey("input", short: "i", valueName: "FILE", help: "Read words and weights from FILE: `word<TAB>weight` lines, CSV or JSON; - for standard input. Repeatable.", repeatable: true, group: inputGroup),
        RecipeKey("width", short: "w", valueName: "PX", help: "Canvas width in points (= pixels at scale 1). Default: \(library.width); with a mask, the mask's width.", group: layoutGroup,
                   defaultValue: String(library.width)),
        RecipeKey("height", valueName: "PX", help: "Canvas height. Default: \(library.height); with a mask, the mask's height.", group: layoutGroup,
                   defaultValue: String(library.height)),
        RecipeKey("max-words", valueName: "N", help: "Most words drawn, the heaviest.", group: layoutGroup,
                   defaultValue: String(library.maximumWords)),
        RecipeKey("margin", valueName: "PX", help: "Space between words (each keeps half of it clear around its ink).", group: layoutGroup,
                   defaultValue: String(library.margin)),
        RecipeKey("relative-scaling", valueName: "R", help: "0–1: how much size follows weight, as the Python wordcloud package defines it (default 0.5).", group: layoutGroup,
                   defaultValue: relativeScaling(library.style.sizing)),
        RecipeKey("font-step", valueName: "PT", help: "Step by which a word that does not fit is shrunk.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.fontSizeStep)),
        RecipeKey("rotate", valueName: "ANGLES", help: "Angles in degrees, clockwise: a list (0,-90; the default), a range FROM..TO (any angle in it), a range with steps FROM..TO:STEP, or `any` (-90..90).", group: layoutGroup,
                   defaultValue: RotationArgument.text(library.rotation)),
        RecipeKey("prefer-horizontal", valueName: "P", help: "Share of words drawn at 0° when 0 is among the angles.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.preferHorizontal)),
        RecipeKey("strategy", valueName: "NAME", help: "Where words go: archimedean (nearest the centre first, along an elliptical spiral; the default), rectangular, or random (uniform among free positions).", group: layoutGroup,
                   defaultValue: library.strategy.rawValue),
        RecipeKey("random-start", help: "Start each word's spiral at a random point near the centre.", group: layoutGroup),
        RecipeKey("fit", valueName: "MODE", help: "best-effort (default: shrink words that do not fit, report the rest) or all (scale the whole cloud until every word fits; exit status 3 if impossible).", group: layoutGroup,
                   defaultValue: library.fit.rawValue),
        RecipeKey("sizes", valueName: "MODE", help: "shrink (default: a word that does not fit is shrunk on its own, so equal weights may differ in size) or exact (each size follows the weight alone: equal weights, equal sizes; the whole cloud is scaled down until every word fits; exit status 3 if impossible). See docs/sizes.md.", group: layoutGroup,
                   defaultValue: library.sizes.rawValue),
        RecipeKey("arrange", valueName: "MODE", help: "weight (default: the heaviest words nearest the centre) or semantic (related words side by side: words that occur near one another in --text, tags of one group in --input; --color-mode cluster colours each group of related words).", group: layoutGroup,
                   defaultValue: CloudRecipe.Arrange.weight.rawValue),
        RecipeKey("previous", valueName: "JSON", help: "Keep to an earlier layout of this canvas (the JSON an earlier run wrote with -o FILE.json): its words stay where they were, at their angles, growing or shrinking about their centres; a word that no longer fits there moves as little as it must, and new words fill the space around them. Without --width and --height the canvas takes the layout's size.", group: layoutGroup),
        RecipeKey("repeat", help: "Fill the space left by repeating the words, smaller, up to --max-words.", group: layoutGroup),
        RecipeKey("shape", valueName: "NAME", help: "Place the words inside a shape: \(Shape.allCases.map(\.rawValue).joined(separator: ", ")).", group: shapeGroup),
        RecipeKey("mask", valueName: "PNG", help: "Place the words inside an image: its opaque pixels if it has transparency, else its dark pixels (white is forbidden, as in the Python package). Without --width and --height the canvas takes the image's size (with one of them, its proportions); otherwise the image is resized to the canvas.", group: shapeGroup),
        RecipeKey("mask-invert", help: "Swap the allowed and forbidden parts of --mask.", group: shapeGroup),
        RecipeKey("mask-threshold", valueName: "0-255", help: "Alpha or luminance threshold of --mask.", group: shapeGroup,
                   defaultValue: String(ImageMaskOptions().threshold)),
        RecipeKey("contour", valueName: "PT", help: "Draw the outline of the shape or mask with this width.", group: shapeGroup,
                   defaultValue: NumberText.plain(library.contourWidth)),
        RecipeKey("contour-color", valueName: "COLOR", help: "Colour of the outline. Default: black.", group: shapeGroup,
                   defaultValue: library.contourColor.hex),
        RecipeKey("strict", help: "Refuse a --mask or --color-image whose size differs from the canvas instead of resizing it.", group: shapeGroup),
        RecipeKey("max-pixels", valueName: "N", help: "Refuse canvases larger than N pixels (default and ceiling: 400 million).", group: layoutGroup,
                   defaultValue: String(WordCloudOptions.Limits.pixels)),
        RecipeKey("color-image", valueName: "PNG", help: "Colour each word with the mean colour of this image under its pixels (resized to the canvas).", group: shapeGroup),
    ] + StyleArguments.specs.filter { $0.name != "random-sizes" } + OutputArguments.specs + TextArguments.specs + [CommonOptions.help]

    package static let usage = [
        "[options] --input FILE -o FILE",
        "[options] WORD... -o FILE",
        "[options] --text FILE -o FILE",
    ]

    package static let examples = [
        "tagcloud cloud --input freq.tsv --width 1600 --height 1200 --max-words 1000 --seed 1 -o cloud.png",
        "tagcloud cloud --input tags.json --shape heart --rotate 0,90 --prefer-horizontal 0.9 -o cloud.svg",
        "tagcloud cloud --input freq.tsv --mask silhouette.png --contour 2 --contour-color navy -o cloud.pdf",
        "tagcloud cloud --input freq.tsv --rotate any --strategy random --fit all -o cloud.png",
        "tagcloud cloud --input today.tsv --previous yesterday.json -o today.json",
    ]

    package static func resolve(_ arguments: Recipe, reporting: Reporting) throws -> CloudRequest {
        try CloudRequest(arguments, reporting: reporting, destination: nil)
    }

    package static func run(_ request: CloudRequest, reporting: Reporting) throws {
        let (layout, stats) = try written(request, reporting: reporting)
        reporting.announce(request.seed)
        let incomplete = Self.incomplete(request.options, unplaced: stats.unplaced)
        if !reporting.quiet || incomplete != nil {
            Console.note(placementLine(layout, stats, repeated: request.options.repeatWords))
        }
        if let incomplete { throw incomplete }
    }

    /// Lays the request out and writes it where its output says, as `tagcloud cloud` does.
    static func written(
        _ request: CloudRequest, reporting: Reporting
    ) throws -> (CloudLayout, WordCloudLayout.Statistics) {
        let report = reporting.verbose
        report.start()
        var (layout, stats) = try laidOut(request, reporting: reporting)
        report.phase(
            "layout",
            "\(stats.requested) kept, \(stats.placed) placed, \(stats.shrunk) shrunk, fill \(NumberText.percent(stats.fillRatio))"
        )
        report.unplaced(layout.unplaced)
        var output = request.output
        // Guarded here, in place, rather than by the writer on a copy of every word.
        if output.contrastGuard {
            layout.guardContrast()
            output.contrastGuard = false
        }
        try OutputArguments.write(layout, output, reporting: reporting)
        return (layout, stats)
    }

    /// Reads the request's words and lays them out. `cancellation` stops the layout midway (the
    /// server's time limit).
    package static func laidOut(
        _ request: CloudRequest, reporting: Reporting, cancellation: CancellationToken? = nil
    ) throws -> (CloudLayout, WordCloudLayout.Statistics) {
        let (terms, options) = try request.read(reporting)
        reporting.verbose.phase("read", "\(terms.count) words")
        return try lay(terms, options, reporting: reporting, cancellation: cancellation)
    }

    /// The error of a cloud that was to place every word and left `unplaced` over (under --fit
    /// all and --sizes exact), nil when it placed them all or was not bound to.
    static func incomplete(_ options: WordCloudOptions, unplaced: Int) -> RecipeError? {
        guard unplaced > 0 else { return nil }
        if options.sizes == .exact && !options.scalesToFit {
            return RecipeError.unplaced(
                "--weight-range keeps one size scale: \(unplaced) words fit nowhere at their sizes; use a smaller --max-size, a larger canvas or fewer words (--max-words), or --fit all to scale this cloud down"
            )
        }
        guard options.fit == .all || options.sizes == .exact else { return nil }
        let mode = options.fit == .all ? "--fit all" : "--sizes exact"
        return RecipeError.unplaced(
            "\(mode): \(unplaced) words fit nowhere even at the smallest size; use a larger canvas, fewer words (--max-words) or a smaller --min-size"
        )
    }

    /// Lays the cloud out; on a terminal, a bar shows how far the layout has got, as a large cloud
    /// takes seconds (each further attempt of --fit all, at a smaller scale, starts it again).
    /// `cancellation` stops it midway (the server's time limit); the command line has none.
    static func lay(
        _ terms: [Term], _ options: WordCloudOptions,
        reporting: Reporting, cancellation: CancellationToken? = nil
    ) throws -> (CloudLayout, WordCloudLayout.Statistics) {
        let bar = reporting.progressBar(total: nil, unit: .words)
        // Cleared before anything else is said, the error of a failed layout included.
        defer { bar?.finish() }
        var layout = WordCloudLayout(options)
        layout.cancellation = cancellation
        let result = try RecipeError.mappingLibraryErrors {
            try layout.run(terms, typesetter: FreeTypeTypesetter(), progress: bar.map { progress(on: $0) })
        }
        return (result.layout, result.statistics)
    }

    /// A layout's progress shown on `bar`: words placed of all, restarted for each attempt of
    /// --fit all, at a smaller scale.
    static func progress(on bar: ProgressBar) -> (WordCloudLayout.Progress) -> Void {
        var lastAttempt = 0
        return { p in
            if p.attempt != lastAttempt {
                lastAttempt = p.attempt
                bar.restart(total: Int64(p.total))
            }
            bar.update(Int64(p.words), prefix: p.attempt > 1 ? "--fit all, try \(p.attempt): " : "")
        }
    }

    /// The line that says how many words were placed, shrunk and left out.
    package static func placementLine(_ layout: CloudLayout, _ s: WordCloudLayout.Statistics, repeated: Bool) -> String {
        var line = "placed \(s.placed) of \(s.requested) words (\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
        if repeated {
            // Repeats are placements, not words: "placed 300 of 6 words" would read as nonsense.
            let distinct = Set(layout.placed.map(\.index)).count
            line =
                "placed \(distinct) of \(s.requested) words, \(s.placed) times with --repeat "
                + "(\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
        }
        let beyond = layout.unplaced.filter { $0.reason == .maxWords }.count
        if beyond > 0 { line += "; \(beyond) more beyond --max-words" }
        if s.scale < 1 { line += "; scaled to \(NumberText.percent(s.scale)) to fit all" }
        if let c = s.continuity { line += continuityText(c) }
        return line
    }

    /// How a layout kept to an earlier one, as the placement lines of clouds and flows end:
    /// `; 12 stayed, 3 moved (largest 40 pt), 2 new, 1 gone`.
    static func continuityText(_ c: WordCloudLayout.Continuity) -> String {
        let largest = c.moved > 0 ? " (largest \(NumberText.plain(c.largestMove.rounded())) pt)" : ""
        var text = "; \(c.stayed) stayed, \(c.moved) moved\(largest), \(c.new) new"
        if c.removed > 0 { text += ", \(c.removed) gone" }
        return text
    }

    /// The value of each key when `args` does not give it, for `config --print`: the table's
    /// defaults, and those that depend on other keys read off the options `args` resolves to, so
    /// the printout decides nothing the cloud does not (a mask or earlier layout sets the canvas,
    /// a legend makes the sizes exact, a size curve replaces relative scaling).
    package static func defaults(for args: Recipe) throws -> [String: String] {
        var d = tableDefaults(options)
        let (resolved, _) = try CloudRequest.options(args, reporting: .silent, checkCanvas: { (_, _) throws(RecipeError) in })
        d["width"] = String(resolved.width)
        d["height"] = String(resolved.height)
        d["min-size"] = NumberText.plain(resolved.minimumFontSize)
        d["sizes"] = resolved.sizes.rawValue
        d.removeValue(forKey: "size-scale")
        if case .fitted(let fitted) = resolved.style.sizing, case .curve(let curve) = fitted.rule {
            d["size-scale"] = curve.rawValue
            d.removeValue(forKey: "relative-scaling")
        }
        // A threshold without a mask is an error, so it has a value only with one.
        if case .mask = resolved.area {} else { d.removeValue(forKey: "mask-threshold") }
        TextArguments.adjust(&d, counting: !args.strings("text").isEmpty, defaultTop: nil)
        return d
    }

    /// `--relative-scaling`'s value for a sizing, nil when it is a weight curve instead.
    static func relativeScaling(_ sizing: CloudStyle.Sizing) -> String? {
        if case .fitted(let fitted) = sizing, case .relativeScaling(let r) = fitted.rule { return NumberText.plain(r) }
        return nil
    }
}
