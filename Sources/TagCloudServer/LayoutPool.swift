import Dispatch
import Foundation
import TagCloud

/// At most one layout per core at a time, with a small bounded queue: work beyond it is refused at
/// once (busy), and work not finished by its deadline is stopped (timed out).
///
/// Each job gets a `CancellationToken`, cancelled at its deadline: the layout checks it before each
/// word (and each angle and size it tries), the counter between pieces of text and inside a word
/// pattern's search, and both throw, so a timed-out job ends soon after its deadline and frees its
/// slot; its result, if any, is dropped. A job still waiting in the queue at its deadline leaves it
/// without starting. What the libraries cannot stop midway (reading the request, rendering a
/// finished layout) runs to its end, bounded by the body and canvas limits, and keeps its slot
/// until then, so such work cannot pile up either.
final class LayoutPool: @unchecked Sendable {
    /// How a submission ended.
    enum Outcome<T> {
        case done(T)
        case busy
        case timedOut
    }

    private let lock = NSLock()
    private let slots: DispatchSemaphore
    private let capacity: Int
    private var admitted = 0

    /// A pool running `workers` jobs at once with up to `queue` more waiting.
    init(workers: Int, queue: Int) {
        slots = DispatchSemaphore(value: max(1, workers))
        capacity = max(1, workers) + max(0, queue)
    }

    /// Jobs admitted and not yet finished (running, waiting, or stopping after their deadline).
    var inFlight: Int { lock.withLock { admitted } }

    /// Runs `work` when a worker is free, waiting for it until `deadline`; at the deadline the
    /// token `work` was given is cancelled.
    func run<T>(deadline: DispatchTime, _ work: @escaping @Sendable (CancellationToken) -> T) -> Outcome<T> {
        let admittedNow = lock.withLock {
            guard admitted < capacity else { return false }
            admitted += 1
            return true
        }
        guard admittedNow else { return .busy }
        let box = Box<T>()
        let token = CancellationToken()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            if slots.wait(timeout: deadline) == .success {
                if DispatchTime.now() < deadline && !token.isCancelled { box.set(work(token)) }
                slots.signal()
            }
            lock.withLock { admitted -= 1 }
            finished.signal()
        }
        guard finished.wait(timeout: deadline) == .success, let value = box.get() else {
            token.cancel()
            return .timedOut
        }
        return .done(value)
    }

    /// A value handed from the worker thread to the waiting one.
    private final class Box<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: T?
        func set(_ v: T) { lock.withLock { value = v } }
        func get() -> T? { lock.withLock { value } }
    }
}
