/// How deep each pixel lies inside the allowed area (chamfer distance to the nearest forbidden pixel
/// or the canvas edge), with a coarse grid of maxima for bounding a region's depth quickly. Searching
/// deepest first makes a cloud grow from the inside of its shape outward, along its outline.
struct ShapeDepth: Sendable {
    /// Size of the grid the depths are kept on.
    let width: Int
    let height: Int
    /// Canvas pixels per grid pixel, as a power of two: a depth asked about canvas pixel (x, y) is
    /// that of grid pixel (x >> shift, y >> shift). The canvas's depths kept at half resolution cost
    /// a quarter as much to work out, and only order the positions a search visits.
    private(set) var shift: Int
    /// Depth per pixel (chamfer 3-4 units: 3 per straight step), row by row, with a border of one
    /// zero pixel all round: pixel (x, y) is at `(y + 1) * (width + 2) + x + 1`. Two bytes each,
    /// as a search reads them at scattered positions and half the bytes miss the cache half as
    /// often. On the grids layouts keep (half resolution and coarser) no depth reaches `far`:
    /// a pixel there is at most 8,192 steps from an edge (half of `WordCloudOptions.Limits.side`,
    /// halved), 24,576 units. A deeper one, on a finer grid, would count as `far`.
    let values: [Int16]
    /// Side of a cell of the maxima grid.
    static let cell = 16
    let cellsX: Int
    let cellsY: Int
    /// Largest depth in each cell.
    let cellMax: [Int32]
    /// The deepest pixel (the first in reading order among equals).
    let deepest: (x: Int, y: Int)

    /// The depths of the `allowed` grid, asked about in coordinates `1 << shift` times finer.
    init(allowed: BitMask, shift: Int = 0) {
        self.shift = shift
        width = allowed.width
        height = allowed.height
        let (v, rows) = Self.chamferDepths(allowed)
        values = v
        let cell = Self.cell
        cellsX = (width + cell - 1) / cell
        cellsY = (height + cell - 1) / cell
        (cellMax, deepest) = Self.cellMaxima(v, width: width, height: height, cellsX: cellsX, cellsY: cellsY, rows: rows)
    }

    /// The depth of each pixel of `allowed`, with a border of zeros, and the first and last rows
    /// holding an allowed pixel (first > last when there is none).
    ///
    /// Two-pass chamfer distance, worked out in the two-byte values themselves; outside the canvas
    /// counts as forbidden (depth 0), and the values carry a border of zeros, so no pixel needs its
    /// neighbours' coordinates checked. `far` stands for "not reached yet": a step from it (at most
    /// 4) still fits in an Int16, and no depth on the grids layouts keep comes near it.
    private static func chamferDepths(_ allowed: BitMask) -> ([Int16], rows: (first: Int, last: Int)) {
        let w = allowed.width, h = allowed.height
        let pw = w + 2
        var v = [Int16](repeating: 0, count: pw * (h + 2))
        var rows = (first: h, last: -1)
        v.withUnsafeMutableBufferPointer { p in
            allowed.words.withUnsafeBufferPointer { a in
                let base = p.baseAddress!
                rows = markAllowed(a, width: w, height: h, wordsPerRow: allowed.wordsPerRow, in: base)
                guard rows.first <= rows.last else { return }
                chamferPasses(a, width: w, wordsPerRow: allowed.wordsPerRow, rows: rows, in: base)
            }
        }
        return (v, rows)
    }

    /// Sets the allowed pixels of `a` to `far` in the depths at `base`; returns the first and last
    /// rows holding one.
    private static func markAllowed(
        _ a: UnsafeBufferPointer<UInt64>, width w: Int, height h: Int, wordsPerRow mw: Int,
        in base: UnsafeMutablePointer<Int16>
    ) -> (first: Int, last: Int) {
        let pw = w + 2, far = Self.far
        var rows = (first: h, last: -1)
        for y in 0..<h {
            let row = base + (y + 1) * pw + 1
            for k in 0..<mw {
                var word = a[y * mw + k]
                if word == 0 { continue }
                rows = (min(rows.first, y), y)
                if word == ~0 && k * 64 + 64 <= w {
                    for c in 0..<4 {
                        UnsafeMutableRawPointer(row + k * 64 + c * 16)
                            .storeBytes(of: SIMD16<Int16>(repeating: far), as: SIMD16<Int16>.self)
                    }
                    continue
                }
                while word != 0 {
                    row[k * 64 + word.trailingZeroBitCount] = far
                    word &= word - 1
                }
            }
        }
        return rows
    }

    /// The chamfer passes, down then up, over `rows` of the depths at `base`. Rows and 64-pixel runs
    /// without an allowed pixel stay 0 in both passes (depths are never negative, and a forbidden
    /// pixel is 0), so only the others are worked on. Each pass takes a run's pixels from the row
    /// before (or after) it, sixteen at a time, then runs along them, the one step that must go in order.
    private static func chamferPasses(
        _ a: UnsafeBufferPointer<UInt64>, width w: Int, wordsPerRow mw: Int,
        rows: (first: Int, last: Int), in base: UnsafeMutablePointer<Int16>
    ) {
        let pw = w + 2
        for y in rows.first...rows.last {
            let row = base + (y + 1) * pw + 1
            var left: Int16 = 0
            for k in 0..<mw {
                let from = k * 64, count = min(64, w - from)
                if a[y * mw + k] == 0 { left = 0; continue }
                Self.takeRow(row + from, from: row + from - pw, count: count)
                var i = from
                while i < from + count {
                    left = min(row[i], left &+ 3)
                    row[i] = left
                    i &+= 1
                }
            }
        }
        for y in Swift.stride(from: rows.last, through: rows.first, by: -1) {
            let row = base + (y + 1) * pw + 1
            var right: Int16 = 0
            for k in Swift.stride(from: mw - 1, through: 0, by: -1) {
                let from = k * 64, count = min(64, w - from)
                if a[y * mw + k] == 0 { right = 0; continue }
                Self.takeRow(row + from, from: row + from + pw, count: count)
                var i = from + count - 1
                while i >= from {
                    right = min(row[i], right &+ 3)
                    row[i] = right
                    i &-= 1
                }
            }
        }
    }

    /// The largest depth in each cell of the maxima grid, and the deepest pixel (the first in
    /// reading order among the deepest). Rows outside `rows` are all 0, as are their cells' maxima;
    /// the deepest pixel, when none is allowed, is the first.
    private static func cellMaxima(
        _ v: [Int16], width w: Int, height h: Int, cellsX: Int, cellsY: Int,
        rows: (first: Int, last: Int)
    ) -> ([Int32], deepest: (x: Int, y: Int)) {
        let cell = Self.cell, pw = w + 2
        var cm = [Int32](repeating: 0, count: cellsX * cellsY)
        var deepestIndex = 0, deepestValue: Int16 = 0
        if rows.first <= rows.last {
            v.withUnsafeBufferPointer { d in
                cm.withUnsafeMutableBufferPointer { cm in
                    let fullCells = w / cell
                    for y in rows.first...rows.last {
                        let cellRow = (y / cell) * cellsX
                        let row = d.baseAddress! + (y + 1) * pw + 1
                        var rowMax: Int16 = 0
                        // Whole cells sixteen pixels at a time; a last, partial cell pixel by pixel.
                        for cx in 0..<fullCells {
                            let m = UnsafeRawPointer(row + cx * cell).loadUnaligned(as: SIMD16<Int16>.self).max()
                            cm[cellRow + cx] = max(cm[cellRow + cx], Int32(m))
                            rowMax = max(rowMax, m)
                        }
                        if fullCells < cellsX {
                            var m: Int16 = 0
                            for x in (fullCells * cell)..<w { m = max(m, row[x]) }
                            cm[cellRow + fullCells] = max(cm[cellRow + fullCells], Int32(m))
                            rowMax = max(rowMax, m)
                        }
                        // The first pixel in reading order among the deepest: only rows that beat the
                        // best so far are looked at pixel by pixel.
                        if rowMax > deepestValue {
                            for x in 0..<w where row[x] > deepestValue {
                                deepestValue = row[x]
                                deepestIndex = y * w + x
                            }
                        }
                    }
                }
            }
        }
        return (cm, (deepestIndex % max(1, w), deepestIndex / max(1, w)))
    }

    /// The depth that stands for "not reached yet" while the depths are worked out, and the most
    /// any pixel can get: the largest from which a diagonal step (4) still fits in an Int16.
    static let far = Int16.max - 4

    /// `row[i] = min(row[i], other[i] + 3, other[i - 1] + 4, other[i + 1] + 4)` for `i` in `0..<count`:
    /// one chamfer step from the neighbouring row, sixteen pixels at a time.
    @inline(__always)
    private static func takeRow(_ row: UnsafeMutablePointer<Int16>, from other: UnsafeMutablePointer<Int16>, count: Int) {
        let straight = SIMD16<Int16>(repeating: 3), diagonal = SIMD16<Int16>(repeating: 4)
        var i = 0
        while i + 16 <= count {
            let here = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<Int16>.self)
            let up = UnsafeRawPointer(other + i).loadUnaligned(as: SIMD16<Int16>.self) &+ straight
            let before = UnsafeRawPointer(other + i - 1).loadUnaligned(as: SIMD16<Int16>.self) &+ diagonal
            let after = UnsafeRawPointer(other + i + 1).loadUnaligned(as: SIMD16<Int16>.self) &+ diagonal
            UnsafeMutableRawPointer(row + i).storeBytes(
                of: pointwiseMin(here, pointwiseMin(up, pointwiseMin(before, after))),
                as: SIMD16<Int16>.self)
            i += 16
        }
        while i < count {
            row[i] = min(row[i], min(other[i] &+ 3, min(other[i - 1] &+ 4, other[i + 1] &+ 4)))
            i += 1
        }
    }

    /// The same depths, asked about in coordinates `1 << shift` times finer than the grid.
    func asked(shift: Int) -> ShapeDepth {
        var depth = self
        depth.shift = shift
        return depth
    }

    /// Depth of a pixel (0 outside the allowed area or the canvas).
    @inline(__always)
    func value(x: Int, y: Int) -> Int32 {
        let x = x >> shift, y = y >> shift
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return Int32(values[(y + 1) * (width + 2) + x + 1])
    }

    /// An upper bound of the depth over pixels `x0...x1` × `y0...y1`.
    func maxValue(x0: Int, y0: Int, x1: Int, y1: Int) -> Int32 {
        let x0 = x0 >> shift, y0 = y0 >> shift, x1 = x1 >> shift, y1 = y1 >> shift
        let cx0 = max(0, x0 / Self.cell), cx1 = min(cellsX - 1, x1 / Self.cell)
        let cy0 = max(0, y0 / Self.cell), cy1 = min(cellsY - 1, y1 / Self.cell)
        guard cx0 <= cx1, cy0 <= cy1 else { return 0 }
        var m: Int32 = 0
        for cy in cy0...cy1 { for cx in cx0...cx1 { m = max(m, cellMax[cy * cellsX + cx]) } }
        return m
    }
}
