import CICUShim

/// Counting the words: segmented text in, each word interned in the vocabulary and counted, with
/// the pairs of adjacent kept words and the protected phrases. This is the per-word hot path.
extension CountingEngine {
    /// Segments valid UTF-8 and counts its words. With a pipeline, the bytes are copied and queued
    /// (`CountingEngine+Pipeline.swift`). `lineFeedsBefore`: with a word pattern, the line feeds of
    /// the input before `buffer`, for errors. Throws when a word pattern spends a limit of `WordPattern`.
    func segment(_ buffer: UnsafeMutableBufferPointer<UInt8>, lineFeedsBefore: Int) throws(CountError) {
        // WebAssembly has one thread: the engine there segments and counts here.
        #if !hasFeature(Embedded)
        if let pipeline { return try segment(buffer, through: pipeline, lineFeedsBefore: lineFeedsBefore) }
        #endif
        // The batch holds pointers into `buffer`: counted before returning.
        segmenter.process(buffer, into: self)
        if let failure = segmenter.patternFailure {
            throw patternError(name: name, line: lineFeedsBefore + failure.lineFeeds + 1, failure.limit)
        }
        try cancellation.checkCount()
        countTokens()
    }

    /// Counts the words of every piece still queued to the pipeline (none without one).
    func countSegmented() throws(CountError) {
        #if !hasFeature(Embedded)
        guard let pipeline else { return }
        while let chunk = pipeline.next(finishing: true) { try count(chunk) }
        #endif
    }

    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
        let key = ByteTable.Key(bytes.baseAddress!, bytes.count)
        vocabulary.raw.prefetch(key)
        tokenBatch.append(
            SegmentedWord(bytes, key: key, kind: kind, afterPunctuation: afterPunctuation, afterParagraph: afterParagraph))
        if tokenBatch.count == Self.batchSize { countTokens() }
    }

    func countTokens() {
        countWords(tokenBatch.base, tokenBatch.count)
        tokenBatch.removeAll()
    }

    /// Counts `n` words in order, their hash-table slots already being fetched.
    @inline(__always)
    func countWords(_ words: UnsafeMutablePointer<SegmentedWord>, _ n: Int) {
        // First every word's id (its slot was fetched when it was batched), starting the loads of
        // its count and folded form; then the counting, which finds them arrived.
        for i in 0..<n {
            let t = words[i]
            // A word that arrived whole but is too long: dropped, as one cut off by `LongWordGuard` is.
            if Int(t.length) > maximumWordBytes { words[i].id = -1; continue }
            let (id, isNew) = vocabulary.raw.intern(t.start, Int(t.length), t.key)
            if isNew { vocabulary.register(UnsafeBufferPointer(start: t.start, count: Int(t.length)), kind: t.kind) }
            words[i].id = id
            tc_prefetch(vocabulary.rawCounts.base + Int(id))
            tc_prefetch(vocabulary.foldedOf.base + Int(id))
        }
        for i in 0..<n {
            let t = words[i]
            if t.id < 0 { noteLongWord(); continue }
            count(t.id, afterPunctuation: t.afterPunctuation, afterParagraph: t.afterParagraph)
        }
    }

    /// Counts raw word `id`, read after punctuation or not, after a blank line or not.
    @inline(__always)
    func count(_ id: Int32, afterPunctuation: Bool, afterParagraph: Bool = false) {
        if afterParagraph && records { endParagraph() }
        let f = vocabulary.foldedOf[Int(id)]
        guard f >= 0 else {
            vocabulary.rawCounts[Int(id)] += 1
            // A dropped token (a number, a too-short word) stands between its neighbours, so they are
            // not a pair: "MB | 1.42 MB" must not make "MB MB".
            tally.pointee.droppedSincePrevious = true
            return
        }
        let afterPunctuation = afterPunctuation || tally.pointee.droppedSincePrevious
        tally.pointee.droppedSincePrevious = false
        // Partial counts (shards of a larger text) are counted natively only.
        #if !hasFeature(Embedded)
        if tally.pointee.headOpen && holdsForMerge(id, afterPunctuation: afterPunctuation) { return }
        #endif
        if !hasPhrases {
            unigram(id, f, afterPunctuation)
        } else {
            if afterPunctuation { resolvePhrases(final: true) }
            phrases.append(PhraseMatcher.Word(raw: id, folded: f, afterPunctuation: afterPunctuation))
            resolvePhrases(final: false)
        }
    }

    /// Marks the end of a paragraph in the recorded words, after the words the phrase matcher
    /// still holds: words of two paragraphs are not near each other.
    private func endParagraph() {
        if hasPhrases { resolvePhrases(final: true) }
        if stream.count < WordCooccurrence.tokenLimit && stream.last != WordCooccurrence.paragraphEnd {
            stream.append(WordCooccurrence.paragraphEnd)
        }
    }

    @inline(__always)
    private func unigram(_ id: Int32, _ f: Int32, _ afterPunctuation: Bool) {
        vocabulary.rawCounts[Int(id)] += 1
        tally.pointee.words += 1
        if records && stream.count < WordCooccurrence.tokenLimit { stream.append(afterPunctuation ? ~id : id) }
        guard options.collocations else { return }
        let previous = tally.pointee.previous
        tally.pointee.previous = id
        if previous >= 0 && !afterPunctuation { bigrams.add(PairTable.key(previous, id)) }
    }

    /// Counts the phrases and words the phrase matcher has resolved; waits while the words could
    /// still grow into a phrase, unless `final`.
    func resolvePhrases(final: Bool) {
        while let match = phrases.next(final: final) {
            switch match {
            case .phrase: tally.pointee.previous = -1  // a phrase is never half of a collocation
            case .word(let w): unigram(w.raw, w.folded, w.afterPunctuation)
            }
        }
    }
}
