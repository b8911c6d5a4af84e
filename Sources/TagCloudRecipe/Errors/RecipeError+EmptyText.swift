import TagCloudText

extension RecipeError {
    /// The input error for `analysis`, a count of the texts called `names` that produced no term.
    ///
    /// It names the filter that removed the words and the flag that relaxes it, because "no words"
    /// alone leaves the user guessing between an empty file, a stop-word list of the wrong language,
    /// a too-strict --min-length and a --word-pattern that matches nothing.
    static func emptyText(_ analysis: TextAnalysis, names: [String], options: TextOptions) -> RecipeError {
        let source = names.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
        let size = NumberText.count(analysis.bytes, "byte")
        guard analysis.tokens > 0 else {
            if let pattern = options.pattern {
                return .input(
                    "no words in \(source): --word-pattern \"\(pattern)\" matched nothing in \(size); check the expression against the text"
                )
            }
            if analysis.bytes == 0 { return .input("no words in \(source): the text is empty") }
            return .input("no words in \(source): its \(size) hold only punctuation, symbols and spaces")
        }
        let causes = emptyingFilters(analysis, options)
        let read = "no words left in \(source): \(NumberText.count(analysis.tokens, "word")) read"
        // The filters together account for every word read; anything else would be a counting bug,
        // reported as it is rather than explained wrongly.
        guard analysis.dropped.total == analysis.tokens, !causes.isEmpty else { return .input(read + ", none kept") }
        if causes.count == 1 { return .input(read + ", all removed by " + causes[0].filter) }
        // Most words first; ties keep the order of `emptyingFilters` (sorting is not guaranteed stable).
        let listed = causes.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }
            .map { "\($0.element.count) by \($0.element.filter)" }
        return .input(read + ", all removed: " + listed.joined(separator: ", "))
    }

    /// Each filter that removed words, with how many, and how to get past it.
    private static func emptyingFilters(_ analysis: TextAnalysis, _ options: TextOptions) -> [(count: Int, filter: String)] {
        let d = analysis.dropped
        var causes: [(count: Int, filter: String)] = []
        if d.stopWords > 0 { causes.append((d.stopWords, stopList(analysis, options))) }
        if d.extraStopWords > 0 { causes.append((d.extraStopWords, "the words of --add-stopwords (take them out of that file)")) }
        if d.numbers > 0 { causes.append((d.numbers, "the number filter (use --numbers to count numbers)")) }
        if d.tooLong > 0 {
            let limit = NumberText.wholeMegabytes(TermCounter.maximumWordBytes)
            causes.append((d.tooLong, "the length limit (words longer than \(limit) are skipped)"))
        }
        if d.tooShort > 0 {
            let n = options.minimumLength
            causes.append((d.tooShort, "--min-length \(n) (words shorter than \(n) characters; use --min-length 1)"))
        }
        return causes
    }

    /// The stop-word list in use, and how to get past it.
    private static func stopList(_ analysis: TextAnalysis, _ options: TextOptions) -> String {
        if case .custom = options.stopWords { return "the stop words of --stopwords (use --no-stopwords or another list)" }
        let name = analysis.language.map { "the \($0.name) stop-word list" } ?? "the stop-word list"
        // A detected language may be the wrong one; a given one was chosen on purpose.
        return name + (options.language == nil ? " (use --no-stopwords or --language)" : " (use --no-stopwords)")
    }
}
