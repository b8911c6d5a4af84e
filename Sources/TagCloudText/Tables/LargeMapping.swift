#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory mapped from the system for the counter's large tables, on 2 MB boundaries with transparent
/// huge pages requested (Linux): a 16 MB hash table then costs 8 page faults instead of 4,096, and its
/// random accesses miss the TLB far less (the collocation sort touches every pair at random).
/// WebAssembly has one linear memory and no system to map from: there `map` gives nil, and the
/// caller allocates instead.
enum LargeMapping {
    private static let page = 4096
    private static let hugePage = 1 << 21

    private static func rounded(_ bytes: Int) -> Int { (bytes + page - 1) & ~(page - 1) }

    /// A zero-filled block of at least `bytes` bytes, or nil when the system refuses.
    static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        #if hasFeature(Embedded)
        return nil
        #else
        let length = rounded(bytes)
        #if os(Linux)
        // Map a huge page more than needed and trim both ends, so the block starts on a boundary.
        let total = length + hugePage
        guard let raw = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            raw != MAP_FAILED
        else { return nil }
        let address = UInt(bitPattern: raw)
        let aligned = (address + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let head = Int(aligned - address)
        if head > 0 { munmap(raw, head) }
        if total - head - length > 0 {
            munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(length)), total - head - length)
        }
        let block = UnsafeMutableRawPointer(bitPattern: aligned)!
        _ = madvise(block, length, MADV_HUGEPAGE)
        return block
        #else
        guard let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else {
            return nil
        }
        return p
        #endif
        #endif
    }

    /// Returns a block from `map` with the same `bytes`.
    static func unmap(_ block: UnsafeMutableRawPointer, _ bytes: Int) {
        #if !hasFeature(Embedded)
        munmap(block, rounded(bytes))
        #endif
    }
}
