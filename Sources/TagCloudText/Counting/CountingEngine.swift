import TagCloud

/// The streaming state of one count: bytes come in (`feed`), are repaired to UTF-8 and cut where no
/// later byte can change their words, segmented (on a second thread when it helps) and counted
/// (`CountingEngine+Words.swift`); `finish` hands the counts to `TermAggregation`.
final class CountingEngine: TokenSink {
    let options: TextOptions
    /// The name of the input being read, for messages.
    private(set) var name: String
    let segmenter: Segmenter
    #if !hasFeature(Embedded)
    /// Segments on two threads while this one counts, or nil to do both here without a second.
    let pipeline: SegmentationPipeline?
    #endif
    /// Checked before each chunk fed, each piece counted (at most about 1 MB of text, 128 KB on two
    /// threads) and each phase of `finish`, and by a word pattern's search itself: a count called
    /// off throws `TagCloudError.cancelled` soon after, as a layout does.
    let cancellation: CancellationToken?

    // The text not yet segmented.
    private(set) var repair = UTF8Repair()
    /// Repaired bytes waiting to be segmented.
    private var pending: [UInt8] = []
    /// How many leading bytes of `pending` are known to hold no start of a whitespace run but at 0.
    private var spaceScanned = 0
    /// The longest word counted; text without whitespace is cut beyond this much (see `LongWordGuard`).
    let maximumWordBytes: Int
    private let longWords: LongWordGuard
    /// With a word pattern, the line feeds of the current input before `pending`, so an error can
    /// name the line where the pattern was stopped (0 and unused without a pattern).
    private var lineFeeds = 0

    // What is counted.
    let vocabulary: Vocabulary
    let bigrams: BigramCounter
    var phrases: PhraseMatcher
    /// Whether there are phrases to match (`phrases` is left alone otherwise).
    let hasPhrases: Bool
    /// Changed on every word: behind a pointer, as writes to a class's stored properties pay a
    /// dynamic exclusivity check each.
    struct Tally {
        /// Kept words counted (phrases' words not included).
        var words = 0
        /// The raw id of the last kept word, -1 when a pair cannot start there.
        var previous: Int32 = -1
        /// Whether a token was dropped since the last kept word (breaks a pair like punctuation does).
        var droppedSincePrevious = false
        /// Words longer than `maximumWordBytes`, dropped.
        var tooLong = 0
        /// In a partial count, whether kept words still go to `head` (see `CountingEngine+Partial.swift`).
        var headOpen = false
        /// In a partial count, the raw ids of the kept words held out of the counts for the merge.
        var head: [Int32] = []
    }
    private let tallyCell = PointerCell(Tally())
    /// With `TextOptions.cooccurrenceWindow`, the raw ids of the kept words in text order (the
    /// one's complement of those after punctuation), up to `WordCooccurrence.tokenLimit`.
    var stream: [Int32] = []
    /// Whether `stream` is being recorded.
    let records: Bool
    /// `tallyCell`'s pointer, kept directly so the hot path does not load it through the cell.
    let tally: UnsafeMutablePointer<Tally>

    // Batches: words wait here so their hash-table slots can be fetched while earlier words are
    // counted (see `tc_prefetch`). Counting a batch in order gives exactly the unbatched result.
    static let batchSize = 32
    let tokenBatch = RawBuffer<SegmentedWord>(capacity: batchSize)
    /// Whether punctuation came after the last word of the pieces counted so far (see `count(_:)`).
    var punctuationCarry = false

    /// `expectedBytes`: the input's size where known (0 otherwise), to size the pair table once
    /// instead of growing it through several rehashes of every pair.
    /// `pipelinesOnOneCore`: segment on two threads even where one core is available (for tests).
    /// `maximumWordBytes`: smaller in tests and fuzzing, to reach long words with short texts.
    init(
        options: TextOptions, name: String, expectedBytes: Int = 0, pipelinesOnOneCore: Bool = false,
        maximumWordBytes: Int = TermCounter.maximumWordBytes, cancellation: CancellationToken? = nil
    ) throws(TextError) {
        self.options = options
        self.cancellation = cancellation
        records = options.cooccurrenceWindow != nil
        self.maximumWordBytes = maximumWordBytes
        longWords = try LongWordGuard(options: options, maximumWordBytes: maximumWordBytes, cancellation: cancellation)
        vocabulary = Vocabulary(options: options)
        // About one new pair per 32 bytes of text, up to the limit past which pairs move to disk.
        bigrams = BigramCounter(
            capacity: options.collocations ? min(max(expectedBytes / 32, 1 << 14), options.bigramLimit) : 16,
            limit: options.bigramLimit)
        tally = tallyCell.pointer
        self.name = name
        let segmenter = try Segmenter(options: options, cancellation: cancellation)
        segmenter.maximumWordBytes = maximumWordBytes
        self.segmenter = segmenter
        #if !hasFeature(Embedded)
        pipeline =
            options.segmentsConcurrently && (AvailableProcessors.count > 1 || pipelinesOnOneCore)
            ? try SegmentationPipeline(segmenter: segmenter) : nil
        #endif
        phrases = try PhraseMatcher(phrases: options.phrases, segmenter: segmenter, vocabulary: vocabulary)
        hasPhrases = !phrases.isEmpty
    }

    #if !hasFeature(Embedded)
    deinit { pipeline?.stop() }
    #endif

    /// Repairs and appends a chunk, then segments everything up to the last whitespace-run start.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws(CountError) {
        try cancellation.checkCount()
        try repair.append(chunk, of: name, to: &pending)
        try segmentReady(final: false)
    }

    /// Ends the stream: a truncated last character is invalid, the rest is segmented, then counted up.
    func finish() throws(CountError) -> TextAnalysis {
        try endStream()
        try cancellation.checkCount()
        resolvePhrases(final: true)
        bigrams.flush()
        let result = TermAggregation(
            options: options, vocabulary: vocabulary, pairs: bigrams.pairs, phrases: phrases,
            words: tally.pointee.words, tooLong: tally.pointee.tooLong
        ).run()
        try bigrams.pairs.checkSpills()
        try cancellation.checkCount()
        var analysis = TextAnalysis(
            terms: result.terms, language: result.language, words: tally.pointee.words,
            tokens: result.tokens, dropped: result.dropped, bytes: repair.offset,
            invalidUTF8: repair.report, collocations: result.collocations)
        if let window = options.cooccurrenceWindow, let names = result.names {
            analysis.relations = WordCooccurrence(stream: stream, names: names, terms: result.terms, window: window).relations
        }
        return analysis
    }

    /// Ends the stream: a truncated last character is invalid, and every word left is counted.
    func endStream() throws(CountError) {
        repair.endInput(name, text: &pending)
        try segmentReady(final: true)
        try countSegmented()
    }

    /// Starts the next input: what is pending is segmented, a line break keeps the inputs' words
    /// apart, and the new input may start with its own byte-order mark.
    func beginSource(name: String) throws(CountError) {
        repair.endInput(self.name, text: &pending)
        pending.append(10)
        try segmentReady(final: true)
        lineFeeds = 0
        self.name = name
        repair.beginInput()
    }

    /// The start (> 0) of the last run of ASCII whitespace in `pending`, where UAX #29 breaks whatever
    /// follows; nil when there is none. Scans only the bytes not scanned before.
    private func lastSpaceRunStart() -> Int? {
        var k = pending.count - 1
        while k >= spaceScanned && !isASCIISpace(pending[k]) { k -= 1 }
        guard k >= spaceScanned else { return nil }
        while k > 0 && isASCIISpace(pending[k - 1]) { k -= 1 }
        return k > 0 ? k : nil
    }

    /// Segments and counts what of `pending` no later byte can change: up to the last whitespace
    /// run, or everything when `final`; without whitespace, as `LongWordGuard` plans once more than
    /// `maximumWordBytes` wait.
    private func segmentReady(final: Bool) throws(CountError) {
        while true {
            let spaceRunStart = final ? nil : lastSpaceRunStart()
            guard final || spaceRunStart != nil || pending.count > maximumWordBytes else {
                // Scanned to the end: the next feed scans only its own bytes, so a long run without
                // whitespace read in small chunks is not scanned again and again.
                spaceScanned = pending.count
                break
            }
            let plan: LongWordGuard.Plan
            do {
                plan = try pending.withUnsafeMutableBufferPointer { (text) throws(LongWordGuard.ProbeFailure) in
                    try longWords.plan(text, spaceRunStart: spaceRunStart, final: final)
                }
            } catch let failure {
                throw patternError(name: name, line: lineFeeds + failure.lineFeeds + 1, failure.limit)
            }
            // A probe's search called off stops early, and its plan is not to be followed.
            try cancellation.checkCount()
            for action in plan.actions {
                switch action {
                case .segment(let range):
                    let before = options.pattern == nil ? 0 : lineFeeds + countLineFeeds(0..<range.lowerBound)
                    try pending.withUnsafeMutableBufferPointer { (text) throws(CountError) in
                        try segment(UnsafeMutableBufferPointer(rebasing: text[range]), lineFeedsBefore: before)
                    }
                case .longWord:
                    // In text order: the words before it are counted first.
                    try countSegmented()
                    noteLongWord()
                }
            }
            if options.pattern != nil { lineFeeds += countLineFeeds(0..<plan.consumed) }
            pending.removeSubrange(0..<plan.consumed)
            spaceScanned = pending.count
            if final || spaceRunStart != nil || plan.consumed == 0 { break }
        }
        if final { pending = [] }
    }

    private func countLineFeeds(_ range: Range<Int>) -> Int {
        pending[range].reduce(0) { $1 == 10 ? $0 + 1 : $0 }
    }

    /// The error for a word pattern stopped by a limit at `line` of the input `name`.
    func patternError(name: String, line: Int, _ limit: TextError.PatternLimit) -> TextError {
        .patternTooComplex(pattern: options.pattern ?? "", name: name, line: line, limit: limit)
    }

    /// One word longer than `maximumWordBytes`, dropped: it stands between its neighbours as any
    /// dropped word does.
    func noteLongWord() {
        tally.pointee.tooLong += 1
        tally.pointee.droppedSincePrevious = true
    }
}
