/// A word mask made ready for searching: the mask (already grown by the margin) and a few "probe"
/// columns — the longest vertical runs of ink — whose free-run requirement the occupancy pyramid can
/// check for 64 positions at once. Only positions that pass every probe get the full pixel test.
final class SearchMask: Sendable {
    /// One column of the mask that must land on a vertical run of free pixels.
    struct Probe {
        /// Column in the mask.
        var column: Int
        /// Pyramid level whose window (2^level rows) is used.
        var level: Int
        /// Mask rows where the two windows start (they overlap to cover the run exactly).
        var rowA: Int
        var rowB: Int
    }

    /// One row of the mask that must land on a horizontal run of free pixels.
    struct RowProbe {
        /// Row in the mask.
        var row: Int
        /// Level of the horizontal pyramid whose window (2^level columns) is used.
        var level: Int
        /// Mask columns where the two windows start (they overlap to cover the run).
        var columnA: Int
        var columnB: Int
    }

    let mask: BitMask
    let probes: [Probe]
    /// The longest horizontal runs of ink in up to three bands of rows.
    let rowProbes: [RowProbe]
    /// Mask rows in the order the pixel test visits them: densest first, so a position that collides
    /// is usually rejected after a row or two.
    let rowOrder: [Int32]

    init(_ mask: BitMask) {
        self.mask = mask
        // Every mask of a layout is made ready here, most of them small, so the work is done in
        // one scratch block with no intermediate arrays, on the stack unless the mask is large:
        // allocations cost more than the counting.
        (rowOrder, probes) = withUnsafeTemporaryAllocation(
            of: UInt64.self, capacity: max(1, mask.height + mask.words.count + mask.wordsPerRow)
        ) { block in
            Self.rowOrderAndProbes(mask, scratch: block.baseAddress!)
        }
        rowProbes = Self.rowProbes(mask)
    }

    /// The rows in testing order and the column probes of `mask`, worked out in `scratch`, which
    /// holds the row keys, then the runs (a copy of the mask, AND-ed down level by level), then `any`.
    private static func rowOrderAndProbes(_ mask: BitMask, scratch: UnsafeMutablePointer<UInt64>) -> ([Int32], [Probe]) {
        (rowOrder(mask, keys: scratch), columnProbes(mask, scratch: scratch + mask.height))
    }

    /// The inked rows of `mask`, densest first, ties top first, sorted in `keys` (room for a key per row).
    private static func rowOrder(_ mask: BitMask, keys scratch: UnsafeMutablePointer<UInt64>) -> [Int32] {
        let height = mask.height, mw = mask.wordsPerRow
        // One integer key per row (ink above, the row reversed below), so the sort compares plain
        // integers (all distinct).
        var inked = 0
        mask.words.withUnsafeBufferPointer { m in
            for y in 0..<height {
                var n = 0
                for k in 0..<mw { n &+= m[y &* mw &+ k].nonzeroBitCount }
                if n > 0 { scratch[inked] = UInt64(n) << 32 | UInt64(UInt32.max - UInt32(y)); inked += 1 }
            }
        }
        let keys = UnsafeMutableBufferPointer(start: scratch, count: inked)
        sortDescending(keys)
        var rowOrder = [Int32](specializedRepeating: 0, count: inked)
        rowOrder.withUnsafeMutableBufferPointer { out in
            for i in 0..<inked { out[i] = Int32(bitPattern: UInt32.max - UInt32(truncatingIfNeeded: keys[i])) }
        }
        return rowOrder
    }

    /// The two overlapping pyramid windows that together cover a run of ink of `length` from `start`
    /// (rows of a column probe, columns of a row probe): the largest level whose window (2^level)
    /// fits the run, up to the pyramid's top, the first window at the run's start and the second
    /// ending at its end (runs beyond two top-level windows are covered for that much).
    static func windows(start: Int, length: Int) -> (level: Int, first: Int, second: Int) {
        let length = min(length, 2 << OccupancyMap.topLevel)
        var level = 0
        while (2 << level) <= length && level < OccupancyMap.topLevel { level += 1 }
        return (level, start, start + length - (1 << level))
    }

    /// Sorts row keys (ink count in the high 32 bits, then the row reversed, made in row order)
    /// largest first: by insertion for the few rows of most masks, else by counting the ink counts
    /// (no more than the mask's width), which keeps equal counts in row order as the keys rank them.
    static func sortDescending(_ keys: UnsafeMutableBufferPointer<UInt64>) {
        if keys.count > 48 {
            var most = 0
            for k in keys { most = max(most, Int(k >> 32)) }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: most + 2) { start in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: keys.count) { sorted in
                    // start[most - c + 1] counts keys with ink count c, then becomes where they begin.
                    start.initialize(repeating: 0)
                    for k in keys { start[most - Int(k >> 32) + 1] += 1 }
                    for i in 1..<(most + 2) { start[i] += start[i - 1] }
                    for k in keys {
                        let slot = most - Int(k >> 32)
                        sorted[start[slot]] = k
                        start[slot] += 1
                    }
                    for i in 0..<keys.count { keys[i] = sorted[i] }
                }
            }
            return
        }
        for i in 1..<max(1, keys.count) {
            let v = keys[i]
            var j = i
            while j > 0 && keys[j - 1] < v { keys[j] = keys[j - 1]; j -= 1 }
            keys[j] = v
        }
    }
}
