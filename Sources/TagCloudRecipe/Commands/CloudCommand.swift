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

}
