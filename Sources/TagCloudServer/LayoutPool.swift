import Dispatch
import Foundation

/// At most one layout per core at a time, with a small bounded queue: work beyond it is refused at
/// once (busy), and work not finished by its deadline is abandoned (timed out).
///
/// The library has no way to stop a layout midway, so a timed-out request is answered at its
/// deadline and its work runs to its end on its own thread with its result dropped; it keeps its
/// slot until then, so abandoned work still counts against the limit and cannot pile up. Work whose
/// deadline passed while it waited in the queue is never started.
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

    /// Jobs admitted and not yet finished (running, waiting, or abandoned and still running).
    var inFlight: Int { lock.withLock { admitted } }

    /// Runs `work` when a worker is free, waiting for it until `deadline`.
    func run<T>(deadline: DispatchTime, _ work: @escaping @Sendable () -> T) -> Outcome<T> {
        let admittedNow = lock.withLock {
            guard admitted < capacity else { return false }
            admitted += 1
            return true
        }
        guard admittedNow else { return .busy }
        let box = Box<T>()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            slots.wait()
            if DispatchTime.now() < deadline { box.set(work()) }
            slots.signal()
            lock.withLock { admitted -= 1 }
            finished.signal()
        }
        guard finished.wait(timeout: deadline) == .success, let value = box.get() else { return .timedOut }
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
