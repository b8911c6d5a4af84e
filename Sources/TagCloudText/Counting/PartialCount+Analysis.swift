/// The final step of a merge: the merged counts loaded into a counting engine exactly as a single
/// count of the whole text would have left it, then counted up by the same `TermAggregation`.
extension PartialCount {
    /// The table of the merged shards: the terms (and the rest of `TextAnalysis`) a single count of
    /// their texts, concatenated in the order of the shards' keys, gives (both count every pair
    /// exactly, however many there are).
    /// `invalidUTF8` is left nil (the shards reported it; `PartialCount.invalidUTF8` has the total).
    /// Throws `TextError.partialCount` when the counts name a phrase the options do not give.
    /// The words are handed over to the count on the way (the partial count keeps its pairs,
    /// phrases and totals, and no words), so a merge's memory stays near a single count's.
    public mutating func analyze() throws -> TextAnalysis {
        var options = options
        options.segmentsConcurrently = false
        let engine = try CountingEngine(
            options: options, name: "the partial counts", expectedBytes: pairs.count * 32)
        let vocabulary = engine.vocabulary
        // Words numbered in the order a single count would have first read them.
        var rawID = [Int32](repeating: -1, count: words.count)
        var kept = 0
        for i in readingOrder() {
            let index = Int(i)
            let bytes = words.bytes(index)
            let (id, isNew) = vocabulary.raw.intern(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count)
            if isNew { vocabulary.register(bytes, kind: kinds[index]) }
            rawID[index] = id
            vocabulary.rawCounts[Int(id)] = counts[index]
            if vocabulary.foldedOf[Int(id)] >= 0 { kept = Self.sum(kept, counts[index]) }
        }
        releaseWords()
        engine.tally.pointee.words = kept
        engine.tally.pointee.tooLong = tooLong
        if options.collocations {
            let bigrams = engine.bigrams
            pairs.forEach { key, n in
                bigrams.add(PairTable.key(rawID[Int(key >> 32)], rawID[Int(key & 0xFFFF_FFFF)]), count: n)
            }
            try pairs.checkSpills()
        }
        releasePairs()
        for (text, n) in phraseCounts.sorted(by: { $0.key < $1.key }) {
            guard let p = engine.phrases.texts.firstIndex(of: text) else {
                throw TextError.partialCount(
                    name: "the partial counts",
                    reason:
                        "they count the phrase \"\(text)\", which is not among the --phrase options given; give the merge the same options as the partials"
                )
            }
            engine.phrases.add(n, toPhrase: p)
        }
        for s in shardOrder() {
            if let boundary = boundaries[s] { join(boundary, rawID, engine) }
        }
        var analysis = try engine.finish()
        analysis.bytes = bytes
        analysis.invalidUTF8 = nil
        return analysis
    }

    /// Counts what spans the cut before a shard: its head is counted after the state the shards
    /// before it left; then, when the shard counted more, its own end state takes over.
    private func join(_ boundary: ShardBoundary, _ rawID: [Int32], _ engine: CountingEngine) {
        for w in boundary.head { engine.count(rawID[Int(w)], afterPunctuation: false) }
        guard boundary.sealed else {
            engine.tally.pointee.droppedSincePrevious = engine.tally.pointee.droppedSincePrevious || boundary.pendingBreak
            return
        }
        // The shard's first break: the phrases waiting before it are resolved, as the whole text
        // resolves them there.
        engine.resolvePhrases(final: true)
        engine.tally.pointee.previous = boundary.previous >= 0 ? rawID[Int(boundary.previous)] : -1
        engine.tally.pointee.droppedSincePrevious = boundary.pendingBreak
        for (w, afterBreak) in zip(boundary.tail, boundary.tailBreaks) {
            let raw = rawID[Int(w)]
            let folded = engine.vocabulary.foldedOf[Int(raw)]
            // A word the shard kept is kept here (same options); a damaged file may say otherwise.
            guard folded >= 0 else { continue }
            engine.phrases.append(PhraseMatcher.Word(raw: raw, folded: folded, afterPunctuation: afterBreak))
        }
    }
}
