/// Assembling the words the segmenting paths find: a word waits until the next one shows whether a
/// hyphen joins them (with `keepHyphens`), and is split at apostrophes unless they are kept.
extension Segmenter {
    /// The word waiting to see whether a hyphen and another word follow (with keepHyphens).
    struct Assembly {
        var pendingStart = -1, pendingEnd = -1
        var pendingKind = WordKind.letter
        var pendingAfterPunctuation = false
        var pendingAfterParagraph = false
        /// Whether the waiting word may hold an apostrophe to split at (the ASCII path knows; others scan).
        var pendingApostrophe = true
        var hyphenEnd = -1
        /// Punctuation seen since the last word; sticky across calls, as it is a property of the stream.
        var punctuation = false
        /// A blank line seen since the last word; sticky across calls, like `punctuation`.
        var paragraph = false
        /// Line feeds since the last word with only white space between them (a gap may come in
        /// several pieces, one per run of like characters).
        var lineFeeds = 0
    }
    private var pendingStart: Int {
        get { assembly.pointee.pendingStart }
        set { assembly.pointee.pendingStart = newValue }
    }
    private var pendingEnd: Int {
        get { assembly.pointee.pendingEnd }
        set { assembly.pointee.pendingEnd = newValue }
    }
    private var pendingKind: WordKind {
        get { assembly.pointee.pendingKind }
        set { assembly.pointee.pendingKind = newValue }
    }
    private var pendingAfterPunctuation: Bool {
        get { assembly.pointee.pendingAfterPunctuation }
        set { assembly.pointee.pendingAfterPunctuation = newValue }
    }
    private var pendingApostrophe: Bool {
        get { assembly.pointee.pendingApostrophe }
        set { assembly.pointee.pendingApostrophe = newValue }
    }
    private var hyphenEnd: Int {
        get { assembly.pointee.hyphenEnd }
        set { assembly.pointee.hyphenEnd = newValue }
    }
    var punctuation: Bool {
        get { assembly.pointee.punctuation }
        set { assembly.pointee.punctuation = newValue }
    }
    private var paragraph: Bool {
        get { assembly.pointee.paragraph }
        set { assembly.pointee.paragraph = newValue }
    }

    @inline(__always)
    func word(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ kind: WordKind, _ sink: some TokenSink,
        apostrophe: Bool = true
    ) {
        if pendingStart >= 0 {
            if hyphenEnd == start {
                // `well` `-` `known` with keepHyphens: one word.
                pendingEnd = end
                if kind == .letter || pendingKind == .number { pendingKind = kind }
                pendingApostrophe = pendingApostrophe || apostrophe
                hyphenEnd = -1
                return
            }
            flush(p, sink)
        }
        pendingStart = start; pendingEnd = end; pendingKind = kind; pendingApostrophe = apostrophe
        assembly.pointee.pendingAfterParagraph = paragraph
        pendingAfterPunctuation = punctuation || paragraph
        punctuation = false
        paragraph = false
        assembly.pointee.lineFeeds = 0
    }

    /// The bytes `p[start..<end]` between two words: whether they hold punctuation (`punct`), or are
    /// a lone hyphen that may join the words.
    @inline(__always)
    func gap(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, punctuation punct: Bool, singleHyphen: Bool) {
        if singleHyphen && options.keepHyphens && pendingStart >= 0 && pendingEnd == start && hyphenEnd < 0 {
            hyphenEnd = end
            return
        }
        hyphenEnd = -1
        if punct { punctuation = true }
        if !paragraph { noteLineFeeds(p, start, end) }
    }

    /// Notes the line feeds of `p[start..<end]`: two with only white space between them make a
    /// blank line, the end of a paragraph.
    @inline(__always)
    private func noteLineFeeds(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        var run = assembly.pointee.lineFeeds
        for i in start..<end {
            let b = p[i]
            if b == 10 {
                run += 1
                if run == 2 {
                    paragraph = true
                    return
                }
            } else if b != 32 && b != 9 && b != 13 {
                run = 0
            }
        }
        assembly.pointee.lineFeeds = run
    }

    /// Emits the waiting word, split at apostrophes unless they are kept.
    func flush(_ p: UnsafePointer<UInt8>, _ sink: some TokenSink) {
        guard pendingStart >= 0 else { return }
        let s = pendingStart, e = pendingEnd
        pendingStart = -1; pendingEnd = -1; hyphenEnd = -1
        if options.keepApostrophes || !pendingApostrophe || e - s > maximumWordBytes {
            sink.token(
                UnsafeBufferPointer(start: p + s, count: e - s), kind: pendingKind, afterPunctuation: pendingAfterPunctuation,
                afterParagraph: assembly.pointee.pendingAfterParagraph)
            return
        }
        var partStart = s, i = s, first = true
        func emit(_ end: Int) {
            if end > partStart {
                sink.token(
                    UnsafeBufferPointer(start: p + partStart, count: end - partStart), kind: pendingKind,
                    afterPunctuation: first ? pendingAfterPunctuation : false,
                    afterParagraph: first ? assembly.pointee.pendingAfterParagraph : false)
                first = false
            }
        }
        while i < e {
            if p[i] == UInt8(ascii: "'") {
                emit(i); i += 1; partStart = i
            } else if p[i] == 0xE2 && i + 2 < e && p[i + 1] == 0x80 && p[i + 2] == 0x99 {  // U+2019
                emit(i); i += 3; partStart = i
            } else {
                i += 1
            }
        }
        emit(e)
    }
}
