/// How deep each pixel lies inside the allowed area (chamfer distance to the nearest forbidden pixel
/// or the canvas edge), with a coarse grid of maxima for bounding a region's depth quickly. Searching
/// deepest first makes a cloud grow from the inside of its shape outward, along its outline.
struct ShapeDepth: Sendable {
    let width: Int
    let height: Int
    /// Depth per pixel (chamfer 3-4 units: 3 per straight step).
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
        var d = [Int32](repeating: 0, count: w * h)
        for y in 0..<h {
            for k in 0..<allowed.wordsPerRow {
                var word = allowed.words[y * allowed.wordsPerRow + k]
                while word != 0 {
                    let b = word.trailingZeroBitCount
                    word &= word - 1
                    d[y * w + k * 64 + b] = far
                }
            }
        }
        // Two-pass chamfer distance; outside the canvas counts as forbidden (depth 0), which the
        // edge cases below spell out instead of testing every neighbour's coordinates.
        d.withUnsafeMutableBufferPointer { d in
            for y in 0..<h {
                let row = y * w, up = row - w
                for x in 0..<w {
                    let i = row + x
                    var v = d[i]
                    if v == 0 { continue }
                    v = min(v, (x > 0 ? d[i - 1] : 0) + 3)
                    if y > 0 {
                        // Two-argument mins: the variadic one builds an array per pixel.
                        v = min(v, d[up + x] + 3)
                        v = min(v, (x > 0 ? d[up + x - 1] : 0) + 4)
                        v = min(v, (x + 1 < w ? d[up + x + 1] : 0) + 4)
                    } else {
                        v = min(v, 3)
                    }
                    d[i] = v
                }
            }
            for y in Swift.stride(from: h - 1, through: 0, by: -1) {
                let row = y * w, down = row + w
                for x in Swift.stride(from: w - 1, through: 0, by: -1) {
                    let i = row + x
                    var v = d[i]
                    if v == 0 { continue }
                    v = min(v, (x + 1 < w ? d[i + 1] : 0) + 3)
                    if y + 1 < h {
                        v = min(v, d[down + x] + 3)
                        v = min(v, (x + 1 < w ? d[down + x + 1] : 0) + 4)
                        v = min(v, (x > 0 ? d[down + x - 1] : 0) + 4)
                    } else {
                        v = min(v, 3)
                    }
                    d[i] = v
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
                    let cellRow = (y / cell) * cellsX
                    for cx in 0..<cellsX {
                        var m = cm[cellRow + cx]
                        for x in (cx * cell)..<min(w, cx * cell + cell) {
                            let v = d[y * w + x]
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
        return values[y * width + x]
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
