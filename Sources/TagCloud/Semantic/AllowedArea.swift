/// How much of any rectangle of the canvas words may cover, in square pixels, in constant time: a
/// summed-area table of the coarse map's allowed cells. Regions of a shape are cut by this area,
/// not by their rectangles', so a group at the narrow tip of a heart gets as much room as it asks.
struct AllowedArea {
    /// Allowed cells above and left of each cell corner, (width + 1) × (height + 1).
    private let sums: [Int]
    private let width: Int, height: Int
    /// Canvas pixels per cell side.
    private let cell: Double

    /// The table of `area`'s coarse map; nil when words may cover the whole canvas.
    init?(_ area: PlacementArea) {
        guard area.forbidden != nil else { return nil }
        let map = area.coarseForbidden
        width = map.width
        height = map.height
        cell = Double(PlacementArea.coarse)
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                if !map[x, y] { row += 1 }
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        self.sums = sums
    }

    /// The allowed area inside `r` (canvas pixels), counted in whole cells.
    func area(_ r: Rect) -> Double {
        func clamp(_ v: Double, _ n: Int) -> Int { min(n, max(0, Int((v / cell).rounded()))) }
        let x0 = clamp(r.x, width), x1 = clamp(r.x + r.width, width)
        let y0 = clamp(r.y, height), y1 = clamp(r.y + r.height, height)
        guard x1 > x0, y1 > y0 else { return 0 }
        let w = width + 1
        let cells = sums[y1 * w + x1] - sums[y0 * w + x1] - sums[y1 * w + x0] + sums[y0 * w + x0]
        return Double(cells) * cell * cell
    }
}
