/// Counts the pairs of adjacent kept words, keyed by raw spelling ids (so a pair can be shown in its
/// most frequent spelling, as the Python package does), for collocation scoring.
///
/// Pairs wait in a batch so their hash-table slots can be fetched while earlier pairs are counted;
/// counting a batch in order gives exactly the unbatched result. The rarest pairs are pruned when
/// the table passes the limit, which keeps memory bounded whatever the input size.
///
/// A value holding two tables (classes): the engine keeps it inline, so the per-pair path reaches
/// each table with one load. Copies share the tables.
struct BigramCounter {
    /// The pairs counted so far.
    let pairs: PairTable
    /// The most distinct pairs kept (`TextOptions.bigramLimit`).
    private let limit: Int
    private let batch = RawBuffer<UInt64>(capacity: CountingEngine.batchSize)

    /// A counter whose table is sized for `capacity` pairs at first.
    init(capacity: Int, limit: Int) {
        pairs = PairTable(capacity: capacity)
        self.limit = limit
    }

    /// Counts the pair `key` (`PairTable.key(first, second)`).
    @inline(__always)
    func add(_ key: UInt64) {
        pairs.prefetch(key)
        batch.append(key)
        if batch.count == CountingEngine.batchSize { flush() }
    }

    /// Counts the waiting pairs. Batches fill at fixed points of the pair sequence, whatever the
    /// chunking of the input, so pruning (checked per batch) happens at the same places either way.
    func flush() {
        for i in 0..<batch.count { pairs.increment(batch[i]) }
        batch.removeAll()
        // Down to half the limit: a pair seen once or twice among millions is no collocation.
        if pairs.count > limit { pairs.pruneRarest(downTo: limit / 2) }
    }
}
