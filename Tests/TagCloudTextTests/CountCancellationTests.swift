import Dispatch
import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// A count given a `CancellationToken` stops soon after it is cancelled, as a layout does, and is
/// the same as without one when it is not.
@Suite("Counting with a cancellation token")
struct CountCancellationTests {
    static let prose = String(repeating: "It was the best of times, it was the worst of times; well-known words. ", count: 20_000)

    private func options(pattern: String? = nil, concurrently: Bool) -> TextOptions {
        var o = TextOptions()
        o.pattern = pattern
        o.segmentsConcurrently = concurrently
        return o
    }

    @Test("A token cancelled before the count stops it at once", arguments: [false, true])
    func cancelledBefore(concurrently: Bool) throws {
        let token = CancellationToken()
        token.cancel()
        var counter = TermCounter(options(concurrently: concurrently), cancellation: token)
        counter.pipelinesOnOneCore = concurrently
        #expect(throws: TagCloudError.cancelled) { _ = try counter.analyze(Self.prose) }
        #expect(throws: TagCloudError.cancelled) { _ = try counter.partialCount(Self.prose, key: "a", producer: "test") }
    }

    @Test("A token cancelled midway stops the count before its next piece", arguments: [false, true])
    func cancelledMidway(concurrently: Bool) throws {
        let token = CancellationToken()
        var counter = TermCounter(options(concurrently: concurrently), cancellation: token)
        counter.pipelinesOnOneCore = concurrently
        var read: Int64 = 0
        #expect(throws: TagCloudError.cancelled) {
            _ = try counter.analyze(
                sources: [.text(Self.prose, name: "t")], chunkSize: 1 << 16,
                progress: { bytes in
                    read = bytes
                    if bytes >= 1 << 17 { token.cancel() }
                })
        }
        #expect(read == 1 << 17)
        // Not cancelled, the same counts as without a token.
        let plain = try TermCounter(options(concurrently: concurrently)).analyze(Self.prose)
        let held = try TermCounter(options(concurrently: concurrently), cancellation: CancellationToken()).analyze(Self.prose)
        #expect(plain.terms == held.terms && plain.words == held.words)
    }

    @Test("A word pattern's search stops within itself once the token is cancelled")
    func patternSearch() throws {
        let token = CancellationToken()
        let pattern = try CompiledPattern("[a-z]+x", cancellation: token)
        let text = Array(String(repeating: "a", count: 1_000).utf16)
        try text.withUnsafeBufferPointer { units in
            pattern.setText(units)
            // [a-z]+x backtracks over the rest of the word at each start: 500,000 steps in all.
            token.cancel()
            #expect(pattern.next() == .cancelled)
            let free = try CompiledPattern("[a-z]+x")
            free.setText(units)
            #expect(free.next() == .end)
        }
    }

    @Test("A slow word pattern within its budget is stopped from another thread", .timeLimit(.minutes(1)))
    func patternFromAnotherThread() throws {
        // [a-z]+x on words of 60 letters takes about 30 steps per character, within the budget:
        // counting 8 MB of it takes seconds.
        let word = String(repeating: "a", count: 60) + " "
        let text = String(repeating: word, count: 8 << 20 / word.utf8.count)
        // The whole count, timed in the same run, is the yardstick: a busy machine slows both alike.
        var started = DispatchTime.now()
        _ = try TermCounter(options(pattern: "[a-z]+x", concurrently: false)).analyze(text)
        let whole = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let token = CancellationToken()
        DispatchQueue.global().asyncAfter(deadline: .now() + whole / 10) { token.cancel() }
        started = DispatchTime.now()
        #expect(throws: TagCloudError.cancelled) {
            _ = try TermCounter(options(pattern: "[a-z]+x", concurrently: false), cancellation: token).analyze(text)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        // Stopped well before the whole count's end; the margin is wide, as the tests around it
        // load the machine unevenly (0.59 of the whole was seen under a full parallel run).
        #expect(seconds < whole * 0.75, "stopped after \(seconds) s of a \(whole) s count")
    }
}
