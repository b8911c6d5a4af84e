import Foundation

/// Gives memory the allocator keeps after a burst of requests back to the system. glibc's malloc
/// keeps freed pages in its arenas (one per thread that allocated), so after large requests an idle
/// server would hold a gigabyte it no longer uses; `malloc_trim(0)` releases it.
enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    /// glibc's malloc_trim, looked up at run time: other C libraries (musl, macOS) have none.
    private static let trim: Trim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()

    /// Returns freed memory to the system where the C library can.
    static func now() {
        _ = trim?(0)
    }
}
