/// Assembling the words the segmenting paths find: a word waits until the next one shows whether a
/// hyphen joins them (with `keepHyphens`), and is split at apostrophes unless they are kept.
extension Segmenter {
    /// The word waiting to see whether a hyphen and another word follow (with keepHyphens).
    struct Assembly {
        var pendingStart = -1, pendingEnd = -1
        var pendingKind = WordKind.letter
        var pendingAfterPunctuation = false
        /// Whether the waiting word may hold an apostrophe to split at (the ASCII path knows; others scan).
        var pendingApostrophe = true
        var hyphenEnd = -1
        /// Punctuation seen since the last word; sticky across calls, as it is a property of the stream.
        var punctuation = false
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
        pendingAfterPunctuation = punctuation
        punctuation = false
    }

    @inline(__always)
    func gap(_ start: Int, _ end: Int, punctuation punct: Bool, singleHyphen: Bool) {
        if singleHyphen && options.keepHyphens && pendingStart >= 0 && pendingEnd == start && hyphenEnd < 0 {
            hyphenEnd = end
            return
        }
        hyphenEnd = -1
        if punct { punctuation = true }
    }

    /// Emits the waiting word, split at apostrophes unless they are kept.
    func flush(_ p: UnsafePointer<UInt8>, _ sink: some TokenSink) {
        guard pendingStart >= 0 else { return }
        let s = pendingStart, e = pendingEnd
        pendingStart = -1; pendingEnd = -1; hyphenEnd = -1
        if options.keepApostrophes || !pendingApostrophe || e - s > maximumWordBytes {
            sink.token(
                UnsafeBufferPointer(start: p + s, count: e - s), kind: pendingKind, afterPunctuation: pendingAfterPunctuation)
            return
        }
        var partStart = s, i = s, first = true
        func emit(_ end: Int) {
            if end > partStart {
                sink.token(
                    UnsafeBufferPointer(start: p + partStart, count: end - partStart), kind: pendingKind,
                    afterPunctuation: first ? pendingAfterPunctuation : false)
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
