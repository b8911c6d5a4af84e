/// How text becomes words and counts. Every field has a documented default; the CLI maps one flag to one field.
public struct TextOptions: Sendable {
    /// Keep apostrophes inside words (`don't`, `l'homme` as one word). Default: true.
    public var keepApostrophes = true
    /// Keep hyphenated words whole (`well-known`); by default they are split into their parts, as ICU does.
    public var keepHyphens = false
    /// Count numbers (`1999`, `3.14`) as words. Default: false.
    public var includeNumbers = false
    /// Words shorter than this many characters (grapheme clusters) are dropped. Default: 2, as the
    /// Python wordcloud package's default pattern.
    public var minimumLength = 2
    /// The minimum for Chinese characters (Han, also in Japanese), where one character is often a whole
    /// word. Default: 1. Kana words follow `minimumLength`.
    public var minimumIdeographicLength = 1
    /// A regular expression (ICU syntax, as NSRegularExpression) whose matches are the words, used
    /// instead of ICU word breaks; nil (default) uses word breaks. A match never spans a line break
    /// or a space that starts a new read chunk of a stream.
    public var pattern: String?
    /// The language, which chooses the stop words, English plural merging and the elision and
    /// proclitic rules (`mergeClitics`); nil detects it from the scripts and the most common stop
    /// words of the text (classical Chinese from its particles).
    public var language: Language?
    /// The stop words to drop. Default: the language's built-in list.
    public var stopWords: StopWordSource = .language
    /// Further stop words, added to whatever `stopWords` gives.
    public var extraStopWords: Set<String> = []
    /// Merge English plurals into their singular when both occur ("rabbits" into "rabbit") and drop
    /// possessive `'s`; nil (default) does so when the language is English.
    public var mergePlurals: Bool?
    /// Apply the elision and proclitic rules of the text's language: take elided articles and
    /// pronouns off French and Italian words ("l'air" counts as "air", "qu'elle" as the stop word
    /// "elle"), see through Arabic proclitics (a stop word behind و ف ب ك ل is one; "وذهب" and
    /// "فذهب" count with "ذهب", and show as it, when it occurs), and take classical Chinese particles
    /// off the character ICU joined them to ("子曰" counts as "子"). Other languages have no such
    /// rules. Default: true.
    /// The rules and their limits: docs/text-analysis.md.
    public var mergeClitics = true
    /// Find two-word collocations ("White Rabbit") and count them as one term. Default: true.
    public var collocations = true
    /// The Dunning log-likelihood score a bigram needs to count as a collocation (Python wordcloud's default: 30).
    public var collocationThreshold = 30.0
    /// Phrases that are always counted as one term and never split (`New York`), matched after case folding.
    public var phrases: [String] = []
    /// The most distinct word pairs (for collocation scoring) held in memory; beyond it the rarest move
    /// to temporary files in `TMPDIR` and are added back in at the end, so memory stays bounded on huge
    /// inputs and every pair count is exact: the table does not depend on this limit. Default: 500,000
    /// (a table of at most 16 MB).
    public var bigramLimit = 500_000
    /// Segment the next chunk of a long text on a second thread while the words of the current one
    /// are counted, when the process may use more than one core. The counts are the same either way.
    /// Default: true.
    public var segmentsConcurrently = true
    /// Count how often the terms occur within this many words of one another, for
    /// `TextAnalysis.relations` (the semantic arrangement of a word cloud); nil (default) does not.
    /// The first `WordCooccurrence.tokenLimit` words of the text are used.
    public var cooccurrenceWindow: Int? = nil

    /// The defaults.
    public init() {}
}
