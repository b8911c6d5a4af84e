import Foundation

/// Segments pieces of text on two threads, this one and a worker, while the words of the pieces
/// already segmented are counted here in text order. Words reach the counter one piece at a time and
/// in order, so the counts are exactly those of segmenting and counting on one thread.
///
/// Why this shape rather than chunks counted in parallel and merged: the counter's state (spelling
/// ids in first-seen order, word pairs across piece boundaries, pruning of rare pairs at fixed points,
/// protected phrases) depends on the order of the words, and keeping that order costs nothing here.
/// Why the calling thread segments too: on English text counting and segmenting cost about the same,
/// on Chinese, Japanese and Thai segmenting (ICU's dictionaries) costs twice as much as counting.
/// A worker that only segments would leave this thread idle on those; here it takes the next piece
/// whenever it has nothing to count, so the two cores stay busy whatever the script.
///
/// Pieces are segmented independently (a piece starts where a run of ASCII whitespace starts, where
/// UAX #29 always breaks). The one thing a segmenter carries from one piece to the next, whether
/// punctuation came after the last word, is recorded per piece (`Chunk.trailingPunctuation`) and
/// carried over by the counter in text order instead.
final class SegmentationPipeline: @unchecked Sendable {
    /// A piece's bytes and the words found in them. Owned by one thread at a time: the thread that
    /// segments it, then the caller from `next` until it gives it back with `recycle`.
    final class Chunk: TokenSink, @unchecked Sendable {
        // Several pieces exist at once, each under 1 MB of words: not on huge pages (see `RawBuffer.init`).
        let bytes = RawBuffer<UInt8>(capacity: 1 << 16, mapsLarge: false)
        let words = RawBuffer<SegmentedWord>(capacity: 1 << 12, mapsLarge: false)
        /// Whether punctuation came after the piece's last word (or anywhere in it, without words).
        fileprivate(set) var trailingPunctuation = false
        /// The input the piece comes from and, with a word pattern, its line feeds before the piece:
        /// where an error in the piece is.
        fileprivate(set) var sourceName = ""
        fileprivate(set) var lineFeedsBefore = 0
        /// Where in the piece the word pattern was stopped by a limit (see `Segmenter.patternFailure`).
        fileprivate(set) var patternFailure: (byteOffset: Int, lineFeeds: Int, limit: TextError.PatternLimit)?
        /// Set under the pipeline's lock.
        fileprivate var segmented = false

        func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
            words.append(
                SegmentedWord(bytes, kind: kind, afterPunctuation: afterPunctuation, afterParagraph: afterParagraph))
        }

        fileprivate func segment(with segmenter: Segmenter) {
            segmenter.beginIndependentPiece()
            segmenter.process(UnsafeMutableBufferPointer(start: bytes.base, count: bytes.count), into: self)
            trailingPunctuation = segmenter.punctuationAfterLastWord
            patternFailure = segmenter.patternFailure
        }
    }

    private let callerSegmenter: Segmenter
    private let workerSegmenter: Segmenter
    private let condition = NSCondition()
    // Guarded by `condition`: the pieces not yet returned by `next`, in text order, and how many of
    // them have been taken by a thread to segment.
    private var queue: [Chunk] = []
    private var head = 0
    private var taken = 0
    private var stopped = false
    private var started = false
    private let exited = DispatchSemaphore(value: 0)
    private var spare: [Chunk] = []

    /// `segmenter` is the caller's; the worker gets one of its own with the same options.
    init(segmenter: Segmenter) throws(TextError) {
        callerSegmenter = segmenter
        workerSegmenter = try Segmenter(options: segmenter.options, cancellation: segmenter.cancellation)
        workerSegmenter.asciiFastPath = segmenter.asciiFastPath
        workerSegmenter.maximumWordBytes = segmenter.maximumWordBytes
    }

    /// Ends the worker. Must be called before the pipeline is dropped (the worker holds it).
    func stop() {
        condition.lock()
        stopped = true
        let wasStarted = started
        condition.broadcast()
        condition.unlock()
        if wasStarted { exited.wait() }
    }

    /// Queues a copy of `bytes` (cut where a whitespace run starts, or the end of the text) for
    /// segmenting; `sourceName` and `lineFeedsBefore` locate it for errors.
    func submit(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String, lineFeedsBefore: Int) {
        let chunk = spare.popLast() ?? Chunk()
        chunk.bytes.removeAll()
        chunk.words.removeAll()
        chunk.segmented = false
        chunk.sourceName = sourceName
        chunk.lineFeedsBefore = lineFeedsBefore
        chunk.patternFailure = nil
        if let base = bytes.baseAddress { chunk.bytes.append(base, count: bytes.count) }
        condition.lock()
        queue.append(chunk)
        if !started {
            started = true
            Thread.detachNewThread { [self] in work() }
        }
        condition.signal()
        condition.unlock()
    }

    /// The pieces queued and not yet returned by `next`.
    var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count - head
    }

    /// The next piece in text order, segmented, or nil when the caller should queue more first.
    ///
    /// While reading (`finishing` false) it returns nil when every queued piece is taken and fewer
    /// than `readAhead` are queued, so the caller reads and queues the next chunk and the worker never
    /// runs dry. When the next piece is not ready, this thread segments a queued piece itself rather
    /// than wait: it has nothing to count, so segmenting is the work to share. When `finishing`, it
    /// returns nil only once every piece is returned.
    func next(finishing: Bool) -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let queued = queue.count - head
            if queued == 0 || (!finishing && taken == queue.count && queued < Self.readAhead) { return nil }
            if queue[head].segmented {
                let chunk = queue[head]
                head += 1
                if head == queue.count || head > 64 {
                    queue.removeFirst(head)
                    taken -= head
                    head = 0
                }
                return chunk
            }
            if taken < queue.count {
                segmentNextUntaken(with: callerSegmenter)
            } else {
                condition.wait()
            }
        }
    }

    /// The most pieces the caller queues: with pieces of 128 KB, half a MB of text and its words
    /// (about 3 MB of English) wait at most.
    static let readAhead = 4

    /// Gives a piece back once its words are counted, so its memory serves the next one.
    func recycle(_ chunk: Chunk) { spare.append(chunk) }

    /// Takes the next piece no thread has taken and segments it with `segmenter`, without the lock
    /// meanwhile (it holds the piece itself, not its place in the queue, which the caller may change).
    /// Called with the lock held.
    private func segmentNextUntaken(with segmenter: Segmenter) {
        let chunk = queue[taken]
        taken += 1
        condition.unlock()
        chunk.segment(with: segmenter)
        condition.lock()
        chunk.segmented = true
    }

    private func work() {
        condition.lock()
        while true {
            while !stopped && taken == queue.count { condition.wait() }
            if stopped { break }
            segmentNextUntaken(with: workerSegmenter)
            condition.broadcast()
        }
        condition.unlock()
        exited.signal()
    }
}
