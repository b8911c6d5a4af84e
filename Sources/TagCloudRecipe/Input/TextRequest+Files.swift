import Foundation
import TagCloud
import TagCloudText

/// The texts of a `TextRequest` read from disk and standard input, with a progress bar and the
/// `--verbose` report (the tool and the server; the WebAssembly engine has its host's files).
extension TextRequest {
    /// Counts the texts into terms, most frequent first, cut to `top` (see `count`). Shows a
    /// progress bar when standard error is a terminal and tells the `--verbose` report what the
    /// count found. `cancellation` stops the count midway (a request past its time limit),
    /// throwing `TagCloudError.cancelled`.
    package func terms(_ reporting: Reporting, cancellation: CancellationToken? = nil) throws(RecipeError) -> [Term] {
        try analysis(reporting, cancellation: cancellation).terms
    }

    /// The terms, as `terms` gives them, and how related they are when the request asked.
    func analysis(
        _ reporting: Reporting, cancellation: CancellationToken? = nil
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        var files: [TextSource] = []
        var size: Int64 = 0
        var sizeKnown = true
        for name in sources {
            if name == "-" { files.append(.standardInput); sizeKnown = false; continue }
            size += try InputFile.checkedSize(name)
            files.append(.file(URL(fileURLWithPath: name)))
        }
        for text in carried {
            files.append(.text(text, name: Self.carriedName))
            size += Int64(text.utf8.count)
        }
        let names = sources + carried.map { _ in Self.carriedName }
        return try count(files, size: sizeKnown ? size : nil, names: names, reporting, cancellation: cancellation)
    }

    /// Counts `files` (`size` bytes together, when known) into terms, as `terms` does; `names`
    /// are the texts as the user named them, for the error of a count that leaves nothing.
    func count(
        _ files: [TextSource], size: Int64?, names: [String], _ reporting: Reporting,
        cancellation: CancellationToken? = nil
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        let bar = reporting.progressBar(total: size, unit: .bytes)
        return try count(
            files, names: names, note: { reporting.note($0) }, cancellation: cancellation,
            progress: bar.map { b in { b.update($0) } }, counted: { bar?.finish() },
            kept: { reporting.verbose.text($0, options: options, kept: $1) })
    }

    /// Notes invalid UTF-8 that a count replaced.
    static func noteInvalidUTF8(_ report: InvalidUTF8Report?, _ reporting: Reporting) {
        noteInvalidUTF8(report, note: { reporting.note($0) })
    }

    /// The terms of a finished count of the texts `names`, as `table(_:names:note:kept:)` gives
    /// them, noted and reported through `reporting`.
    func table(
        _ analysis: TextAnalysis, names: [String], _ reporting: Reporting
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        try table(
            analysis, names: names, note: { reporting.note($0) },
            kept: { reporting.verbose.text($0, options: options, kept: $1) })
    }
}
