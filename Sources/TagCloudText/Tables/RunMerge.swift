/// One source of a `RunMerge`: a run of `PairRuns` read back from its file, or records in memory,
/// with its current record in `key` and `count`. A value kept in plain memory by the merge, so that
/// moving on costs no reference counting or exclusivity checks: a merge moves on once per record.
struct RunCursor {
    private(set) var key: UInt64 = 0
    private(set) var count: UInt32 = 0
    private let fd: Int32
    private var remaining: Int
    private var offset: Int64 = 0
    private let buffer: UnsafeMutableRawPointer?
    private var memory: UnsafePointer<PairRuns.Record>?
    private var position = 0
    private var available = 0
    /// Why a read failed, nil while none did.
    private(set) var failure: String?

    /// A cursor over the `count` records of the run in the file `fd`.
    init(fd: Int32, count: Int) {
        self.fd = fd
        remaining = count
        buffer = .allocate(byteCount: PairRuns.bufferBytes, alignment: 16)
    }

    /// A cursor over records in memory.
    init(memory: UnsafeBufferPointer<PairRuns.Record>) {
        fd = -1
        remaining = memory.count
        buffer = nil
        self.memory = memory.baseAddress
    }

    /// Lets go of the read buffer.
    func release() { buffer?.deallocate() }

    /// Moves to the next record; false at the end of the run (or after a failed read).
    @inline(__always)
    mutating func advance() -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        if let record = memory {
            (key, count) = (record.pointee.key, record.pointee.count)
            memory = record + 1
            return true
        }
        guard let buffer else { return false }
        if position == available && !refill(buffer) {
            remaining = 0
            return false
        }
        key = buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        count = buffer.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self)
        position += PairRuns.recordBytes
        return true
    }

    private mutating func refill(_ buffer: UnsafeMutableRawPointer) -> Bool {
        let wanted = min(remaining + 1, PairRuns.bufferBytes / PairRuns.recordBytes) * PairRuns.recordBytes
        var got = 0
        while got < wanted {
            let n = SpillFile.readSome(fd, buffer + got, wanted - got, at: offset + Int64(got))
            if n <= 0 {
                failure = n < 0 ? SpillFile.lastFailure() : "a temporary file of word pairs ended early"
                return false
            }
            got += n
        }
        offset += Int64(got)
        position = 0
        available = got
        return true
    }
}

/// Merges sorted sources into one sequence in key order, adding up the counts of equal keys: a
/// binary min-heap of source indices, ordered by each source's current key.
struct RunMerge {
    private let cursors: UnsafeMutablePointer<RunCursor>
    private let sourceCount: Int
    private let heap: UnsafeMutablePointer<Int>
    private var size = 0

    init(_ sources: [RunCursor]) {
        sourceCount = sources.count
        cursors = .allocate(capacity: max(sourceCount, 1))
        cursors.initialize(from: sources, count: sourceCount)
        heap = .allocate(capacity: max(sourceCount, 1))
        for s in 0..<sourceCount where cursors[s].advance() {
            heap[size] = s
            size += 1
            var i = size - 1
            while i > 0 && key(i) < key((i - 1) / 2) {
                (heap[i], heap[(i - 1) / 2]) = (heap[(i - 1) / 2], heap[i])
                i = (i - 1) / 2
            }
        }
    }

    @inline(__always) private func key(_ i: Int) -> UInt64 { cursors[heap[i]].key }

    /// Calls `body` with every key, once, in order, with its counts added up (held at `UInt32.max`).
    mutating func forEach(_ body: (UInt64, UInt32) -> Void) {
        while size > 0 {
            let top = cursors[heap[0]]
            var total = top.count
            advanceTop()
            while size > 0 && key(0) == top.key {
                let (sum, overflow) = total.addingReportingOverflow(cursors[heap[0]].count)
                total = overflow ? UInt32.max : sum
                advanceTop()
            }
            body(top.key, total)
        }
    }

    /// Frees the merge's memory; the first source's read failure, if any.
    func finish() -> String? {
        var failure: String?
        for s in 0..<sourceCount {
            failure = failure ?? cursors[s].failure
            cursors[s].release()
        }
        cursors.deinitialize(count: sourceCount)
        cursors.deallocate()
        heap.deallocate()
        return failure
    }

    /// Moves the source on top to its next record, or drops it at its end, and restores the heap.
    @inline(__always)
    private mutating func advanceTop() {
        if !cursors[heap[0]].advance() {
            size -= 1
            heap[0] = heap[size]
            if size == 0 { return }
        }
        var i = 0
        while true {
            let left = 2 * i + 1
            guard left < size else { return }
            var child = left
            if left + 1 < size && key(left + 1) < key(left) { child = left + 1 }
            guard key(child) < key(i) else { return }
            (heap[i], heap[child]) = (heap[child], heap[i])
            i = child
        }
    }
}
