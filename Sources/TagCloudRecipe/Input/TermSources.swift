import TagCloud

/// Where the terms of `flow` and `cloud` come from, resolved: tags given as arguments, `--input`
/// tag lists and `--text` texts (counted into words), read in that order.
package struct TermSources {
    /// The tags given as arguments (`-` reads a tag list from standard input).
    let tags: [String]
    /// The tags a configuration file gave as term objects.
    let configTerms: [Term]
    /// The `--input` tag lists.
    let tagLists: [String]
    /// The texts to count, nil without `--text`.
    let text: TextRequest?

    /// The sources the arguments name; `defaultTextTop` is how many of a text's terms are kept
    /// without `--top`. Text options without `--text`, and standard input given twice, are usage errors.
    /// `related`: also find how related the words are, for the semantic arrangement.
    package init(_ args: Recipe, defaultTextTop: Int?, related: Bool = false) throws(RecipeError) {
        tags = args.positionals
        configTerms = args.configTerms
        tagLists = args.strings("input")
        let texts = args.strings("text")
        guard !texts.isEmpty else {
            try TextArguments.refuseWithoutText(args)
            text = nil
            return
        }
        if (tags.contains("-") || tagLists.contains("-")) && texts.contains("-") {
            throw RecipeError.usage(
                "standard input (-) can be read only once: give it to --text or to --input, not both", key: "text")
        }
        text = try TextRequest(sources: texts, args, defaultTop: defaultTextTop, related: related)
    }

    /// How a text is counted: the tool and the server read its files as they count them
    /// (`TextRequest.analysis(_:)`), the WebAssembly engine counts the files its host handed over.
    package typealias Counting = (TextRequest) throws(RecipeError) -> (terms: [Term], relations: WordRelations?)

    /// Reads every source: the tags, then the counted text's terms; `note` says what the readers
    /// noted, `count` counts the text.
    package func read(note: (String) -> Void, count: Counting) throws(RecipeError) -> [Term] {
        let parts = try readParts(note: note, count: count)
        return parts.tags + parts.counted
    }

    /// Reads every source, as `read` does, with how related the words are: the tags of one group
    /// are related, and a text's terms by how often they occur near one another (when the
    /// sources were made `related`).
    package func readRelated(
        note: (String) -> Void, count: Counting
    ) throws(RecipeError) -> (terms: [Term], relations: WordRelations) {
        let parts = try readParts(note: note, count: count)
        let relations = WordRelations(WordRelations(groups: parts.tags).pairs + (parts.relations?.pairs ?? []))
        return (parts.tags + parts.counted, relations)
    }

    /// The tags, the text's terms and their relations (when asked).
    private func readParts(
        note: (String) -> Void, count: Counting
    ) throws(RecipeError) -> (tags: [Term], counted: [Term], relations: WordRelations?) {
        guard let text else {
            return (try TagInput.read(arguments: tags, given: configTerms, inputs: tagLists, note: note), [], nil)
        }
        var terms: [Term] = []
        if !tags.isEmpty || !configTerms.isEmpty || !tagLists.isEmpty {
            terms = try TagInput.read(arguments: tags, given: configTerms, inputs: tagLists, note: note)
        }
        let counted = try count(text)
        return (terms, counted.terms, counted.relations)
    }

    #if !hasFeature(Embedded)
    /// Reads every source, as `read(note:count:)` does, noting through `reporting`.
    func read(_ reporting: Reporting) throws(RecipeError) -> [Term] {
        try read(note: { reporting.note($0) }, count: { (text) throws(RecipeError) in try text.analysis(reporting) })
    }

    /// Reads every source with how related the words are, as `readRelated(note:count:)` does.
    func readRelated(_ reporting: Reporting) throws(RecipeError) -> (terms: [Term], relations: WordRelations) {
        try readRelated(note: { reporting.note($0) }, count: { (text) throws(RecipeError) in try text.analysis(reporting) })
    }
    #endif
}
