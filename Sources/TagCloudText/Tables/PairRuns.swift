/// Pair counts a `PairTable` moved out of memory: runs of (pair, count) records, each sorted by pair
/// with every pair once, in temporary files that are unlinked as soon as they are made (so nothing
/// is left behind, whatever ends the process). Reading them back merges the runs in pair order and
/// adds up each pair's counts, so the totals are exact however many times the table filled up.
///
/// Runs are merged into one whenever `mostRuns` have been written, so a merge never reads more
/// files at once than that.
final class PairRuns {
    /// A pair key (`PairTable.key`) and its count.
    struct Record {
        var key: UInt64
        var count: UInt32
    }

    /// A record as a run stores it: the key's 8 bytes, then the count's 4, native byte order (the
    /// files never outlive the process).
    static let recordBytes = 12
    /// Runs merged into one when this many are written.
    static let mostRuns = 16
    /// The bytes read or written at a time per run.
    static let bufferBytes = 1 << 18

    private struct Run {
        var fd: Int32
        var count: Int
    }
    private var runs: [Run] = []

    /// Why the last read of a run failed, nil while every read succeeded.
    private(set) var readFailure: String?
    /// The folder of the temporary files: `folder`, else `TMPDIR`, else /tmp.
    private let folder: String

    init(folder: String? = nil) {
        self.folder = folder ?? SpillFile.defaultFolder
    }

    deinit { for run in runs { SpillFile.closeFile(run.fd) } }

    /// Whether no run has been written.
    var isEmpty: Bool { runs.isEmpty }

    /// The records in all runs (a pair in several runs counts once in each).
    var recordCount: Int { runs.reduce(0) { $0 + $1.count } }

    /// Writes `records` (sorted by key, each key once) as a new run. Returns false, writing nothing,
    /// when no temporary file could be made or written: the caller keeps its pairs in memory then.
    func append(sorted records: UnsafeBufferPointer<Record>) -> Bool {
        append { emit in for r in records { emit(r) } }
    }

    /// Runs `produce`, writing the records it hands over (sorted by key, each key once) as a new
    /// run. `produce` runs whether or not a file could be written; false when none was.
    func append(_ produce: (_ emit: (Record) -> Void) -> Void) -> Bool {
        let writer = RunWriter(folder: folder)
        produce { writer?.append($0) }
        guard let run = writer?.finish() else { return false }
        runs.append(Run(fd: run.fd, count: run.count))
        if runs.count >= Self.mostRuns, readFailure == nil { compact() }
        return true
    }

    /// Calls `body` with every pair of the runs and of `memory` (sorted by key, each key once), once,
    /// in key order, with its counts added up (held at `UInt32.max`). A failed read ends the pairs
    /// early and is kept in `readFailure`.
    func merge(with memory: UnsafeBufferPointer<Record>, _ body: (UInt64, UInt32) -> Void) {
        var sources = runs.map { RunCursor(fd: $0.fd, count: $0.count) }
        sources.append(RunCursor(memory: memory))
        var merge = RunMerge(sources)
        merge.forEach(body)
        if let failure = merge.finish() { readFailure = failure }
    }

    /// Sorts the `n` records at `records` by key, using `scratch` (room for `n`); returns whichever
    /// of the two holds the result. The keys are sorted by their two ids packed without the gap
    /// between them: fewer bits, fewer radix passes.
    static func sort(
        _ records: UnsafeMutablePointer<Record>, _ scratch: UnsafeMutablePointer<Record>, _ n: Int
    ) -> UnsafeMutablePointer<Record> {
        var firsts: UInt64 = 0, seconds: UInt64 = 0
        for i in 0..<n {
            firsts |= records[i].key >> 32
            seconds |= records[i].key & 0xFFFF_FFFF
        }
        let low = RadixSort.bits(seconds)
        return RadixSort.sort(records, scratch, n, keyBits: low + RadixSort.bits(firsts)) {
            ($0.key >> 32) << UInt64(low) | ($0.key & 0xFFFF_FFFF)
        }
    }

    /// Records a failure to read pairs derived from these (see `PairTable.adoptFailure`).
    func noteFailure(_ reason: String) { readFailure = readFailure ?? reason }

    /// Merges every run into one.
    private func compact() {
        guard let writer = RunWriter(folder: folder) else { return }
        merge(with: UnsafeBufferPointer(start: nil, count: 0)) { key, count in writer.append(Record(key: key, count: count)) }
        let run = writer.finish()
        guard readFailure == nil, let run else {
            if let run { SpillFile.closeFile(run.fd) }
            return
        }
        for old in runs { SpillFile.closeFile(old.fd) }
        runs = [Run(fd: run.fd, count: run.count)]
    }
}

/// Writes one run to a fresh, already unlinked temporary file in `folder`.
private final class RunWriter {
    private let fd: Int32
    private var buffer: UnsafeMutableRawPointer
    private var used = 0
    private var count = 0
    private var failed = false

    init?(folder: String) {
        let fd = SpillFile.create(in: folder)
        guard fd >= 0 else { return nil }
        self.fd = fd
        buffer = .allocate(byteCount: PairRuns.bufferBytes, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func append(_ record: PairRuns.Record) {
        if used + PairRuns.recordBytes > PairRuns.bufferBytes { flush() }
        buffer.storeBytes(of: record.key, toByteOffset: used, as: UInt64.self)
        buffer.storeBytes(of: record.count, toByteOffset: used + 8, as: UInt32.self)
        used += PairRuns.recordBytes
        count += 1
    }

    private func flush() {
        var offset = 0
        while offset < used && !failed {
            let n = SpillFile.writeSome(fd, buffer + offset, used - offset)
            if n <= 0 { failed = true } else { offset += n }
        }
        used = 0
    }

    /// The run written, or nil (the file closed) when a write failed.
    func finish() -> (fd: Int32, count: Int)? {
        flush()
        if failed {
            SpillFile.closeFile(fd)
            return nil
        }
        return (fd, count)
    }
}
