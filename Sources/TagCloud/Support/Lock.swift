#if hasFeature(Embedded)
/// A mutual-exclusion lock; WebAssembly runs one thread, so there is nothing to exclude.
final class Lock: @unchecked Sendable {
    /// Runs `body`.
    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R { try body() }
}
#else
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A mutual-exclusion lock (pthread mutex), so the core needs no Foundation.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
#endif
