import Foundation
import TagCloud
import TagCloudText

/// The texts to count into terms (`--text`, and the file arguments of `count`), with the
/// counting options resolved.
package struct TextRequest {
    /// The texts, in order; `-` is standard input.
    let sources: [String]
    /// Texts the recipe carries itself (`Recipe.texts`), counted after `sources`.
    let carried: [String]
    /// How many of the most frequent terms are kept (`--top`); nil keeps all.
    let top: Int?
    /// Language, stop words (read from their files), phrases and the other filters.
    let options: TextOptions

    /// The texts `sources` (`--text`, then the file arguments of `count`), counted with the
    /// options of `args`; `defaultTop` applies without `--top`. `related`: also find how related
    /// the terms are (`TextAnalysis.relations`), for the semantic arrangement.
    init(sources: [String], _ args: Recipe, defaultTop: Int?, related: Bool = false) throws {
        self.sources = sources
        carried = args.texts
        if sources.filter({ $0 == "-" }).count > 1 {
            throw RecipeError.usage("standard input (-) can be read only once")
        }
        top = try args.int("top", range: 1...100_000_000) ?? defaultTop
        var options = try TextArguments.options(from: args)
        if related { options.cooccurrenceWindow = Self.relationWindow }
        self.options = options
    }

    /// What messages call a text the recipe carries: the key it came in.
    static let carriedName = "text"

    /// How near two words must be to count as seen together, for `related` requests: about a
    /// sentence's clause once stop words are counted.
    static let relationWindow = 10

    /// Counts the texts into terms, most frequent first, cut to `top`. Notes invalid UTF-8 and
    /// skipped long words on standard error, shows a progress bar when standard error is a
    /// terminal, and tells the `--verbose` report what the count found. A count that leaves no
    /// term is an input error naming the filter that removed the words. `cancellation` stops the
    /// count midway (a request past its time limit), throwing `TagCloudError.cancelled`.
    package func terms(_ reporting: Reporting, cancellation: CancellationToken? = nil) throws -> [Term] {
        try analysis(reporting, cancellation: cancellation).terms
    }

    /// The terms, as `terms` gives them, and how related they are when the request asked.
    func analysis(
        _ reporting: Reporting, cancellation: CancellationToken? = nil
    ) throws -> (terms: [Term], relations: WordRelations?) {
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
    ) throws -> (terms: [Term], relations: WordRelations?) {
        let bar = reporting.progressBar(total: size, unit: .bytes)
        let analysis = try RecipeError.mappingLibraryErrors {
            try TermCounter(options, cancellation: cancellation).analyze(
                sources: files, progress: bar.map { b in { b.update($0) } })
        }
        bar?.finish()
        Self.noteInvalidUTF8(analysis.invalidUTF8, reporting)
        return try table(analysis, names: names, reporting)
    }

    /// Notes invalid UTF-8 that a count replaced.
    static func noteInvalidUTF8(_ report: InvalidUTF8Report?, _ reporting: Reporting) {
        if let bad = report {
            let more = bad.count > 1 ? " (and \(bad.count - 1) more)" : ""
            reporting.note(
                "\(bad.name): invalid UTF-8 at byte offset \(bad.firstOffset)\(more) replaced with U+FFFD; save the file as UTF-8"
            )
        }
    }

    /// The terms of a finished count of the texts `names`, cut to `top`: notes skipped long words,
    /// tells the `--verbose` report what the count found, and refuses a count that leaves no term.
    func table(
        _ analysis: TextAnalysis, names: [String], _ reporting: Reporting
    ) throws -> (terms: [Term], relations: WordRelations?) {
        if analysis.dropped.tooLong > 0 {
            let limit = NumberText.wholeMegabytes(TermCounter.maximumWordBytes)
            reporting.note("\(NumberText.count(analysis.dropped.tooLong, "word")) longer than \(limit) skipped (not counted)")
        }
        var terms = analysis.terms
        if let top, terms.count > top { terms = Array(terms.prefix(top)) }
        reporting.verbose.text(analysis, options: options, kept: terms.count)
        if terms.isEmpty { throw RecipeError.emptyText(analysis, names: names, options: options) }
        return (terms, analysis.relations)
    }
}
