import TagCloudText

/// What `tagcloud count` was asked to do, resolved: count texts or merge partial counts, into the
/// table or into a partial count, written to standard output or a file.
package struct CountRequest {
    /// The texts to count, or the partial counts to merge (`TextRequest.sources`), with the count
    /// options and `--top`.
    package let text: TextRequest
    /// Whether the sources are partial counts to merge (`--merge`) rather than texts.
    let merges: Bool
    /// Whether a partial count is written (`--partial`) rather than the table.
    let writesPartial: Bool
    /// The shard key of a partial count of a text (`--shard`; default: the first text's path).
    let shard: String
    /// Where to write (`-o`), `-` for standard output.
    package let output: String

    #if !hasFeature(Embedded)
    /// The program and version partial counts record: partials from others do not merge.
    static let producer = "tagcloud \(TagCloudVersion.current)"
    #endif

    /// The request `args` make; contradictory options are usage errors, before any file is read.
    package init(_ args: Recipe) throws(RecipeError) {
        merges = args.flag("merge")
        writesPartial = args.flag("partial")
        let texts = args.strings("text")
        let sources = texts + args.positionals
        if merges {
            guard texts.isEmpty else {
                throw RecipeError.usage(
                    "--merge reads partial counts given as file arguments, --text counts a text: give one or the other",
                    key: "merge")
            }
            guard !sources.isEmpty else {
                throw RecipeError.usage(
                    "no partial counts to merge: give their files, e.g. tagcloud count --merge parts/*.counts", key: "merge")
            }
        } else if sources.isEmpty && args.texts.isEmpty {
            throw RecipeError.usage("no text given: use --text FILE (or - for standard input)", key: "text")
        }
        if writesPartial && args.string("top") != nil {
            throw RecipeError.usage(
                "--top applies to the table; a partial count keeps every word: give --top to the final --merge", key: "top")
        }
        if let key = args.string("shard") {
            guard writesPartial && !merges else {
                throw RecipeError.usage(
                    "--shard names the shard a --partial count of a text comes from; drop it here", key: "shard")
            }
            guard !key.isEmpty else {
                throw RecipeError.usage("--shard needs a key, such as the shard's zero-padded number", key: "shard")
            }
            shard = key
        } else {
            shard = sources.first ?? "-"
        }
        #if hasFeature(Embedded)
        // One engine run counts one text in memory: a count past one machine is the tool's.
        if merges || writesPartial {
            throw RecipeError.usage(
                "--\(merges ? "merge" : "partial") is not in the WebAssembly engine: count the whole text, or use the tagcloud command",
                key: merges ? "merge" : "partial")
        }
        #endif
        text = try TextRequest(sources: sources, args, defaultTop: nil)
        output = args.string("output") ?? "-"
        // The engine writes no file of its own: its host writes the output where it is told.
        #if !hasFeature(Embedded)
        let read = (merges ? "--merge" : "--text", sources)
        try OutputFile.checkNotAnInput(
            output, inputs: OutputDestination.inputs(args) + read.1.map { (option: read.0, path: $0) })
        if merges {
            for path in sources where path != "-" { _ = try InputFile.checkedSize(path) }
        }
        #endif
    }
}
