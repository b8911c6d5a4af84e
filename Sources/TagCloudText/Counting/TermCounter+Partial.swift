/// Counting a shard of a larger text into a partial count, to be merged with the other shards'.
extension TermCounter {
    /// Counts `sources` (read as `analyze(sources:)` reads them) as the shard `key` of a larger
    /// text: merged partial counts give the table of the shards' texts concatenated in the byte
    /// order of their keys (so zero-padded numbers, or paths with zero-padded offsets, keep the
    /// text's order). The shards must be cut at whitespace. `producer` names the program and
    /// version (such as `tagcloud 0.1.0`): partials merge only with those of the same one.
    public func partialCount(
        sources: [TextSource], key: String, producer: String, chunkSize: Int = 1 << 20,
        progress: ((Int64) -> Void)? = nil
    ) throws -> PartialCount {
        var options = options
        options.cooccurrenceWindow = nil
        let engine = try CountingEngine(
            options: options, name: sources.first?.name ?? "text", expectedBytes: Self.expectedBytes(sources),
            pipelinesOnOneCore: pipelinesOnOneCore, cancellation: cancellation)
        engine.beginShard()
        try Self.read(sources, into: engine, chunkSize: chunkSize, progress: progress)
        return try engine.finishShard(key: key, producer: producer)
    }

    /// Counts `text` as the shard `key`, as `partialCount(sources:key:producer:)` does.
    public func partialCount(_ text: String, key: String, producer: String) throws -> PartialCount {
        try partialCount(sources: [.text(text, name: key)], key: key, producer: producer)
    }
}
