extension SearchMask {
    /// A column's longest vertical run of ink found so far in one section of the mask's width.
    typealias ColumnRun = (column: Int, start: Int, length: Int)

    /// The column probes of `mask`: for each power-of-two length L, the rows AND-ed L at a time mark
    /// the columns with a vertical run of at least L starting there; the longest such run in each of
    /// up to eight sections of the width becomes a probe (spread-out probes reject most positions
    /// in crowded regions). `scratch` holds the runs (a copy of the mask), then a row's worth of `any`.
    static func columnProbes(_ mask: BitMask, scratch runs: UnsafeMutablePointer<UInt64>) -> [Probe] {
        let sections = min(8, max(1, mask.width / 4))
        mask.words.withUnsafeBufferPointer { if let base = $0.baseAddress { runs.initialize(from: base, count: $0.count) } }
        return withUnsafeTemporaryAllocation(of: ColumnRun.self, capacity: sections) { best in
            best.initialize(repeating: (0, 0, 0))
            longestColumnRuns(mask, runs: runs, any: runs + mask.words.count, into: best)
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
    }

    /// For each section of the mask's width (one per element of `best`), the first column with the
    /// longest power-of-two vertical run of ink (up to two top-level pyramid windows) and the first
    /// row where it starts. `runs` (a copy of the mask) is AND-ed down level by level; `any` holds
    /// a row's worth of words.
    private static func longestColumnRuns(
        _ mask: BitMask, runs: UnsafeMutablePointer<UInt64>,
        any: UnsafeMutablePointer<UInt64>, into best: UnsafeMutableBufferPointer<ColumnRun>
    ) {
        let width = mask.width, height = mask.height, mw = mask.wordsPerRow, sections = best.count
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
    }

    /// For each of up to three bands of rows, the longest horizontal run of ink in it (the first
    /// among equals), as probes of the horizontal pyramid; runs shorter than two pixels say little.
    static func rowProbes(_ mask: BitMask) -> [RowProbe] {
        let height = mask.height, mw = mask.wordsPerRow
        let bands = min(3, height)
        guard bands > 0 else { return [] }
        // At most three: kept in a fixed tuple, so no array is made until the result.
        var found:
            (
                (row: Int, start: Int, length: Int), (row: Int, start: Int, length: Int),
                (row: Int, start: Int, length: Int)
            ) = ((0, 0, 0), (0, 0, 0), (0, 0, 0))
        var kept = 0
        mask.words.withUnsafeBufferPointer { m in
            for band in 0..<bands {
                var best = (row: 0, start: 0, length: 0)
                for y in (band * height / bands)..<((band + 1) * height / bands) {
                    let run = longestRun(UnsafeBufferPointer(rebasing: m[(y * mw)..<(y * mw + mw)]))
                    if run.length > best.length { best = (y, run.start, run.length) }
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
