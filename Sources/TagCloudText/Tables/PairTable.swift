import CICUShim

/// Counts of word pairs, keyed by two 32-bit ids: open addressing in manually managed memory, with
/// pruning of the rarest pairs so its size stays under a limit. Key and count share a slot, so an
/// increment costs one cache miss, not two: the table outgrows the cache on any real text.
final class PairTable {
    private struct Entry { var key: UInt64; var count: UInt32 }
    private var entries: RawBuffer<Entry>
    private var mask: Int
    private static let empty = UInt64.max
    /// The number of distinct pairs.
    private(set) var count = 0

    init(capacity: Int = 1 << 14) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = RawBuffer(repeating: Entry(key: Self.empty, count: 0), count: size)
        mask = size - 1
    }

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(a)) << 32 | UInt64(UInt32(b)) }

    @inline(__always) private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    /// Starts loading the slot where the pair's lookup begins.
    @inline(__always) func prefetch(_ key: UInt64) { tc_prefetch(entries.base + Self.slot(key, mask)) }

    /// Adds one to the pair's count.
    @inline(__always) func increment(_ key: UInt64) {
        let e = entries.base
        var slot = Self.slot(key, mask)
        while true {
            let found = e[slot].key
            if found == key { e[slot].count &+= 1; return }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        e[slot] = Entry(key: key, count: 1)
        count += 1
        if count * 2 > mask { rebuild(size: (mask + 1) * 2, keepAbove: 0) }
    }

    /// Adds `n` to the pair's count, stopping at the largest count a pair can hold (partial counts
    /// being merged; the per-pair path is `increment`).
    func add(_ key: UInt64, _ n: UInt32) {
        let e = entries.base
        var slot = Self.slot(key, mask)
        while true {
            let found = e[slot].key
            if found == key {
                let (sum, overflow) = e[slot].count.addingReportingOverflow(n)
                e[slot].count = overflow ? UInt32.max : sum
                return
            }
            if found == Self.empty { break }
            slot = (slot + 1) & mask
        }
        e[slot] = Entry(key: key, count: n)
        count += 1
        if count * 2 > mask { rebuild(size: (mask + 1) * 2, keepAbove: 0) }
    }

    /// Keeps only the pairs counted more than `level` times.
    func prune(keepAbove level: UInt32) { rebuild(size: mask + 1, keepAbove: level) }

    /// The count a pair had to exceed to survive the last `pruneRarest`, 0 before any.
    private(set) var pruneLevel: UInt32 = 0

    /// Drops the rarest pairs until at most `target` are left, raising the count a pair must exceed
    /// one step at a time from the level the last call reached.
    func pruneRarest(downTo target: Int) {
        while count > target {
            pruneLevel += 1
            prune(keepAbove: pruneLevel)
        }
    }

    /// Every pair with its count, in table order.
    func forEach(_ body: (UInt64, UInt32) -> Void) {
        // Through a pointer: each access to the buffer property pays a dynamic exclusivity check.
        let e = entries.base
        for i in 0...mask where e[i].key != Self.empty { body(e[i].key, e[i].count) }
    }

    private func rebuild(size: Int, keepAbove level: UInt32) {
        let oldBuffer = entries, oldSize = mask + 1
        entries = RawBuffer(repeating: Entry(key: Self.empty, count: 0), count: size)
        let m = size - 1
        mask = m
        let old = oldBuffer.base, fresh = entries.base
        var kept = 0
        let ahead = 16
        for i in 0..<oldSize {
            if i + ahead < oldSize && old[i + ahead].key != Self.empty {
                tc_prefetch(fresh + Self.slot(old[i + ahead].key, m))
            }
            guard old[i].key != Self.empty && old[i].count > level else { continue }
            var slot = Self.slot(old[i].key, m)
            while fresh[slot].key != Self.empty { slot = (slot + 1) & m }
            fresh[slot] = old[i]
            kept += 1
        }
        count = kept
        withExtendedLifetime(oldBuffer) {}
    }
}
