/// How deep each pixel lies inside the allowed area (chamfer distance to the nearest forbidden pixel
/// or the canvas edge), with a coarse grid of maxima for bounding a region's depth quickly. Searching
/// deepest first makes a cloud grow from the inside of its shape outward, along its outline.
struct ShapeDepth: Sendable {
    let width: Int
    let height: Int
    /// Depth per pixel (chamfer 3-4 units: 3 per straight step), row by row, with a border of one
    /// zero pixel all round: pixel (x, y) is at `(y + 1) * (width + 2) + x + 1`.
    let values: [Int32]
    /// Side of a cell of the maxima grid.
    static let cell = 16
    let cellsX: Int
    let cellsY: Int
    /// Largest depth in each cell.
    let cellMax: [Int32]
    /// The deepest pixel (the first in reading order among equals).
    let deepest: (x: Int, y: Int)

    init(allowed: BitMask) {
        width = allowed.width
        height = allowed.height
        let w = width, h = height
        let far = Int32.max / 4
        // Two-pass chamfer distance; outside the canvas counts as forbidden (depth 0). The values
        // carry a border of zeros, so no pixel needs its neighbours' coordinates checked.
        let pw = w + 2
        var d = [Int32](repeating: 0, count: pw * (h + 2))
        d.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for k in 0..<allowed.wordsPerRow {
                    var word = allowed.words[y * allowed.wordsPerRow + k]
                    while word != 0 {
                        let b = word.trailingZeroBitCount
                        word &= word - 1
                        p[(y + 1) * pw + k * 64 + b + 1] = far
                    }
                }
            }
            for y in 1..<(h + 1) {
                let row = y * pw
                for i in (row + 1)..<(row + w + 1) {
                    var v = p[i]
                    if v == 0 { continue }
                    // Two-argument mins: the variadic one builds an array.
                    v = min(v, p[i - 1] &+ 3)
                    v = min(v, p[i - pw] &+ 3)
                    v = min(v, p[i - pw - 1] &+ 4)
                    v = min(v, p[i - pw + 1] &+ 4)
                    p[i] = v
                }
            }
            for y in Swift.stride(from: h, through: 1, by: -1) {
                let row = y * pw
                for i in Swift.stride(from: row + w, through: row + 1, by: -1) {
                    var v = p[i]
                    if v == 0 { continue }
                    v = min(v, p[i + 1] &+ 3)
                    v = min(v, p[i + pw] &+ 3)
                    v = min(v, p[i + pw + 1] &+ 4)
                    v = min(v, p[i + pw - 1] &+ 4)
                    p[i] = v
                }
            }
        }
        values = d
        let cell = Self.cell
        let cellsX = (w + cell - 1) / cell
        self.cellsX = cellsX
        cellsY = (h + cell - 1) / cell
        var cm = [Int32](repeating: 0, count: cellsX * cellsY)
        var deepestIndex = 0, deepestValue = Int32.min
        d.withUnsafeBufferPointer { d in
            cm.withUnsafeMutableBufferPointer { cm in
                for y in 0..<h {
                    let cellRow = (y / cell) * cellsX, row = (y + 1) * pw + 1
                    for cx in 0..<cellsX {
                        var m = cm[cellRow + cx]
                        for x in (cx * cell)..<min(w, cx * cell + cell) {
                            let v = d[row + x]
                            m = max(m, v)
                            // The first pixel in reading order among the deepest.
                            if v > deepestValue { deepestValue = v; deepestIndex = y * w + x }
                        }
                        cm[cellRow + cx] = m
                    }
                }
            }
        }
        cellMax = cm
        deepest = (deepestIndex % max(1, w), deepestIndex / max(1, w))
    }

    /// Depth of a pixel (0 outside the allowed area or the canvas).
    @inline(__always)
    func value(x: Int, y: Int) -> Int32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return values[(y + 1) * (width + 2) + x + 1]
    }

    /// An upper bound of the depth over pixels `x0...x1` × `y0...y1`.
    func maxValue(x0: Int, y0: Int, x1: Int, y1: Int) -> Int32 {
        let cx0 = max(0, x0 / Self.cell), cx1 = min(cellsX - 1, x1 / Self.cell)
        let cy0 = max(0, y0 / Self.cell), cy1 = min(cellsY - 1, y1 / Self.cell)
        guard cx0 <= cx1, cy0 <= cy1 else { return 0 }
        var m: Int32 = 0
        for cy in cy0...cy1 { for cx in cx0...cx1 { m = max(m, cellMax[cy * cellsX + cx]) } }
        return m
    }
}
