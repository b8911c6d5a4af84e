import CICUShim

/// Counts of word pairs, keyed by two 32-bit ids: open addressing in manually managed memory. The
/// owner keeps it under a size with `spillPast(_:)`, which moves pairs to disk; reading the
/// pairs back adds the spilled counts in, so no pair is ever lost. Key and count share a slot, so an
/// increment costs one cache miss, not two: the table outgrows the cache on any real text.
final class PairTable {
    private struct Entry { var key: UInt64; var count: UInt32 }
    private var entries: RawBuffer<Entry>
    private var mask: Int
    private static let empty = UInt64.max
    /// The number of distinct pairs in memory (pairs moved to disk by `spill()` not included).
    private(set) var count = 0
    /// The pairs spilled to disk.
    private let runs: PairRuns
    /// Whether a spill failed to write, so the pairs stay in memory from then on.
    private var spillRefused = false

    /// `spillFolder`: where `spill()` writes (default: `TMPDIR`, else /tmp).
    init(capacity: Int = 1 << 14, spillFolder: String? = nil) {
        runs = PairRuns(folder: spillFolder)
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
        if count * 2 > mask { rebuild(size: (mask + 1) * 2) }
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
        if count * 2 > mask { rebuild(size: (mask + 1) * 2) }
    }

    /// Every pair with its count, once: in table order while nothing is spilled, in key order
    /// (with the runs on disk merged in and each pair's counts added up) after a `spill()`.
    func forEach(_ body: (UInt64, UInt32) -> Void) {
        if runs.isEmpty { forEachInMemory(body) } else { forEachInKeyOrder(body) }
    }

    /// Every pair with its count, once, in key order, spilled runs merged in.
    private func forEachInKeyOrder(_ body: (UInt64, UInt32) -> Void) {
        let records = RawBuffer<PairRuns.Record>(capacity: max(count, 16))
        var n = 0
        let out = records.base
        forEachInMemory { key, count in
            (out + n).initialize(to: PairRuns.Record(key: key, count: count))
            n += 1
        }
        Self.withSorted(records, n) { runs.merge(with: $0, body) }
    }

    private func forEachInMemory(_ body: (UInt64, UInt32) -> Void) {
        // Through a pointer: each access to the buffer property pays a dynamic exclusivity check.
        let e = entries.base
        for i in 0...mask where e[i].key != Self.empty { body(e[i].key, e[i].count) }
    }

    /// Calls `body` with the first `n` records of `records` (filled through its pointer) sorted by key.
    private static func withSorted<R>(
        _ records: RawBuffer<PairRuns.Record>, _ n: Int, _ body: (UnsafeBufferPointer<PairRuns.Record>) -> R
    ) -> R {
        let scratch = RawBuffer<PairRuns.Record>(capacity: max(n, 16))
        let sorted = PairRuns.sort(records.base, scratch.base, n)
        return withExtendedLifetime((records, scratch)) { body(UnsafeBufferPointer(start: sorted, count: n)) }
    }

    /// Keeps the table under `limit` distinct pairs in memory: past it, all but the most frequent
    /// eighth move to disk (`spill(keeping:)`).
    @inline(__always)
    func spillPast(_ limit: Int) {
        if count > limit { spill(keeping: limit / 8) }
    }

    /// Moves the rarest pairs in memory to a sorted run on disk (`PairRuns`), keeping at most
    /// `target` of the most frequent, which go on counting in memory: a text's frequent pairs stay
    /// where they are counted fastest, and the rare ones go to disk. The table keeps its size. A
    /// table whose run could not be written keeps its pairs and grows instead.
    func spill(keeping target: Int = 0) {
        guard !spillRefused, count > 0 else { return }
        // One pass over the table: every pair to a buffer, and how many were seen how often.
        let cap = 256
        var histogram = [Int](repeating: 0, count: cap + 1)
        let records = RawBuffer<PairRuns.Record>(capacity: count)
        let out = records.base
        var n = 0
        forEachInMemory { key, count in
            (out + n).initialize(to: PairRuns.Record(key: key, count: count))
            n += 1
            histogram[Int(min(count, UInt32(cap)))] += 1
        }
        let level = Self.spillLevel(histogram, total: n, keeping: target)
        // The rare pairs to the front, the kept ones aside.
        var kept: [PairRuns.Record] = []
        var rare = 0
        for i in 0..<n {
            if out[i].count <= level {
                out[rare] = out[i]
                rare += 1
            } else {
                kept.append(out[i])
            }
        }
        guard Self.withSorted(records, rare, { runs.append(sorted: $0) }) else {
            spillRefused = true
            return
        }
        entries.base.update(repeating: Entry(key: Self.empty, count: 0), count: mask + 1)
        count = 0
        for record in kept { add(record.key, record.count) }
    }

    /// The least count such that at most `target` of the `total` pairs (`histogram[c]` of them seen
    /// c times, the last bucket for the rest) are seen more often; `UInt32.max` when every pair goes.
    private static func spillLevel(_ histogram: [Int], total: Int, keeping target: Int) -> UInt32 {
        guard target > 0 else { return UInt32.max }
        var above = total
        for level in 1..<(histogram.count - 1) {
            above -= histogram[level]
            if above <= target { return UInt32(level) }
        }
        return UInt32.max
    }

    /// Whether pairs have been moved to disk.
    var hasSpilled: Bool { !runs.isEmpty }

    /// The pair records on disk (a pair spilled more than once counts once per run).
    var spilledRecords: Int { runs.recordCount }

    /// Takes on the failure to read back pairs made from this table's (`PairSorter.readFailure`), if
    /// any, so `checkSpills()` reports it too.
    func adoptFailure(_ failure: String?) {
        if let failure { runs.noteFailure(failure) }
    }

    /// Throws when reading the pairs back from disk failed, so a count never ends on missing pairs.
    func checkSpills() throws(TextError) {
        if let failure = runs.readFailure { throw TextError.temporaryFile(reason: failure) }
    }

    /// Rehashes into `size` slots.
    private func rebuild(size: Int) {
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
            guard old[i].key != Self.empty else { continue }
            var slot = Self.slot(old[i].key, m)
            while fresh[slot].key != Self.empty { slot = (slot + 1) & m }
            fresh[slot] = old[i]
            kept += 1
        }
        count = kept
        withExtendedLifetime(oldBuffer) {}
    }
}
