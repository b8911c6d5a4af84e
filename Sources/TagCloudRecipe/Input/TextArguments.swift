import Foundation
import TagCloud
import TagCloudText

/// The `--text` input and its options, shared by `count`, `cloud` and `flow` (one flag, one `TextOptions` field).
enum TextArguments {
    static let group = "Text (--text)"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let specs: [RecipeKey] = [
        RecipeKey("text", valueName: "FILE", help: "Count the words of a UTF-8 text file (- for standard input) and use them as terms, weight = count. Several files are counted together.", repeatable: true, group: group),
        RecipeKey("top", valueName: "N", help: "Keep the N most frequent terms of the text (default: all; 100 for flow).", group: group),
        RecipeKey("language", valueName: "CODE", help: "Language of the text, for its stop words, English plurals and French, Italian and Arabic clitics: \(Language.allCases.map(\.rawValue).joined(separator: ", ")). Default: detected from the scripts and most common words.", group: group),
        RecipeKey("stopwords", valueName: "FILE", help: "Stop words from FILE (one per line, # comments) instead of the language's list.", group: group),
        RecipeKey("add-stopwords", valueName: "FILE", help: "More stop words from FILE, added to the list in use.", repeatable: true, group: group),
        RecipeKey("no-stopwords", help: "Keep every word: no stop-word list at all.", group: group),
        RecipeKey("no-collocations", help: "Do not join word pairs that go together (\"White Rabbit\") into one term.", group: group),
        RecipeKey("phrase", valueName: "TEXT", help: "Count this phrase as one term, never split (\"New York\").", repeatable: true, group: group),
        RecipeKey("min-length", valueName: "N", help: "Drop words shorter than N characters (default 2; one-character Chinese words are kept).", group: group,
                   defaultValue: String(TextOptions().minimumLength)),
        RecipeKey("numbers", help: "Count numbers (1999, 3.14) as words.", group: group),
        RecipeKey("keep-hyphens", help: "Keep hyphenated words whole (well-known) instead of counting their parts.", group: group),
        RecipeKey("no-plurals", help: "Do not merge English plurals into their singular (rabbits into rabbit).", group: group),
        RecipeKey("no-clitics", help: "Keep French and Italian elided articles on their word (l'air, not air) and Arabic words with their attached particles (وقال apart from قال, ولا not a stop word).", group: group),
        RecipeKey("word-pattern", valueName: "REGEX", help: "Words are the matches of this regular expression (ICU syntax, e.g. '#\\w+') instead of Unicode word breaks.", group: group),
    ]

    /// Names of the options that only make sense with `--text`.
    private static let textOnly = specs.map(\.name).filter { $0 != "text" }

    /// Adjusts a command's `defaults` (option name to value) to the command line: without a text to
    /// count the text options are not in effect and have no value (giving one would be an error),
    /// and with one, --top defaults to `defaultTop` when the command has one.
    static func adjust(_ defaults: inout [String: String], counting: Bool, defaultTop: Int?) {
        guard counting else {
            for name in textOnly { defaults.removeValue(forKey: name) }
            return
        }
        if let defaultTop { defaults["top"] = String(defaultTop) }
    }

    /// The `TextOptions` the flags ask for, with the stop-word files read.
    static func options(from args: Recipe) throws -> TextOptions {
        var o = TextOptions()
        if let code = args.string("language") {
            do { o.language = try Language(code: code) } catch let e as TextError { throw RecipeError.usage(e.description) }
        }
        let stopWordFile = args.string("stopwords")
        if args.flag("no-stopwords") {
            if stopWordFile != nil {
                throw RecipeError.usage("give either --stopwords FILE or --no-stopwords, not both", key: "stopwords")
            }
            o.stopWords = .none
        } else if let path = stopWordFile {
            o.stopWords = .custom(try RecipeError.mappingLibraryErrors { try StopWords.read(path: path) })
        }
        for path in args.strings("add-stopwords") {
            o.extraStopWords.formUnion(try RecipeError.mappingLibraryErrors { try StopWords.read(path: path) })
        }
        o.collocations = !args.flag("no-collocations")
        o.phrases = args.strings("phrase")
        if let n = try args.int("min-length", range: 1...1000) {
            o.minimumLength = n; o.minimumIdeographicLength = min(n, o.minimumIdeographicLength)
        }
        o.includeNumbers = args.flag("numbers")
        o.keepHyphens = args.flag("keep-hyphens")
        if args.flag("no-plurals") { o.mergePlurals = false }
        if args.flag("no-clitics") { o.mergeClitics = false }
        if let pattern = args.string("word-pattern") {
            // Compiled here, by the engine that will match it, so a bad pattern is a usage error
            // before any file is read.
            do { try WordPattern.check(pattern) } catch let e as TextError {
                throw RecipeError.usage("--word-pattern: \(e.description)", key: "word-pattern")
            }
            o.pattern = pattern
        }
        return o
    }

    /// Refuses the text options when no text is given to count (`flow` and `cloud` without `--text`).
    static func refuseWithoutText(_ args: Recipe) throws {
        if let stray = textOnly.first(where: { args.flag($0) || args.string($0) != nil }) {
            throw RecipeError.usage("--\(stray) applies to --text FILE: give the text to count with --text", key: "text")
        }
    }
}
