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
        // Two-pass chamfer distance; outside the canvas counts as forbidden.
        d.withUnsafeMutableBufferPointer { d in
            func at(_ x: Int, _ y: Int) -> Int32 { x < 0 || y < 0 || x >= w || y >= h ? 0 : d[y * w + x] }
            for y in 0..<h {
                for x in 0..<w where d[y * w + x] > 0 {
                    d[y * w + x] = min(d[y * w + x], at(x - 1, y) + 3, at(x, y - 1) + 3, at(x - 1, y - 1) + 4, at(x + 1, y - 1) + 4)
                }
            }
            for y in stride(from: h - 1, through: 0, by: -1) {
                for x in stride(from: w - 1, through: 0, by: -1) where d[y * w + x] > 0 {
                    d[y * w + x] = min(d[y * w + x], at(x + 1, y) + 3, at(x, y + 1) + 3, at(x + 1, y + 1) + 4, at(x - 1, y + 1) + 4)
                }
            }
        }
        values = d
        cellsX = (w + Self.cell - 1) / Self.cell
        cellsY = (h + Self.cell - 1) / Self.cell
        var cm = [Int32](repeating: 0, count: cellsX * cellsY)
        for y in 0..<h {
            for x in 0..<w {
                let c = (y / Self.cell) * cellsX + x / Self.cell
                cm[c] = max(cm[c], d[y * w + x])
            }
        }
        cellMax = cm
        let i = d.indices.max { d[$0] < d[$1] || (d[$0] == d[$1] && $0 > $1) } ?? 0
        deepest = (i % max(1, w), i / max(1, w))
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
