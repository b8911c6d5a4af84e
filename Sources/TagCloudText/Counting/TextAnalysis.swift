import TagCloud

/// The result of counting a text: the terms and what was learnt along the way.
public struct TextAnalysis: Sendable {
    /// The terms, weight = count, most frequent first (ties in text order of their Unicode scalars).
    public var terms: [Term]
    /// The language given or detected; nil when none was recognised (then no stop words were dropped).
    public var language: Language?
    /// The words read (after the kind and length filters, before stop words).
    public var words: Int
    /// Every word token read, before any filter (numbers and words too short included).
    public var tokens: Int
    /// How many of `tokens` each filter removed.
    public var dropped: DroppedWords
    /// The bytes read.
    public var bytes: Int64
    /// Set when invalid UTF-8 was replaced.
    public var invalidUTF8: InvalidUTF8Report?
    /// How many of the terms are two-word collocations.
    public var collocations: Int
    /// How related the most frequent terms are, from how often they occur near one another; nil
    /// unless `TextOptions.cooccurrenceWindow` is set.
    public var relations: WordRelations? = nil
}
