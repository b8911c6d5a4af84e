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

/// How candidate positions are ordered.
public enum SearchStrategy: String, Hashable, Codable, Sendable, CaseIterable {
    /// Nearest first along an elliptical (Archimedean) spiral stretched to the canvas; inside a shape,
    /// deepest first, so the cloud grows from the shape's interior and follows its outline.
    case archimedean
    /// Nearest first in rectangular rings.
    case rectangular
    /// Uniformly at random among free positions (the look of the Python wordcloud package).
    case random
}

extension OccupancyMap {
    /// One 64-bit window a probe reads, for positions in row 0 and word column 0: where it starts in
    /// `pyramid`, the word column it reads (to treat words past the right edge as taken) and the
    /// bit shift within the word. Positions in row `y`, word column `t` read `y * stride + t` further.
    struct Window {
        var offset: Int
        var word: Int
        var shift: UInt64
    }

    /// Calls `body` with the windows of `search`'s probes on this map, row probes first (the longest
    /// row run is the probe most often blocked in a crowded region), then the column probes. The
    /// list lives on the stack for the call: a search makes it every time, and a new array each
    /// time cost a look-up of the array's type in the runtime besides the allocation.
    func withWindows<R>(_ search: SearchMask, _ body: (UnsafeBufferPointer<Window>) -> R) -> R {
        let count = 2 * (search.rowProbes.count + search.probes.count)
        return withUnsafeTemporaryAllocation(of: Window.self, capacity: count) { out in
            var i = 0
            func put(_ w: Window) { out.baseAddress!.advanced(by: i).initialize(to: w); i += 1 }
            for probe in search.rowProbes {
                let base = rowLevelStart(probe.level) + probe.row * stride
                put(Window(offset: base + (probe.columnA >> 6), word: probe.columnA >> 6, shift: UInt64(probe.columnA & 63)))
                put(Window(offset: base + (probe.columnB >> 6), word: probe.columnB >> 6, shift: UInt64(probe.columnB & 63)))
            }
            for probe in search.probes {
                let base = probe.level * levelSize + (probe.column >> 6)
                let word = probe.column >> 6, shift = UInt64(probe.column & 63)
                put(Window(offset: base + probe.rowA * stride, word: word, shift: shift))
                put(Window(offset: base + probe.rowB * stride, word: word, shift: shift))
            }
            return body(UnsafeBufferPointer(rebasing: out[0..<i]))
        }
    }

    /// The positions `64 t ..< 64 t + n` of row `y` (bit i = position 64 t + i) where every window
    /// finds free pixels; `p` is `pyramid`. `inside` says that every window word and the one after
    /// it lie inside the map (`t` plus the farthest window's word plus one is below `stride`), so no
    /// word past the right edge needs standing in for; callers pass it as a literal, so each use
    /// compiles to a loop of its own.
    @inline(__always)
    static func freeBits(_ p: UnsafeBufferPointer<UInt64>, _ windows: UnsafeBufferPointer<Window>, stride: Int,
                         row y: Int, tile t: Int, count n: Int, inside: Bool = false) -> UInt64 {
        // Wrapping arithmetic and masking shifts: every index and shift here is in range by
        // construction, and the checks would cost as much as the work.
        var blocked: UInt64 = 0
        let rowOffset = y &* stride &+ t
        for w in windows {
            let q = t &+ w.word, i = w.offset &+ rowOffset
            let lo: UInt64 = inside || q < stride ? p[i] : ~0
            if w.shift == 0 {
                blocked |= lo
            } else {
                let hi: UInt64 = inside || q &+ 1 < stride ? p[i &+ 1] : ~0
                blocked |= (lo &>> w.shift) | (hi &<< (64 &- w.shift))
            }
            if blocked == ~0 { return 0 }
        }
        return n < 64 ? ~blocked & ((UInt64(1) &<< UInt64(n)) &- 1) : ~blocked
    }

    /// The pixel test of `mask` (`m`, its words) at (`x`, `y`) over its rows in the order given;
    /// `p` is `pyramid`. Returns where in `rows` the first colliding row is, or -1 when none collides.
    @inline(__always)
    static func collision(_ p: UnsafeBufferPointer<UInt64>, stride: Int, mask m: UnsafeBufferPointer<UInt64>,
                          wordsPerRow mw: Int, rows: UnsafeMutableBufferPointer<Int32>, x: Int, y: Int) -> Int {
        let q = x >> 6, s = UInt64(x & 63)
        for index in 0..<rows.count {
            let r = Int(rows[index])
            let row = (y &+ r) &* stride &+ q
            let mrow = r &* mw
            for j in 0..<mw {
                let w = m[mrow &+ j]
                if w == 0 { continue }
                if p[row &+ j] & (w &<< s) != 0 { return index }
                if s != 0 {
                    let hi = w &>> (64 &- s)
                    if hi != 0 && p[row &+ j &+ 1] & hi != 0 { return index }
                }
            }
        }
        return -1
    }
}

/// The positions searched for one word, in order, and the test at each.
///
/// Top-left positions are grouped into tiles of 64 columns (one occupancy word) by 8 rows. Each tile
/// gets a lower bound of the search key (distance from the start, or negated depth inside a shape)
/// over its positions; tiles are visited in order of that bound, every position in a tile that passes
/// the probe filter and beats the best key so far gets the pixel test, and the search ends once no
/// tile left can beat the best. The result is the exact best position, found without visiting the
/// crowded tiles one position at a time.
struct PlacementSearch {
    let map: OccupancyMap
    let strategy: SearchStrategy
    /// Depth of each canvas pixel inside the shape, when the words are placed in a shape.
    let depth: ShapeDepth?

    /// Tile orders already worked out for this map, or nil to work each out afresh.
    var plans: PlanCache? = nil

    /// Rows per tile: the occupancy map's block height, so a tile's positions lie in one row of
    /// its full blocks (the tile skip reads one block row).
    static let tileHeight = OccupancyMap.blockHeight
    static let buckets = 128

    /// The tiles of one search in visiting order: their key bounds, bucketed.
    struct Plan {
        /// Only whole-map plans are remembered, so the mask's size (which sets the tiles on a
        /// given map) and the start are the whole key.
        struct Key: Hashable {
            var width: Int
            var height: Int
            var startX: UInt64
            var startY: UInt64
        }
        var bounds: [Double]
        /// Where each bucket's tiles start in `order` (one more entry than buckets).
        var counts: [Int]
        var order: [Int32]
        var lo: Double
        var width: Double
    }

    /// Whole-map plans by mask size and start, for one map, strategy and shape. A class, so the
    /// searches of a layout (each a new `PlacementSearch`) share it; used by one thread.
    final class PlanCache {
        fileprivate(set) var plans: [Plan.Key: Plan] = [:]
        private static let limit = 4096

        init() {}

        fileprivate func remember(_ plan: Plan, for key: Plan.Key) {
            if plans.count >= Self.limit { plans.removeAll(keepingCapacity: true) }
            plans[key] = plan
        }
    }

    /// A found position and its key (smaller is better).
    struct Found {
        var x: Int
        var y: Int
        var key: Double
    }

    /// Top-left position for `search`'s mask whose centre is nearest the start (deepest inside a
    /// shape), or nil when it fits nowhere. With `near`, only positions in the tiles around that
    /// point are considered. With `firstFit`, the first fit found is taken: it lies in one of the
    /// best tiles, but not always at the best position of all; the search then ends at once
    /// instead of visiting every tile that might still hold a better one. Only positions whose key
    /// is below `better` are considered: given the key of a fit already known, tiles that cannot
    /// beat it are never visited.
    func nearest(_ search: SearchMask, startX sx: Double, startY sy: Double,
                 near: (x: Int, y: Int, radius: Int)? = nil, firstFit: Bool = false,
                 better: Double = .infinity) -> Found? {
        let m = search.mask
        let maxX = map.width - m.width, maxY = map.height - m.height
        guard maxX >= 0, maxY >= 0 else { return nil }
        let th = Self.tileHeight
        let tilesX = maxX / 64 + 1, tilesY = maxY / th + 1
        let ranking = Ranking(self, width: m.width, height: m.height, startX: sx, startY: sy)
        @inline(__always) func key(_ x: Int, _ y: Int) -> Double { ranking.key(x, y) }
        func bound(_ tx: Int, _ ty: Int) -> Double {
            let x0 = tx * 64, y0 = ty * th
            return ranking.bound(x0: x0, y0: y0, x1: min(maxX, x0 + 63), y1: min(maxY, y0 + th - 1))
        }

        // Only tiles around `near` when given (a window of about `radius` tiles each way). Constants,
        // so the functions below read them without the runtime's exclusivity checks.
        let (tx0, tx1, ty0, ty1): (Int, Int, Int, Int) = {
            guard let p = near else { return (0, tilesX - 1, 0, tilesY - 1) }
            let cx = max(0, min(tilesX - 1, p.x / 64)), cy = max(0, min(tilesY - 1, p.y / th))
            let rx = max(1, p.radius / 4)
            return (max(0, cx - rx), min(tilesX - 1, cx + rx), max(0, cy - p.radius), min(tilesY - 1, cy + p.radius))
        }()
        let spanX = tx1 - tx0 + 1, tiles = spanX * (ty1 - ty0 + 1)
        let n = Self.buckets
        // Bucket the tiles by their bound, into `bounds` (one per tile), `counts` (where each
        // bucket's tiles start in `order`, n + 1 of them) and `order` (the tiles in visiting order).
        func makePlan(_ bounds: UnsafeMutableBufferPointer<Double>, _ counts: UnsafeMutableBufferPointer<Int>,
                      _ order: UnsafeMutableBufferPointer<Int32>) -> (lo: Double, width: Double) {
            var lo = Double.infinity, hi = -Double.infinity
            for ty in ty0...ty1 {
                for tx in tx0...tx1 {
                    let b = bound(tx, ty)
                    bounds[(ty - ty0) * spanX + tx - tx0] = b
                    lo = min(lo, b); hi = max(hi, b)
                }
            }
            let width = max(1e-9, (hi - lo) / Double(n))
            @inline(__always) func bucket(_ b: Double) -> Int { min(n - 1, Int((b - lo) / width)) }
            // Counting sort of the tiles by bucket, in tile order within one (the visiting order).
            for i in 0...n { counts[i] = 0 }
            for t in 0..<tiles { counts[bucket(bounds[t]) + 1] += 1 }
            for i in 0..<n { counts[i + 1] += counts[i] }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { fill in
                for i in 0..<n { fill[i] = counts[i] }
                for t in 0..<tiles {
                    let k = bucket(bounds[t])
                    order[fill[k]] = Int32(t)
                    fill[k] += 1
                }
            }
            return (lo, width)
        }

        func visit(_ bounds: UnsafeBufferPointer<Double>, _ counts: UnsafeBufferPointer<Int>,
                   _ order: UnsafeBufferPointer<Int32>, lo: Double, width: Double) -> Found? {
            // The visit, with every array read through a pointer: this loop is most of a layout's time.
            var found = false, bestX = 0, bestY = 0, bestKey = better
            let stride = map.stride, mw = m.wordsPerRow
            // Inside a shape a position's key is the depth under the mask's centre: the depth row is
            // found once per map row, and each position reads one value from it (the same value
            // `key` returns, as every centre of this search lies on the depth grid).
            let depthValues = depth?.values ?? []
            let depthShift = depth?.shift ?? 0, depthStride = (depth?.width ?? 0) + 2
            let depthRows = depth.map { (maxX + ranking.ihw) >> $0.shift < $0.width
                && (maxY + ranking.ihh) >> $0.shift < $0.height } ?? false
            let ihw = ranking.ihw, ihh = ranking.ihh
            // The first ink pixel of the mask's top row: a position needs the pixel under it free,
            // so a tile whose pixels under it, across the tile, all lie in full blocks has no room.
            var firstInk = -1
            for k in 0..<m.wordsPerRow where m.words[k] != 0 {
                firstInk = k * 64 + m.words[k].trailingZeroBitCount
                break
            }
            depthValues.withUnsafeBufferPointer { dv in map.fullBlocks.withUnsafeBufferPointer { full in
                map.pyramid.withUnsafeBufferPointer { p in
                    map.withWindows(search) { win in
                        // Tiles left of this one have every window word inside the map.
                        var farthest = 0
                        for w in win { farthest = max(farthest, w.word) }
                        let insideBelow = stride - 1 - farthest
                        m.words.withUnsafeBufferPointer { mask in
                            // The rows in a working order of this search's own: a row that collides moves to
                            // the front, since the positions tested next lie close by and tend to hit the same
                            // ink.
                            withUnsafeTemporaryAllocation(of: Int32.self, capacity: search.rowOrder.count) { rows in
                                _ = rows.initialize(from: search.rowOrder)
                                for k in 0..<n {
                                    if bestKey <= lo + Double(k) * width { break }
                                    for i in counts[k]..<counts[k + 1] {
                                        let t = Int(order[i])
                                        if bestKey <= bounds[t] { continue }
                                        let tx = tx0 + t % spanX, ty = ty0 + t / spanX
                                        let x0 = tx * 64, count = min(maxX, x0 + 63) - x0 + 1
                                        if firstInk >= 0 {
                                            let row = ty &* stride
                                            let a = (x0 &+ firstInk) &>> 6, b = (x0 &+ firstInk &+ count &- 1) &>> 6
                                            if full[row &+ a] != 0 && full[row &+ b] != 0 { continue }
                                        }
                                        let inside = tx < insideBelow
                                        for y in (ty * th)...min(maxY, ty * th + th - 1) {
                                            var free = inside
                                                ? OccupancyMap.freeBits(p, win, stride: stride, row: y, tile: tx,
                                                                        count: count, inside: true)
                                                : OccupancyMap.freeBits(p, win, stride: stride, row: y, tile: tx,
                                                                        count: count)
                                            if free == 0 { continue }
                                            var depthRow: UnsafePointer<Int16>? = nil
                                            if depthRows {
                                                let gridRow: Int = ((y &+ ihh) &>> depthShift) &+ 1
                                                depthRow = dv.baseAddress! + (gridRow &* depthStride &+ 1)
                                            }
                                            while free != 0 {
                                                let x = x0 + free.trailingZeroBitCount
                                                free &= free - 1
                                                let kx: Double
                                                if let depthRow {
                                                    kx = -Double(depthRow[(x &+ ihw) &>> depthShift])
                                                } else {
                                                    kx = key(x, y)
                                                }
                                                if bestKey <= kx { continue }
                                                let hit = OccupancyMap.collision(p, stride: stride, mask: mask,
                                                                                 wordsPerRow: mw, rows: rows, x: x, y: y)
                                                if hit < 0 {
                                                    found = true; bestX = x; bestY = y; bestKey = kx
                                                    if firstFit { return }
                                                } else if hit > 0 {
                                                    let r = rows[hit]
                                                    var j = hit
                                                    while j > 0 { rows[j] = rows[j &- 1]; j &-= 1 }
                                                    rows[0] = r
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            } }
            return found ? Found(x: bestX, y: bestY, key: bestKey) : nil
        }

        guard near == nil else {
            // A window around a coarse fit is the fit's own and never comes back: its plan is made
            // on the stack for this search alone.
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: tiles) { bounds in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { counts in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: tiles) { order in
                        let (lo, width) = makePlan(bounds, counts, order)
                        return visit(UnsafeBufferPointer(bounds), UnsafeBufferPointer(counts), UnsafeBufferPointer(order),
                                     lo: lo, width: width)
                    }
                }
            }
        }
        // The tiles, their bounds and their order depend only on the mask's size and the start,
        // which repeat from word to word.
        let planKey = Plan.Key(width: m.width, height: m.height, startX: sx.bitPattern, startY: sy.bitPattern)
        let plan: Plan
        if let known = plans?.plans[planKey] {
            plan = known
        } else {
            var bounds = [Double](specializedRepeating: 0, count: tiles)
            var counts = [Int](specializedRepeating: 0, count: n + 1)
            var order = [Int32](specializedRepeating: 0, count: tiles)
            let (lo, width) = bounds.withUnsafeMutableBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { c in order.withUnsafeMutableBufferPointer { o in makePlan(b, c, o) } }
            }
            plan = Plan(bounds: bounds, counts: counts, order: order, lo: lo, width: width)
            plans?.remember(plan, for: planKey)
        }
        return plan.bounds.withUnsafeBufferPointer { b in
            plan.counts.withUnsafeBufferPointer { c in
                plan.order.withUnsafeBufferPointer { o in visit(b, c, o, lo: plan.lo, width: plan.width) }
            }
        }
    }

    /// The key `nearest` ranks the position of a `width`×`height` mask by.
    func key(x: Int, y: Int, width: Int, height: Int, startX sx: Double, startY sy: Double) -> Double {
        Ranking(self, width: width, height: height, startX: sx, startY: sy).key(x, y)
    }

    /// How positions of one mask size are ranked from one start: the key of a top-left position
    /// (smaller is better) and a lower bound of it over a block of positions. One definition for
    /// the search and for its callers, so a key handed back as `better` compares exactly.
    struct Ranking {
        let depth: ShapeDepth?
        let rectangular: Bool
        /// Half the mask's size, as reals (to the centre) and whole pixels (to the depth looked up).
        let hw: Double, hh: Double
        let ihw: Int, ihh: Int
        /// The start, and the stretch that makes the spiral follow the canvas's aspect.
        let sx: Double, sy: Double
        let ex: Double, ey: Double

        init(_ search: PlacementSearch, width: Int, height: Int, startX: Double, startY: Double) {
            depth = search.depth
            rectangular = search.strategy == .rectangular
            hw = Double(width) / 2; hh = Double(height) / 2
            ihw = width / 2; ihh = height / 2
            sx = startX; sy = startY
            let big = Double(max(search.map.width, search.map.height))
            ex = big / Double(search.map.width); ey = big / Double(search.map.height)
        }

        @inline(__always)
        func key(_ x: Int, _ y: Int) -> Double {
            if let depth { return -Double(depth.value(x: x + ihw, y: y + ihh)) }
            return distance((Double(x) + hw - sx) * ex, (Double(y) + hh - sy) * ey)
        }

        /// A lower bound of `key` over top-left positions `x0...x1` × `y0...y1`.
        func bound(x0: Int, y0: Int, x1: Int, y1: Int) -> Double {
            if let depth { return -Double(depth.maxValue(x0: x0 + ihw, y0: y0 + ihh, x1: x1 + ihw, y1: y1 + ihh)) }
            let cx = min(max(sx, Double(x0) + hw), Double(x1) + hw), cy = min(max(sy, Double(y0) + hh), Double(y1) + hh)
            return distance((cx - sx) * ex, (cy - sy) * ey)
        }

        @inline(__always)
        private func distance(_ dx: Double, _ dy: Double) -> Double {
            rectangular ? max(dx.magnitude, dy.magnitude) : dx * dx + dy * dy
        }
    }

    /// A position drawn uniformly from up to `samples` free candidates (reservoir sampling over the
    /// whole canvas), or nil when none of them fits.
    func random(_ search: SearchMask, rng: inout SeededRandom, samples: Int = 48) -> (x: Int, y: Int)? {
        let m = search.mask
        let maxX = map.width - m.width, maxY = map.height - m.height
        guard maxX >= 0, maxY >= 0 else { return nil }
        var reservoir: [(Int, Int)] = []
        reservoir.reserveCapacity(samples)
        var seen = 0
        let stride = map.stride
        map.pyramid.withUnsafeBufferPointer { p in
            map.withWindows(search) { win in
                for y in 0...maxY {
                    for x0 in Swift.stride(from: 0, through: maxX, by: 64) {
                        var free = OccupancyMap.freeBits(p, win, stride: stride, row: y, tile: x0 >> 6,
                                                         count: min(maxX, x0 + 63) - x0 + 1)
                        while free != 0 {
                            let x = x0 + free.trailingZeroBitCount
                            free &= free - 1
                            seen += 1
                            if reservoir.count < samples {
                                reservoir.append((x, y))
                            } else {
                                let r = rng.nextInt(below: seen)
                                if r < samples { reservoir[r] = (x, y) }
                            }
                        }
                    }
                }
            }
        }
        // Test the sample in a random order; the first that fits wins.
        while !reservoir.isEmpty {
            let (x, y) = reservoir.remove(at: rng.nextInt(below: reservoir.count))
            if !map.collides(search.mask, x: x, y: y, rows: search.rowOrder) { return (x, y) }
        }
        return nil
    }
}

