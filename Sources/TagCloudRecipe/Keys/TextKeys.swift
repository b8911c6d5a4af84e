import TagCloud
import TagCloudText

/// The keys of counting a text (`--text` and its options), shared by `count`, `cloud` and `flow`.
enum TextKeys {
    static let group = "Text (--text)"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let all: [RecipeKey] = [
        RecipeKey("text", valueName: "FILE", help: "Count the words of a UTF-8 text file (- for standard input) and use them as terms, weight = count. Several files are counted together.", repeatable: true, group: group),
        RecipeKey("top", valueName: "N", help: "Keep the N most frequent terms of the text (default: all; 100 for flow).", group: group),
        RecipeKey("language", valueName: "CODE", help: "Language of the text, for its stop words, English plurals and the clitics of French, Italian, Arabic and classical Chinese: \(Language.allCases.map { $0.rawValue }.joined(separator: ", ")) (lzh: classical Chinese). Default: detected from the scripts and most common words.", group: group),
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
        RecipeKey("no-clitics", help: "Keep French and Italian elided articles on their word (l'air, not air), Arabic words with their attached particles (وذهب apart from ذهب, ولا not a stop word) and classical Chinese particles on the character joined to them (子曰, not 子).", group: group),
        RecipeKey("word-pattern", valueName: "REGEX", help: "Words are the matches of this regular expression (ICU syntax, e.g. '#\\w+') instead of Unicode word breaks.", group: group),
    ]
}
