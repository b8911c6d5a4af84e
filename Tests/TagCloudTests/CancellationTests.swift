import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// A cancelled `CancellationToken` stops a word cloud or a flow midway with `TagCloudError.cancelled`;
/// a token never cancelled changes nothing.
struct CancellationTests {
    func cloudOptions(words: Int, width: Int, height: Int) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = width
        o.height = height
        o.maximumWords = words
        o.seed = 3
        return o
    }

    /// Cancels `token` on a thread of its own and returns once it has.
    func cancelOnAnotherThread(_ token: CancellationToken) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            token.cancel()
            done.signal()
        }
        done.wait()
    }

    @Test("A token cancelled before the layout starts: the cloud and the flow throw at once")
    func cancelledBeforeStart() throws {
        let token = CancellationToken()
        token.cancel()
        #expect(token.isCancelled)
        var cloud = WordCloudLayout(cloudOptions(words: 50, width: 400, height: 300))
        cloud.cancellation = token
        #expect(throws: TagCloudError.cancelled) {
            try cloud.layout(sampleTerms(count: 50, seed: 1), typesetter: FakeTypesetter())
        }
        var flow = FlowLayout()
        flow.cancellation = token
        #expect(throws: TagCloudError.cancelled) {
            try flow.layout(sampleTerms(count: 50, seed: 1), typesetter: FakeTypesetter(), width: 400)
        }
        #expect(TagCloudError.cancelled.description.contains("stopped before it finished"))
    }

    @Test("Cancelled from another thread during a large cloud, the layout stops at the next word", arguments: [false, true])
    func cancelledDuringCloud(secondThread: Bool) throws {
        let token = CancellationToken()
        var layout = WordCloudLayout(cloudOptions(words: 3000, width: 1500, height: 1500))
        layout.masksOnSecondThread = secondThread
        layout.cancellation = token
        var reported = 0
        #expect(throws: TagCloudError.cancelled) {
            try layout.run(sampleTerms(count: 3000, seed: 2), typesetter: FakeTypesetter()) { p in
                reported = p.words
                if p.words == 40 { cancelOnAnotherThread(token) }
            }
        }
        // Word 40 was the last one done: the check before the next word's search threw.
        #expect(reported == 40)
    }

    @Test("Cancelled during a later attempt of fit = .all, no further attempt starts")
    func cancelledBetweenAttempts() throws {
        var o = cloudOptions(words: 400, width: 300, height: 200)
        o.fit = .all
        let terms = sampleTerms(count: 400, seed: 4)
        var attempts = 0
        // The words the second attempt gets through (one that only probes the scale stops at its
        // first word left over).
        var secondDone = 0
        _ = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter()) {
            attempts = max(attempts, $0.attempt)
            if $0.attempt == 2 { secondDone = $0.words }
        }
        #expect(attempts >= 3, "the cloud must need several attempts for this test to mean anything")
        let token = CancellationToken()
        var layout = WordCloudLayout(o)
        layout.cancellation = token
        var last = WordCloudLayout.Progress(words: 0, total: 0, attempt: 0)
        #expect(throws: TagCloudError.cancelled) {
            try layout.run(terms, typesetter: FakeTypesetter()) { p in
                last = p
                if p.attempt == 2 && p.words == secondDone { cancelOnAnotherThread(token) }
            }
        }
        #expect(last.attempt == 2)
    }

    @Test("Cancelled from another thread during a long flow, the flow stops at the next tag")
    func cancelledDuringFlow() throws {
        let typesetter = CancellingTypesetter(after: 100)
        var flow = FlowLayout()
        flow.cancellation = typesetter.token
        #expect(throws: TagCloudError.cancelled) {
            try flow.layout(sampleTerms(count: 5000, seed: 5), typesetter: typesetter, width: 600)
        }
        // The tag measured when the token was cancelled may still be fitted (shrunk or cut): a few
        // more measures at most, never the thousands the rest of the flow would take.
        #expect(typesetter.calls >= 100 && typesetter.calls < 150, "\(typesetter.calls) words measured")
    }

    @Test("A token never cancelled gives the same layouts as none")
    func uncancelledTokenChangesNothing() throws {
        let terms = sampleTerms(count: 300, seed: 6)
        var o = cloudOptions(words: 300, width: 500, height: 400)
        o.fit = .all
        var cloud = WordCloudLayout(o)
        let plain = try cloud.layout(terms, typesetter: FakeTypesetter())
        cloud.cancellation = CancellationToken()
        #expect(try cloud.layout(terms, typesetter: FakeTypesetter()) == plain)
        var flow = FlowLayout()
        let plainFlow = try flow.layout(terms, typesetter: FakeTypesetter(), width: 500)
        flow.cancellation = CancellationToken()
        #expect(try flow.layout(terms, typesetter: FakeTypesetter(), width: 500) == plainFlow)
    }
}

/// A `FakeTypesetter` that cancels its token from another thread at its `after`-th word, and
/// counts the words it was asked to measure.
final class CancellingTypesetter: Typesetter {
    let token = CancellationToken()
    private let after: Int
    private(set) var calls = 0

    init(after: Int) { self.after = after }

    func typeset(_ text: String, font: FontDescriptor, size: Double) throws -> TypesetWord {
        calls += 1
        if calls == after {
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [token] in
                token.cancel()
                done.signal()
            }
            done.wait()
        }
        return try FakeTypesetter().typeset(text, font: font, size: size)
    }
}
