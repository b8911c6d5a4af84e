extension SearchMask {
    /// A solid rectangle of the mask, 2^`level` rows tall: a position fits only where the canvas
    /// has a run of free pixels that wide and tall under it, which `OccupancyMap.room` records per
    /// row of each word column.
    struct Core {
        /// Which of the room's heights (2^level rows).
        var level: Int
        /// Its top-left pixel in the mask.
        var row: Int
        var column: Int
        /// Its width, up to `OccupancyMap.roomCap` (the room records no wider run).
        var width: UInt8
    }

    /// For each of the room's heights no taller than the mask, the widest solid rectangle of ink
    /// that tall (the first among equals), while there is one.
    static func cores(_ mask: BitMask) -> [Core] {
        let height = mask.height, mw = mask.wordsPerRow
        guard height > 0, mw > 0 else { return [] }
        var cores: [Core] = []
        cores.reserveCapacity(OccupancyMap.roomHeights)
        mask.words.withUnsafeBufferPointer { m in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: m.count) { rows in
                // Row y of level k: the AND of mask rows y ..< y + 2^k.
                _ = rows.initialize(from: m)
                var tall = 1
                for level in 0..<OccupancyMap.roomHeights {
                    if level > 0 {
                        let half = tall
                        tall *= 2
                        guard tall <= height else { break }
                        for y in 0...(height - tall) {
                            for k in 0..<mw { rows[y &* mw &+ k] &= rows[(y &+ half) &* mw &+ k] }
                        }
                    }
                    var best = (row: 0, start: 0, length: 0)
                    for y in 0...(height - tall) {
                        let run = longestRun(UnsafeBufferPointer(rebasing: rows[(y * mw)..<(y * mw + mw)]))
                        if run.length > best.length { best = (y, run.start, run.length) }
                    }
                    if best.length == 0 { break }
                    cores.append(
                        Core(
                            level: level, row: best.row, column: best.start,
                            width: UInt8(min(best.length, OccupancyMap.roomCap))))
                }
            }
        }
        return cores
    }

    /// The first longest run of set bits in a row of words.
    static func longestRun(_ row: UnsafeBufferPointer<UInt64>) -> (start: Int, length: Int) {
        var best = (start: 0, length: 0)
        var open = -1
        for k in 0..<row.count {
            var v = row[k]
            let base = k << 6
            if open >= 0 {
                let end = (~v).trailingZeroBitCount
                if end == 64 { continue }
                if base + end - open > best.length { best = (open, base + end - open) }
                open = -1
                v &= ~0 << UInt64(end)
            }
            while v != 0 {
                let start = v.trailingZeroBitCount
                let end = (~v & (~0 << UInt64(start))).trailingZeroBitCount
                if end == 64 { open = base + start; break }
                if end - start > best.length { best = (base + start, end - start) }
                v &= ~0 << UInt64(end)
            }
        }
        if open >= 0, row.count * 64 - open > best.length { best = (open, row.count * 64 - open) }
        return best
    }
}
