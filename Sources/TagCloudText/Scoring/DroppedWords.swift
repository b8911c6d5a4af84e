/// How many word tokens each filter removed, so a text that ends up with no terms (or fewer than
/// expected) can be explained by the filter responsible rather than by a guess.
public struct DroppedWords: Sendable, Equatable {
    /// Numbers (`1999`, `3.14`), dropped unless `TextOptions.includeNumbers`.
    public var numbers = 0
    /// Words shorter than `TextOptions.minimumLength` (or `minimumIdeographicLength`).
    public var tooShort = 0
    /// Words on the stop-word list in use: the language's built-in list or `StopWordSource.custom`.
    public var stopWords = 0
    /// Words on `TextOptions.extraStopWords` but not on the list in use.
    public var extraStopWords = 0
    /// Words longer than `TermCounter.maximumWordBytes` (1 MB of UTF-8), each skipped whole: never
    /// cut into pieces that would count as words of their own.
    public var tooLong = 0

    /// No word dropped.
    public init() {}

    /// Every word dropped, by any filter.
    public var total: Int { numbers + tooShort + stopWords + extraStopWords + tooLong }
}

extension DroppedWords {
    /// Counts what the filters dropped, per distinct raw spelling rather than per token: the reason
    /// a spelling was dropped is the same for every one of its tokens. `tooLong` is counted while
    /// reading, as such words never reach the vocabulary. `clitics`: whether the elision and
    /// proclitic rules dropped words whose base is a stop word.
    init(vocabulary: Vocabulary, forms: CanonicalForms, stopWords: StopWordChoice, clitics: Bool, tooLong: Int) {
        self.init()
        self.tooLong = tooLong
        for id in 0..<vocabulary.rawCounts.count where vocabulary.rawCounts[id] > 0 && forms.of(raw: id) < 0 {
            let n = vocabulary.rawCounts[id]
            let f = vocabulary.foldedOf[id]
            if f == Vocabulary.droppedNumber {
                numbers += n
            } else if f == Vocabulary.droppedShort {
                tooShort += n
            } else if stopWords.extraWordsAddNothing || stopWords.isOnList(vocabulary.folded[Int(f)], clitics: clitics) {
                self.stopWords += n
            } else {
                extraStopWords += n
            }
        }
    }
}
