/// Counting with a `SegmentationPipeline`: pieces of the text are segmented on two threads while
/// their words are counted here in text order (native only: WebAssembly has one thread).
extension CountingEngine {
    /// Queues `buffer` to `pipeline` in pieces and counts the words of the pieces that come back
    /// segmented; the last few are counted on a later call or by `countSegmented`.
    func segment(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, through pipeline: SegmentationPipeline, lineFeedsBefore: Int
    ) throws {
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

    /// Counts a piece's words, then recycles it. A piece was segmented as if it began the text, so
    /// punctuation after the previous piece's last word is carried into its first word here.
    func count(_ chunk: SegmentationPipeline.Chunk) throws {
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
}
