import TagCloud
import TagCloudGraphics

/// `tagcloud cloud`: the word cloud — spiral placement with pixel-exact collisions, rotation, shapes, masks.
package enum CloudCommand: RecipeCommand {
    package static let name = "cloud"
    package static let summary = "Draw a word cloud: words packed around the centre or inside a shape, pixel-exact."
    /// The command's keys (`CloudKeys`).
    package static let options = CloudKeys.all

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
        let incomplete = PlacementReport.incomplete(request.options, unplaced: stats.unplaced)
        if !reporting.quiet || incomplete != nil {
            Console.note(PlacementReport.cloudLine(layout, stats, repeated: request.options.repeatWords))
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

}
