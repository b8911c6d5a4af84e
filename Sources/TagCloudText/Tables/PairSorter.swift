/// Pair counts gathered in any order and read back in key order, each pair once with its counts
/// added up: an external sort. Records wait in a buffer of `limit`; a full buffer is sorted and
/// written as a run (`PairRuns`). Cheaper than a `PairTable` where most pairs are seen once, as
/// when pairs already counted are re-keyed (canonical pairs, places in a file).
final class PairSorter {
    private let limit: Int
    private let buffer: RawBuffer<PairRuns.Record>
    private let scratch: RawBuffer<PairRuns.Record>
    private var n = 0
    private let runs = PairRuns()
    /// Whether a run could not be written, so the records stay in memory from then on.
    private var spillRefused = false
    private var grown: [PairRuns.Record] = []

    /// A sorter holding at most `limit` records in memory (while temporary files can be written).
    init(limit: Int) {
        self.limit = max(limit, 16)
        buffer = RawBuffer(capacity: self.limit)
        scratch = RawBuffer(capacity: self.limit)
    }

    /// Adds `count` to the pair `key`.
    func add(_ key: UInt64, _ count: UInt32) {
        if n == limit {
            let sorted = sortedBuffer()
            if spillRefused || !runs.append(sorted: sorted) {
                spillRefused = true
                grown.append(contentsOf: sorted)
            }
            n = 0
        }
        (buffer.base + n).initialize(to: PairRuns.Record(key: key, count: count))
        n += 1
    }

    /// Every pair, once, in key order, with its counts added up (held at `UInt32.max`).
    func forEachInKeyOrder(_ body: (UInt64, UInt32) -> Void) {
        let sorted = sortedBuffer()
        guard !grown.isEmpty else { return runs.merge(with: sorted, body) }
        // Runs could not be written: the records held instead are sorted with the buffer's.
        let all = (Array(sorted) + grown).sorted { $0.key < $1.key }
        all.withUnsafeBufferPointer { runs.merge(with: $0, body) }
    }

    /// The failure to read a run back, if any.
    var readFailure: String? { runs.readFailure }

    /// The buffered records sorted by key, equal keys added up.
    private func sortedBuffer() -> UnsafeBufferPointer<PairRuns.Record> {
        let sorted = PairRuns.sort(buffer.base, scratch.base, n)
        var out = 0
        for i in 0..<n {
            if out > 0 && sorted[out - 1].key == sorted[i].key {
                let (sum, overflow) = sorted[out - 1].count.addingReportingOverflow(sorted[i].count)
                sorted[out - 1].count = overflow ? UInt32.max : sum
            } else {
                sorted[out] = sorted[i]
                out += 1
            }
        }
        return UnsafeBufferPointer(start: sorted, count: out)
    }
}
