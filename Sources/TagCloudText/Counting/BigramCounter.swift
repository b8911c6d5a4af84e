/// Counts the pairs of adjacent kept words, keyed by raw spelling ids (so a pair can be shown in its
/// most frequent spelling, as the Python package does), for collocation scoring.
///
/// Pairs wait in a batch so their hash-table slots can be fetched while earlier pairs are counted;
/// counting a batch in order gives exactly the unbatched result. When the table passes the limit
/// all but its most frequent eighth move to disk (`PairTable.spillPast`), which keeps memory bounded
/// whatever the input size and every count exact: the table does not depend on the limit, or on
/// where the text was cut.
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

    /// Adds `n` sightings of the pair `key` at once (a merge's counts).
    func add(_ key: UInt64, count n: UInt32) {
        pairs.add(key, n)
        pairs.spillPast(limit)
    }

    /// Counts the waiting pairs.
    func flush() {
        for i in 0..<batch.count { pairs.increment(batch[i]) }
        batch.removeAll()
        pairs.spillPast(limit)
    }
}
