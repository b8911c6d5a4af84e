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
///
/// A job still running after `longAfter` hands its slot on and runs on in one of as many slots
/// for long jobs, when one is free: two layouts of many seconds then no longer make a 20-word
/// request wait for them (it shares the cores with them instead), while at most twice the workers
/// ever run at once.
final class LayoutPool: @unchecked Sendable {
    /// How a submission ended.
    enum Outcome<T> {
        case done(T)
        case busy
        case timedOut
    }

    private let lock = NSLock()
    private let slots: DispatchSemaphore
    private let longSlots: DispatchSemaphore
    private let capacity: Int
    private let longAfter: Double
    private var admitted = 0

    /// A pool running `workers` jobs at once with up to `queue` more waiting; a job running past
    /// `longAfter` seconds moves to one of `workers` slots for long jobs when one is free.
    init(workers: Int, queue: Int, longAfter: Double = 1) {
        slots = DispatchSemaphore(value: max(1, workers))
        longSlots = DispatchSemaphore(value: max(1, workers))
        capacity = max(1, workers) + max(0, queue)
        self.longAfter = longAfter
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
                let held = HeldSlot()
                DispatchQueue.global().asyncAfter(deadline: .now() + longAfter) { [self] in
                    held.moveToLong(from: slots, to: longSlots)
                }
                if DispatchTime.now() < deadline && !token.isCancelled { box.set(work(token)) }
                held.release(short: slots, long: longSlots)
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

    /// Which slot a running job holds: a short one until it has run `longAfter` and a long slot
    /// was free, then a long one.
    private final class HeldSlot: @unchecked Sendable {
        private let lock = NSLock()
        private var state = State.short

        private enum State { case short, long, released }

        /// Moves the job to a long slot when it is still running and one is free.
        func moveToLong(from short: DispatchSemaphore, to long: DispatchSemaphore) {
            lock.withLock {
                guard state == .short, long.wait(timeout: .now()) == .success else { return }
                state = .long
                short.signal()
            }
        }

        /// Gives back the slot the job holds.
        func release(short: DispatchSemaphore, long: DispatchSemaphore) {
            lock.withLock {
                (state == .long ? long : short).signal()
                state = .released
            }
        }
    }

    /// A value handed from the worker thread to the waiting one.
    private final class Box<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: T?
        func set(_ v: T) { lock.withLock { value = v } }
        func get() -> T? { lock.withLock { value } }
    }
}
