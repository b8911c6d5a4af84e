import Foundation
import TagCloud
import TagCloudGraphics

/// `tagcloud series`: clouds over time, every word at one place in all the frames it is in.
package enum SeriesCommand: RecipeCommand {
    package static let name = "series"
    package static let summary =
        "Draw a cloud per frame (a year, a chapter, a week) in which every word keeps one place, on one size scale: a page that morphs between them, an animated WebP, or a file per frame."
    static let seriesGroup = "Series"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    package static let options: [RecipeKey] = [
        RecipeKey("input", short: "i", valueName: "FILE", help: "A table of frames: CSV with a header naming a frame column (frame,text,weight,…) or JSON tag objects with a \"frame\"; a tag list without one is one frame, named after the file. Repeatable.", repeatable: true, group: CloudKeys.inputGroup),
        RecipeKey("frame", valueName: "COLUMN", help: "The column (CSV header) or key (JSON) of --input that names each row's frame, e.g. year or chapter. Frames go in the order first seen, or by number when every frame is a number.", group: seriesGroup, defaultValue: "frame"),
        RecipeKey("separator", valueName: "REGEX", help: "Cut each --text file into frames at the lines (up to 200 bytes) that REGEX matches whole, e.g. '---' or 'CHAPTER .*'; each frame is named after its line (1, 2, … when all read the same).", group: seriesGroup),
        RecipeKey("labels", valueName: "A,B,…", help: "Name the frames, in order, one label per frame.", group: seriesGroup),
        RecipeKey("hold", valueName: "SECONDS", help: "How long each frame stays still in the page and the WebP.", group: seriesGroup,
                   defaultValue: NumberText.plain(AnimatedWebPOptions().holdSeconds)),
        RecipeKey("transition", valueName: "SECONDS", help: "How long the morph from one frame to the next takes (0: a cut).", group: seriesGroup,
                   defaultValue: NumberText.plain(AnimatedWebPOptions().transitionSeconds)),
        RecipeKey("fps", valueName: "N", help: "Images per second of a WebP's morphs (1–50).", group: seriesGroup,
                   defaultValue: NumberText.plain(AnimatedWebPOptions().framesPerSecond)),
        RecipeKey("loop", valueName: "N", help: "How many times a WebP plays (0: for ever).", group: seriesGroup,
                   defaultValue: String(AnimatedWebPOptions().loopCount)),
        RecipeKey("quality", valueName: "0-100", help: "Make a lossy WebP of this quality (smaller; faint traces in the morphs) instead of a lossless one.", group: seriesGroup),
        RecipeKey("weights", valueName: "MODE", help: "given (sizes follow the weights as they are; the default for tables) or share (each frame's weights as per cent of its total, so long and short frames compare; the default for texts).", group: seriesGroup),
    ] + CloudCommand.options.filter { !["input", "previous", "repeat", "legend"].contains($0.name) }.map(seriesSpec)

    /// The options `tagcloud cloud` shares, with the help of those that mean more in a series.
    private static func seriesSpec(_ spec: RecipeKey) -> RecipeKey {
        if let own = outputSpecs.first(where: { $0.name == spec.name }) { return own }
        var spec = spec
        switch spec.name {
        case "text":
            spec.help =
                "A text file to count as one frame, named after the file (- for standard input). Repeatable: one frame per file, or cut at --separator."
        case "max-words": spec.help = "Most words in each frame, its heaviest."
        default: break
        }
        return spec
    }

    // swift-format-ignore
    static let outputSpecs: [RecipeKey] = [
        RecipeKey("output", short: "o", valueName: "PATH", help: "NAME.html: a page that morphs between the frames; NAME.webp: an animated WebP; FOLDER/: PNG, SVG and JSON files per frame, named after the frames.", group: OutputKeys.group),
        RecipeKey("format", valueName: "FORMAT", help: "With -o FOLDER/: only this format for each frame (png, pdf, svg, html or json).", group: OutputKeys.group),
    ]

    package static let usage = [
        "[options] --input TABLE.csv -o series.html",
        "[options] --text A.txt --text B.txt … -o FOLDER/",
        "[options] --text book.txt --separator REGEX -o series.webp",
    ]

    package static let examples = [
        "tagcloud series --input speeches.csv -o speeches.html",
        "tagcloud series --text 1990.txt --text 2000.txt --text 2010.txt -o decades/",
        "tagcloud series --text constitution.txt --separator 'Article.*' --format svg -o articles/",
        "tagcloud series --input weeks.json --width 1200 --height 800 -o weeks.webp",
    ]

    package static func resolve(_ arguments: Recipe, reporting: Reporting) throws -> SeriesRequest {
        try SeriesRequest(arguments, reporting: reporting)
    }

    package static func run(_ request: SeriesRequest, reporting: Reporting) throws {
        let report = reporting.verbose
        report.start()
        let frames = try request.frames.read(reporting)
        report.phase("read", "\(frames.count) frames")
        let (series, stats) = try lay(frames, request.options, reporting: reporting)
        report.phase("layout", "\(stats.words) words, fill \(fillRange(stats))")
        try SeriesWriting.write(series, request, reporting: reporting)
        reporting.announce(request.seed)
        let incomplete = PlacementReport.incomplete(request.options, unplaced: stats.unplaced)
        if !reporting.quiet || incomplete != nil { Console.note(summaryLine(series, stats)) }
        if let incomplete { throw incomplete }
    }

    /// Lays the series out, with a bar on a terminal.
    static func lay(
        _ frames: [SeriesLayout.Frame], _ options: WordCloudOptions, reporting: Reporting
    ) throws -> (CloudSeries, SeriesLayout.Statistics) {
        let bar = reporting.progressBar(total: nil, unit: .words)
        defer { bar?.finish() }
        let result = try RecipeError.mappingLibraryErrors {
            try SeriesLayout(options).run(
                frames, typesetter: FreeTypeTypesetter(), progress: bar.map { CloudCommand.progress(on: $0) })
        }
        return (result.series, result.statistics)
    }

    /// The line that says what the series holds.
    static func summaryLine(_ series: CloudSeries, _ s: SeriesLayout.Statistics) -> String {
        let placed = s.words - s.unplaced
        return "\(series.frames.count) frames, \(s.words) distinct words: placed \(placed) (\(s.shrunk) shrunk, "
            + "\(s.unplaced) unplaced), each at one place in every frame; fill \(fillRange(s)) per frame"
            + (s.scale < 1 ? "; scaled to \(NumberText.percent(s.scale)) to fit all" : "")
    }

    private static func fillRange(_ s: SeriesLayout.Statistics) -> String {
        let lo = s.fillRatios.min() ?? 0, hi = s.fillRatios.max() ?? 0
        return lo == hi ? NumberText.percent(lo) : "\(NumberText.percent(lo))–\(NumberText.percent(hi))"
    }

    /// The defaults `config --print series` reports: those of `tagcloud cloud`'s options it shares.
    package static func defaults(for args: Recipe) throws -> [String: String] {
        let names = Set(options.map(\.name))
        return try CloudCommand.defaults(for: args).filter { names.contains($0.key) }
    }
}
