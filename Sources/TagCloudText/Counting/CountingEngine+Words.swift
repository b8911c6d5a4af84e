import CICUShim

/// Counting the words: segmented text in, each word interned in the vocabulary and counted, with
/// the pairs of adjacent kept words and the protected phrases. This is the per-word hot path.
extension CountingEngine {
    /// Segments valid UTF-8 and counts its words. With a pipeline, the bytes are copied and queued;
    /// their words are counted here as the pieces come back segmented, the last few on a later call
    /// or by `countSegmented`. `lineFeedsBefore`: with a word pattern, the line feeds of the input
    /// before `buffer`, for errors. Throws when a word pattern spends a limit of `WordPattern`.
    func segment(_ buffer: UnsafeMutableBufferPointer<UInt8>, lineFeedsBefore: Int) throws {
        guard let pipeline else {
            // The batch holds pointers into `buffer`: counted before returning.
            segmenter.process(buffer, into: self)
            if let failure = segmenter.patternFailure {
                throw patternError(name: name, line: lineFeedsBefore + failure.lineFeeds + 1, failure.limit)
            }
            try cancellation?.check()
            countTokens()
            return
        }
        var lineFeedsBefore = lineFeedsBefore
        // Queued in pieces of about `pipelinePiece` bytes cut where a whitespace run starts (as
        // `lastSpaceRunStart` finds), a few at a time: enough to keep both threads busy, few enough that the
        // waiting pieces and their words take a few MB.
        var rest = UnsafeBufferPointer(buffer)
        while true {
            while !rest.isEmpty && pipeline.queued < SegmentationPipeline.readAhead {
                var cut = rest.count
                if rest.count >= 2 * Self.pipelinePiece {
                    var i = Self.pipelinePiece
                    while i < rest.count && !(isASCIISpace(rest[i]) && !isASCIISpace(rest[i - 1])) { i += 1 }
                    cut = i
                }
                let piece = UnsafeBufferPointer(rebasing: rest[0..<cut])
                pipeline.submit(piece, sourceName: name, lineFeedsBefore: lineFeedsBefore)
                if options.pattern != nil { lineFeedsBefore += piece.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
                rest = UnsafeBufferPointer(rebasing: rest[cut...])
            }
            if let chunk = pipeline.next(finishing: false) { try count(chunk) } else if rest.isEmpty { return }
        }
    }
    private static let pipelinePiece = 1 << 17

    /// Counts the words of every piece still queued.
    func countSegmented() throws {
        guard let pipeline else { return }
        while let chunk = pipeline.next(finishing: true) { try count(chunk) }
    }

    /// Counts a piece's words, then recycles it. A piece was segmented as if it began the text, so
    /// punctuation after the previous piece's last word is carried into its first word here.
    private func count(_ chunk: SegmentationPipeline.Chunk) throws {
        try cancellation?.check()
        if let failure = chunk.patternFailure {
            throw patternError(name: chunk.sourceName, line: chunk.lineFeedsBefore + failure.lineFeeds + 1, failure.limit)
        }
        let words = chunk.words.base, n = chunk.words.count
        if n > 0 {
            words[0].afterPunctuation = words[0].afterPunctuation || punctuationCarry
            punctuationCarry = chunk.trailingPunctuation
        } else {
            punctuationCarry = punctuationCarry || chunk.trailingPunctuation
        }
        var i = 0
        while i < n {
            let m = min(Self.batchSize, n - i)
            for k in i..<(i + m) { vocabulary.raw.prefetch(hash: words[k].hash) }
            countWords(words + i, m)
            i += m
        }
        pipeline?.recycle(chunk)
    }

    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool) {
        let key = ByteTable.Key(bytes.baseAddress!, bytes.count)
        vocabulary.raw.prefetch(key)
        tokenBatch.append(SegmentedWord(bytes, key: key, kind: kind, afterPunctuation: afterPunctuation))
        if tokenBatch.count == Self.batchSize { countTokens() }
    }

    private func countTokens() {
        countWords(tokenBatch.base, tokenBatch.count)
        tokenBatch.removeAll()
    }

    /// Counts `n` words in order, their hash-table slots already being fetched.
    @inline(__always)
    private func countWords(_ words: UnsafeMutablePointer<SegmentedWord>, _ n: Int) {
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
            count(t.id, afterPunctuation: t.afterPunctuation)
        }
    }

    /// Counts raw word `id`, read after punctuation or not.
    @inline(__always)
    func count(_ id: Int32, afterPunctuation: Bool) {
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
        if tally.pointee.headOpen && holdsForMerge(id, afterPunctuation: afterPunctuation) { return }
        if !hasPhrases {
            unigram(id, f, afterPunctuation)
        } else {
            if afterPunctuation { resolvePhrases(final: true) }
            phrases.append(PhraseMatcher.Word(raw: id, folded: f, afterPunctuation: afterPunctuation))
            resolvePhrases(final: false)
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
