#if hasFeature(Embedded)
/// A mutual-exclusion lock; WebAssembly runs one thread, so there is nothing to exclude.
package final class Lock: @unchecked Sendable {
    /// Creates a lock.
    package init() {}
    /// Runs `body`.
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R { try body() }
    /// Takes the lock: nothing to take.
    package func lock() {}
    /// Gives the lock back: nothing to give.
    package func unlock() {}
}
#else
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A mutual-exclusion lock (pthread mutex), so the core needs no Foundation.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it; pair with `unlock()` (a `defer` keeps them together).
    package func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
#endif
