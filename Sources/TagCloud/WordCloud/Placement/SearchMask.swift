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
            of: UInt64.self, capacity: max(1, mask.height + mask.words.count + mask.wordsPerRow)) { block in
            Self.rowOrderAndProbes(mask, scratch: block.baseAddress!)
        }
        rowProbes = Self.rowProbes(mask)
    }

    /// The rows in testing order and the column probes of `mask`, worked out in `scratch`, which
    /// holds the row keys, then the runs (a copy of the mask, AND-ed down level by level), then `any`.
    private static func rowOrderAndProbes(_ mask: BitMask, scratch: UnsafeMutablePointer<UInt64>) -> ([Int32], [Probe]) {
        let width = mask.width, height = mask.height, mw = mask.wordsPerRow
        // Densest first, ties top first: one integer key per row (ink above, the row reversed below),
        // so the sort compares plain integers (all distinct).
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

        // For each power-of-two length L, the rows AND-ed L at a time mark the columns with a vertical
        // run of at least L starting there; the longest such run in each of up to eight sections of
        // the width becomes a probe (spread-out probes reject most positions in crowded regions).
        let sections = min(8, max(1, width / 4))
        let runs = scratch + height, any = runs + mask.words.count
        mask.words.withUnsafeBufferPointer { if let base = $0.baseAddress { runs.initialize(from: base, count: $0.count) } }
        let probes = withUnsafeTemporaryAllocation(of: (column: Int, start: Int, length: Int).self, capacity: sections) { best in
            best.initialize(repeating: (0, 0, 0))
            var length = 1
            // `any` holds the OR of the rows where runs of `length` start: for length 1 the mask's
            // rows; after that it is gathered by the pass that AND-s the rows down.
            for k in 0..<mw { any[k] = 0 }
            for y in 0..<height { for k in 0..<mw { any[k] |= runs[y &* mw &+ k] } }
            while length <= (2 << OccupancyMap.topLevel) && height >= length {
                var found = false
                for sec in 0..<sections {
                    // The first column of this section with a run of L, and the first row where it starts.
                    let c0 = sec * width / sections, c1 = (sec + 1) * width / sections
                    var c = c0
                    while c < c1 {
                        let k = c >> 6, b = c & 63
                        let w = any[k] &>> UInt64(b)
                        if w == 0 { c = (k + 1) << 6; continue }
                        c += w.trailingZeroBitCount
                        break
                    }
                    guard c < c1 else { continue }
                    found = true
                    let k = c >> 6, bit = UInt64(1) &<< UInt64(c & 63)
                    var y = 0
                    while runs[y &* mw &+ k] & bit == 0 { y += 1 }
                    best[sec] = (c, y, length)
                }
                if !found { break }
                // Runs of twice the length: a run of 2L starts at y when runs of L start at y and y + L.
                let next = height - 2 * length + 1
                if next <= 0 { break }
                for k in 0..<mw { any[k] = 0 }
                for y in 0..<next {
                    for k in 0..<mw {
                        let v = runs[y &* mw &+ k] & runs[(y &+ length) &* mw &+ k]
                        runs[y &* mw &+ k] = v
                        any[k] |= v
                    }
                }
                length *= 2
            }
            // Longest first, then leftmost (sections run left to right); runs shorter than two
            // pixels say little.
            var kept = 0
            for sec in 0..<sections where best[sec].length >= 2 {
                let b = best[sec]
                var i = kept
                while i > 0 && best[i - 1].length < b.length { best[i] = best[i - 1]; i -= 1 }
                best[i] = b
                kept += 1
            }
            var list = [Probe](specializedRepeating: Probe(column: 0, level: 0, rowA: 0, rowB: 0), count: kept)
            list.withUnsafeMutableBufferPointer { out in
                for i in 0..<kept {
                    let b = best[i]
                    let w = windows(start: b.start, length: b.length)
                    out[i] = Probe(column: b.column, level: w.level, rowA: w.first, rowB: w.second)
                }
            }
            return list
        }
        return (rowOrder, probes)
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

extension SearchMask {
    /// For each of up to three bands of rows, the longest horizontal run of ink in it (the first
    /// among equals), as probes of the horizontal pyramid; runs shorter than two pixels say little.
    static func rowProbes(_ mask: BitMask) -> [RowProbe] {
        let height = mask.height, mw = mask.wordsPerRow
        let bands = min(3, height)
        guard bands > 0 else { return [] }
        // At most three: kept in a fixed tuple, so no array is made until the result.
        var found: ((row: Int, start: Int, length: Int), (row: Int, start: Int, length: Int),
                    (row: Int, start: Int, length: Int)) = ((0, 0, 0), (0, 0, 0), (0, 0, 0))
        var kept = 0
        mask.words.withUnsafeBufferPointer { m in
            for band in 0..<bands {
                var best = (row: 0, start: 0, length: 0)
                for y in (band * height / bands)..<((band + 1) * height / bands) {
                    // Runs of ones, word by word, carrying a run across word boundaries.
                    var open = -1
                    for k in 0..<mw {
                        var v = m[y * mw + k]
                        let base = k << 6
                        if open >= 0 {
                            let end = (~v).trailingZeroBitCount
                            if end == 64 { continue }
                            if base + end - open > best.length { best = (y, open, base + end - open) }
                            open = -1
                            v &= ~0 << UInt64(end)
                        }
                        while v != 0 {
                            let start = v.trailingZeroBitCount
                            let end = (~v & (~0 << UInt64(start))).trailingZeroBitCount
                            if end == 64 { open = base + start; break }
                            if end - start > best.length { best = (y, base + start, end - start) }
                            v &= ~0 << UInt64(end)
                        }
                    }
                    if open >= 0, mask.width - open > best.length { best = (y, open, mask.width - open) }
                }
                guard best.length >= 2 else { continue }
                // Longest first, then topmost (bands run top to bottom).
                withUnsafeMutableBytes(of: &found) { raw in
                    let list = raw.bindMemory(to: (row: Int, start: Int, length: Int).self)
                    var i = kept
                    while i > 0 && list[i - 1].length < best.length { list[i] = list[i - 1]; i -= 1 }
                    list[i] = best
                }
                kept += 1
            }
        }
        return withUnsafeBytes(of: found) { raw in
            let list = raw.bindMemory(to: (row: Int, start: Int, length: Int).self)
            return (0..<kept).map { i in
                let p = list[i]
                let w = windows(start: p.start, length: p.length)
                return RowProbe(row: p.row, level: w.level, columnA: w.first, columnB: w.second)
            }
        }
    }
}
