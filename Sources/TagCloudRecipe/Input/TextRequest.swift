import TagCloud
import TagCloudText

/// The texts to count into terms (`--text`, and the file arguments of `count`), with the
/// counting options resolved. The tool and the server read the files as they count them
/// (`TextRequest+Files.swift`); the WebAssembly engine counts the files its host handed over
/// (`analysis(note:)`).
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
    init(sources: [String], _ args: Recipe, defaultTop: Int?, related: Bool = false) throws(RecipeError) {
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

    /// Counts `files` into terms, most frequent first, cut to `top`; `names` are the texts as the
    /// user named them, for the error of a count that leaves nothing. Notes invalid UTF-8 and
    /// skipped long words with `note`; `progress` hears the bytes read so far, `counted` when the
    /// count is done (before any note), `kept` the count and the terms kept (the `--verbose` report). A count that leaves no term is an input error
    /// naming the filter that removed the words. `cancellation` stops the count midway.
    func count(
        _ files: [TextSource], names: [String], note: (String) -> Void, cancellation: CancellationToken? = nil,
        progress: ((Int64) -> Void)? = nil, counted: () -> Void = {}, kept: (TextAnalysis, Int) -> Void = { _, _ in }
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        let counter = TermCounter(options, cancellation: cancellation)
        let analysis: TextAnalysis
        #if hasFeature(Embedded)
        do { analysis = try counter.analyze(sources: files, progress: progress) } catch {
            throw RecipeError.input(error.description)
        }
        #else
        analysis = try RecipeError.mappingLibraryErrors { try counter.analyze(sources: files, progress: progress) }
        #endif
        counted()
        Self.noteInvalidUTF8(analysis.invalidUTF8, note: note)
        return try table(analysis, names: names, note: note, kept: kept)
    }

    /// Notes invalid UTF-8 that a count replaced.
    static func noteInvalidUTF8(_ report: InvalidUTF8Report?, note: (String) -> Void) {
        if let bad = report {
            let more = bad.count > 1 ? " (and \(bad.count - 1) more)" : ""
            note(
                "\(bad.name): invalid UTF-8 at byte offset \(bad.firstOffset)\(more) replaced with U+FFFD; save the file as UTF-8"
            )
        }
    }

    /// The terms of a finished count of the texts `names`, cut to `top`: notes skipped long words,
    /// tells `kept` what the count found, and refuses a count that leaves no term.
    func table(
        _ analysis: TextAnalysis, names: [String], note: (String) -> Void, kept: (TextAnalysis, Int) -> Void = { _, _ in }
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        if analysis.dropped.tooLong > 0 {
            let limit = NumberText.wholeMegabytes(TermCounter.maximumWordBytes)
            note("\(NumberText.count(analysis.dropped.tooLong, "word")) longer than \(limit) skipped (not counted)")
        }
        var terms = analysis.terms
        if let top, terms.count > top { terms = Array(terms.prefix(top)) }
        kept(analysis, terms.count)
        if terms.isEmpty { throw RecipeError.emptyText(analysis, names: names, options: options) }
        return (terms, analysis.relations)
    }

    /// Counts the texts read whole through `RecipeFiles` (in WebAssembly, the files the host handed
    /// over, by the paths the command names them with; `-` for standard input), as `terms` counts
    /// them from disk: the engine's count. `kept` hears the count and the terms kept.
    package func analysis(
        note: (String) -> Void, kept: (TextAnalysis, Int) -> Void = { _, _ in }
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations?) {
        var files: [TextSource] = []
        for name in sources {
            let bytes = try RecipeFiles.contents(
                of: name, limit: Int.max - 1, name: name, key: "text", kind: "an input", fix: "")
            files.append(.bytes(bytes, name: name == "-" ? "standard input" : name))
        }
        files += carried.map { .text($0, name: Self.carriedName) }
        return try count(files, names: sources + carried.map { _ in Self.carriedName }, note: note, kept: kept)
    }
}
