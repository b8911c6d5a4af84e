import TagCloud

/// Where the counter may cut the text it holds back when no whitespace comes, and what becomes of a
/// word longer than `maximumWordBytes`: it is skipped whole and counted as such
/// (`DroppedWords.tooLong`), never cut into pieces, whatever the sizes of the chunks the text
/// arrives in.
///
/// The counter cuts its stream where a run of ASCII whitespace starts, where UAX #29 always breaks.
/// Text without whitespace is held back until some comes; beyond `maximumWordBytes` of it (a long run
/// of Chinese, or one enormous "word" such as a base64 blob) it is cut anyway: before the last word
/// found in it, so no word is split. When that last word is itself longer than the bound, only its
/// last `tailBytes` are kept, as context to find where it ends; it is counted once it does.
///
/// Limits of the approach: a cut inside a run of Chinese, Japanese or Thai changes the context ICU's
/// dictionary sees near the cut, so a word or two there may be split differently than in the whole
/// text (only in runs of more than `maximumWordBytes` without whitespace). With a word pattern, the
/// text after an overlong match up to the next whitespace is skipped with it (a pattern match, unlike
/// a word, cannot be found again from its last bytes).
final class LongWordGuard {
    /// The longest word counted, in UTF-8 bytes; also the most text without whitespace held back.
    let maximumWordBytes: Int
    /// How many bytes past a long word's apparent end must have arrived before that end is final
    /// (a word's end can depend on the characters after it, e.g. `can` + `'t`).
    static let lookahead = 1024
    /// How many of a long word's last bytes are kept to find where it ends.
    static let tailBytes = 256

    private let probe: Segmenter
    private let isPattern: Bool
    /// nil when no overlong word is in progress; otherwise how many leading bytes of the held-back
    /// text are the last bytes of one (0 with a word pattern, which keeps none).
    private(set) var wordPrefix: Int?

    /// `options`: the counter's. The probe finds whole words (apostrophes kept) without changing the
    /// text; `cancellation` stops its word pattern's search midway, as the counter's own.
    init(options: TextOptions, maximumWordBytes: Int, cancellation: CancellationToken? = nil) throws(TextError) {
        self.maximumWordBytes = maximumWordBytes
        var probeOptions = options
        probeOptions.keepApostrophes = true
        probe = try Segmenter(options: probeOptions, cancellation: cancellation)
        probe.normalizesMatches = false
        isPattern = options.pattern != nil
    }

    /// One step of a plan, in text order.
    enum Action: Equatable {
        /// Segment and count these bytes of the held-back text.
        case segment(Range<Int>)
        /// Count one word longer than `maximumWordBytes` as dropped.
        case longWord
    }

    /// What to do with the held-back text: `actions` in order, then drop its first `consumed` bytes.
    struct Plan: Equatable {
        var actions: [Action] = []
        var consumed = 0
    }

    /// The word pattern was stopped by a limit while the probe looked for words.
    struct ProbeFailure: Error {
        var byteOffset: Int
        var lineFeeds: Int
        var limit: TextError.PatternLimit
    }

    /// The plan for `text` (the held-back text, valid UTF-8, not changed here). `spaceRunStart`: the
    /// start (> 0) of its last run of ASCII whitespace, if any; `final`: no more text follows.
    /// Without either, call only when `text` is longer than `maximumWordBytes`.
    func plan(_ text: UnsafeMutableBufferPointer<UInt8>, spaceRunStart: Int?, final: Bool) throws(ProbeFailure) -> Plan {
        let limit = final ? text.count : spaceRunStart
        if let prefix = wordPrefix {
            // The long word ends before the whitespace (or the end of the text) at the latest; an
            // overlong pattern match is taken to end at the first whitespace.
            let bound = limit ?? text.count
            let end = isPattern ? firstSpace(text, before: bound) : try wordEnd(text, prefix: prefix, limit: bound)
            if let limit {
                wordPrefix = nil
                return Plan(actions: [.longWord] + (end < limit ? [.segment(end..<limit)] : []), consumed: limit)
            }
            if end + Self.lookahead <= text.count || (isPattern && end < text.count) {
                // It has ended: what follows is planned afresh on the next call.
                wordPrefix = nil
                return Plan(actions: [.longWord], consumed: end)
            }
            return keepTail(text, wordStart: 0, wordEnd: end, actions: [])
        }
        if let limit { return Plan(actions: limit > 0 ? [.segment(0..<limit)] : [], consumed: limit) }
        return try planOverflow(text)
    }

    /// The plan for more than `maximumWordBytes` of text without whitespace.
    private func planOverflow(_ text: UnsafeMutableBufferPointer<UInt8>) throws(ProbeFailure) -> Plan {
        let spans = try probeSpans(text, limit: text.count, prefix: 0)
        let n = text.count
        guard let last = spans.last else {
            // No word at all (punctuation): cut before the last character.
            let cut = characterStart(text, before: n)
            return Plan(actions: cut > 0 ? [.segment(0..<cut)] : [], consumed: cut)
        }
        if last.end - last.start > maximumWordBytes {
            // The last word may go on, and is already too long: the words before it are counted now.
            return keepTail(
                text, wordStart: last.start, wordEnd: last.end,
                actions: last.start > 0 ? [.segment(0..<last.start)] : [])
        }
        if last.start > 0 { return Plan(actions: [.segment(0..<last.start)], consumed: last.start) }
        // One word at the start, within the bound, then no word: cut in what follows once it is long
        // enough that the word's end cannot change.
        guard last.end + Self.lookahead <= n else { return Plan() }
        let cut = characterStart(text, before: n)
        return Plan(actions: [.segment(0..<cut)], consumed: cut)
    }

    /// Keeps the last `tailBytes` of the long word `wordStart..<wordEnd` (and the text after it).
    private func keepTail(
        _ text: UnsafeMutableBufferPointer<UInt8>, wordStart: Int, wordEnd: Int,
        actions: [Action]
    ) -> Plan {
        if isPattern {
            wordPrefix = 0
            return Plan(actions: actions, consumed: text.count)
        }
        var keep = max(wordEnd - Self.tailBytes, wordStart)
        while keep < wordEnd && text[keep] & 0xC0 == 0x80 { keep += 1 }
        wordPrefix = wordEnd - keep
        return Plan(actions: actions, consumed: keep)
    }

    /// Where the long word whose last `prefix` bytes start `text` ends: the end of the last word the
    /// probe finds starting within those bytes (words found there are all parts of it).
    private func wordEnd(_ text: UnsafeMutableBufferPointer<UInt8>, prefix: Int, limit: Int) throws(ProbeFailure) -> Int {
        max(try probeSpans(text, limit: limit, prefix: prefix).prefixEnd, prefix)
    }

    /// The first ASCII whitespace byte before `bound`, or `bound`.
    private func firstSpace(_ text: UnsafeMutableBufferPointer<UInt8>, before bound: Int) -> Int {
        var i = 0
        while i < bound && !isASCIISpace(text[i]) { i += 1 }
        return i
    }

    /// The start of the character before byte `n`.
    private func characterStart(_ text: UnsafeMutableBufferPointer<UInt8>, before n: Int) -> Int {
        var cut = n - 1
        while cut > 0 && text[cut] & 0xC0 == 0x80 { cut -= 1 }
        return max(cut, 0)
    }

    /// The words of `text[0..<limit]` as the probe finds them.
    private func probeSpans(_ text: UnsafeMutableBufferPointer<UInt8>, limit: Int, prefix: Int) throws(ProbeFailure)
        -> SpanRecorder
    {
        let spans = SpanRecorder(base: UnsafePointer(text.baseAddress!), prefix: prefix)
        probe.beginIndependentPiece()
        probe.process(UnsafeMutableBufferPointer(rebasing: text[0..<limit]), into: spans)
        if let failure = probe.patternFailure {
            throw ProbeFailure(byteOffset: failure.byteOffset, lineFeeds: failure.lineFeeds, limit: failure.limit)
        }
        return spans
    }
}

/// Records where the words are: the last one, and how far the words starting within the first
/// `prefix` bytes reach.
private final class SpanRecorder: TokenSink {
    let base: UnsafePointer<UInt8>
    let prefix: Int
    private(set) var last: (start: Int, end: Int)?
    private(set) var prefixEnd = 0

    init(base: UnsafePointer<UInt8>, prefix: Int) {
        self.base = base
        self.prefix = prefix
    }

    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
        let start = bytes.baseAddress! - base
        last = (start, start + bytes.count)
        if start < prefix { prefixEnd = max(prefixEnd, start + bytes.count) }
    }
}
