import TagCloud
import TagCloudGraphics

/// `tagcloud flow`: tags in rows that wrap.
package enum FlowCommand: RecipeCommand {
    package static let name = "flow"
    package static let summary = "Lay tags out in rows that wrap, like the words of a paragraph."
    /// The command's keys (`FlowKeys`).
    package static let options = FlowKeys.all

    package static let usage = [
        "[options] TAG... -o FILE",
        "[options] --input FILE -o FILE",
        "[options] --text FILE -o FILE",
    ]

    package static let examples = [
        "tagcloud flow --width 600 --font \"DejaVu Sans\" --palette tableau10 --seed 7 swift ios linux \"machine learning\" -o tags.png",
        "tagcloud flow --input tags.tsv --align center --justify -o tags.svg",
        "tagcloud flow --input tags.tsv -o tags.json      # frames for UIButtons / SwiftUI",
        "tagcloud flow --pill --max-rows 3 --input tags.tsv -o tags.png --scale 2",
        "tagcloud flow --input today.tsv --previous yesterday.json -o today.json",
    ]

    package static func resolve(_ arguments: Recipe, reporting: Reporting) throws -> FlowRequest {
        try FlowRequest(arguments, destination: nil)
    }

    package static func run(_ request: FlowRequest, reporting: Reporting) throws {
        let flow = try written(request, reporting: reporting)
        let (layout, continuity, terms) = (flow.layout, flow.continuity, flow.terms)
        let hidden = layout.unplaced.filter { $0.reason == .rowLimit }.count
        reporting.announce(request.seed)
        if let line = PlacementReport.flowLine(layout, terms: terms, hidden: hidden, continuity: continuity) {
            reporting.note(line)
        }
    }

    /// A flow laid out: the layout, how it kept to an earlier one, and how many tags it was given.
    package struct LaidOut {
        /// The layout.
        package var layout: CloudLayout
        /// How it kept to an earlier flow (`previous`), nil without one.
        package var continuity: FlowLayout.Continuity?
        /// How many tags it was given.
        package var terms: Int
    }

    /// Reads the request's tags and lays them out. A flow that even the fewest rows its tags can
    /// fill would make too tall for the output is refused before the layout. `cancellation` stops
    /// the layout midway (the server's time limit).
    package static func laidOut(
        _ request: FlowRequest, reporting: Reporting, cancellation: CancellationToken? = nil
    ) throws -> LaidOut {
        let terms = try request.terms.read(reporting)
        reporting.verbose.phase("read", "\(terms.count) tags")
        let least = FlowLayout(request.options).leastHeight(of: terms, width: request.width)
        if least > 0 {
            try request.output.checkSize(
                width: request.width, height: least,
                subject: "\(terms.count) tags at --width \(NumberText.plain(request.width)) make a flow at least "
                    + "\(NumberText.plain(least.rounded(.up))) pt tall")
        }
        var flow = FlowLayout(request.options)
        flow.cancellation = cancellation
        let (layout, continuity) = try RecipeError.mappingLibraryErrors {
            try flow.run(terms, typesetter: FreeTypeTypesetter(), width: request.width)
        }
        return LaidOut(layout: layout, continuity: continuity, terms: terms.count)
    }

    /// Lays the request out and writes it where its output says, as `tagcloud flow` does; a flow
    /// too large for its output (its height is known only now) is refused.
    static func written(_ request: FlowRequest, reporting: Reporting) throws -> LaidOut {
        let report = reporting.verbose
        report.start()
        var flow = try laidOut(request, reporting: reporting)
        let layout = flow.layout
        let hidden = layout.unplaced.filter { $0.reason == .rowLimit }.count
        report.phase(
            "layout",
            "\(layout.placed.count) placed, \(hidden) hidden by --max-rows, \(layout.unplaced.count - hidden) empty, "
                + "\(layout.placed.filter(\.shrunk).count) shrunk, \(layout.placed.filter { $0.fullText != nil }.count) truncated; "
                + "\(sizeText(layout)) pt")
        report.unplaced(layout.unplaced)
        try checkSize(layout, request.output)
        var output = request.output
        // Guarded here, in place, rather than by the writer on a copy of every word.
        if output.contrastGuard {
            flow.layout.guardContrast()
            output.contrastGuard = false
        }
        try OutputArguments.write(flow.layout, output, reporting: reporting)
        return flow
    }

    /// Refuses a laid-out flow too large for `output` (its height is known only after the layout).
    package static func checkSize(_ layout: CloudLayout, _ output: OutputRequest) throws {
        try output.checkSize(
            width: layout.drawingSize.width, height: layout.drawingSize.height,
            subject: "the flow is \(sizeText(layout)) pt")
    }

    /// `WIDTHxHEIGHT` of a layout's drawing, in points.
    private static func sizeText(_ layout: CloudLayout) -> String {
        "\(NumberText.plain(layout.drawingSize.width))x\(NumberText.plain(layout.drawingSize.height))"
    }

    /// The value of each key when `args` does not give it, for `config --print`: the table's
    /// defaults, and those that depend on other keys read off the options `args` resolves to (a
    /// frame brings its padding, `--pill` its fill, an earlier flow its width).
    package static func defaults(for args: Recipe) throws -> [String: String] {
        var d = tableDefaults(options)
        let (resolved, _, width) = try FlowRecipe.options(args)
        d["width"] = NumberText.plain(width)
        if let decoration = resolved.decoration {
            d["padding"] = FlowRecipe.lengths(resolved.padding, pairs: true)
            if let fill = decoration.fill { d["tag-fill"] = fill.hex }
        }
        switch resolved.style.sizing {
        case .scaled(let scale):
            d["min-size"] = NumberText.plain(scale.minimumSize)
            d["max-size"] = NumberText.plain(scale.maximumSize)
        case .random(let minimum, let maximum):
            d["min-size"] = NumberText.plain(minimum)
            d["max-size"] = NumberText.plain(maximum)
        case .fitted: break
        }
        TextArguments.adjust(&d, counting: !args.strings("text").isEmpty, defaultTop: FlowRecipe.defaultTextTop)
        return d
    }
}
