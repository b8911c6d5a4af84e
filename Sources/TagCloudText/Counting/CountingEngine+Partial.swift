/// The engine counting one shard of a larger text into a `PartialCount`: it counts as for a whole
/// text, but holds the shard's head out of the counts and leaves its end state unresolved, so the
/// merge can join the shard to its neighbours (see `ShardBoundary`).
extension CountingEngine {
    /// Starts a shard: call before the first byte. The shard starts as a text does, without
    /// punctuation carried in (splitting the phrases into words may have left some).
    func beginShard() {
        tally.pointee.headOpen = true
        segmenter.beginIndependentPiece()
    }

    /// Whether kept word `id` goes to the shard's head instead of being counted: it does until
    /// the first break (a word read after punctuation or a dropped word), or, without phrases,
    /// only the first kept word, whose pair with the word before the shard is the merge's to count.
    @inline(never)
    func holdsForMerge(_ id: Int32, afterPunctuation: Bool) -> Bool {
        if afterPunctuation {
            tally.pointee.headOpen = false
            return false
        }
        tally.pointee.head.append(id)
        if !hasPhrases {
            // The next word pairs with this one within the shard, as in the whole text.
            tally.pointee.previous = id
            tally.pointee.headOpen = false
        }
        return true
    }

    /// Ends the shard `key` and hands over its counts, made with `options` by `producer`.
    func finishShard(key: String, producer: String) throws -> PartialCount {
        try endStream()
        bigrams.flush()
        var partial = PartialCount(
            options: options, producer: producer, words: vocabulary.raw, counts: vocabulary.rawCounts,
            kinds: vocabulary.rawKinds, pairs: bigrams.pairs)
        let shard = partial.shard(key)
        let trailingPunctuation = pipeline != nil ? punctuationCarry : segmenter.punctuationAfterLastWord
        let tally = tally.pointee
        var boundary = ShardBoundary()
        boundary.head = tally.head
        boundary.sealed = !tally.headOpen
        boundary.pendingBreak = tally.droppedSincePrevious || trailingPunctuation
        if boundary.sealed {
            boundary.previous = tally.previous
            let waiting = phrases.waitingWords
            boundary.tail = waiting.map(\.raw)
            boundary.tailBreaks = waiting.map(\.afterPunctuation)
        }
        partial.boundaries[Int(shard)] = boundary
        for (p, n) in phrases.counts.enumerated() where n > 0 { partial.phraseCounts[phrases.texts[p], default: 0] += n }
        partial.tooLong = tally.tooLong
        partial.bytes = repair.offset
        partial.invalidUTF8 = repair.report?.count ?? 0
        partial.invalidUTF8Report = repair.report
        return partial
    }
}
