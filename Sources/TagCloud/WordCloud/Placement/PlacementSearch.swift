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
    /// Whether distances are stretched to the canvas's aspect, so that the nearest positions
    /// around the start follow an ellipse of the canvas's shape (the spiral); false measures plain
    /// distance, for a word that should move as little as it can.
    var stretched = true
    /// A rectangle the mask's box should lie in: a position is ranked by its distance from the
    /// start plus `regionWeight` times the square of how far the box lies outside (plain,
    /// archimedean ranking only). Nil: none.
    var region: Rect? = nil
    /// How much more a pixel outside the region counts than a pixel farther from the start.
    static let regionWeight = 30.0

    /// Rows per tile: the occupancy map's block height, so a tile's positions lie in one row of
    /// its full blocks (the tile skip reads one block row).
    static let tileHeight = OccupancyMap.blockHeight
    static let buckets = 128

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
    func nearest(
        _ search: SearchMask, startX sx: Double, startY sy: Double,
        near: (x: Int, y: Int, radius: Int)? = nil, firstFit: Bool = false,
        better: Double = .infinity
    ) -> Found? {
        let m = search.mask
        let maxX = map.width - m.width, maxY = map.height - m.height
        guard maxX >= 0, maxY >= 0 else { return nil }
        let ranking = Ranking(self, width: m.width, height: m.height, startX: sx, startY: sy)
        let grid = TileGrid(maxX: maxX, maxY: maxY, near: near)
        var scan = TileScan(self, m, grid: grid, ranking: ranking, firstFit: firstFit, better: better)
        withPlan(
            grid, ranking,
            key: near == nil
                ? Plan.Key(
                    width: m.width, height: m.height, startX: sx.bitPattern,
                    startY: sy.bitPattern) : nil
        ) { plan in
            withScanMemory(search) { memory in scan.visit(plan, memory) }
        }
        return scan.result
    }

    /// Calls `body` with the plan of `grid`'s tiles under `ranking`. A whole-map plan (one with a
    /// `key`) is remembered in `plans`, as the tiles, their bounds and their order depend only on
    /// the mask's size and the start, which repeat from word to word; a window's is made on the
    /// stack for its search alone.
    private func withPlan(_ grid: TileGrid, _ ranking: Ranking, key: Plan.Key?, _ body: (PlanView) -> Void) {
        guard let key else { return PlanView.onStack(grid, ranking, body) }
        let plan: Plan
        if let known = plans?.plans[key] {
            plan = known
        } else {
            plan = Plan(grid, ranking)
            plans?.remember(plan, for: key)
        }
        plan.withView(body)
    }

    /// The key `nearest` ranks the position of a `width`×`height` mask by.
    func key(x: Int, y: Int, width: Int, height: Int, startX sx: Double, startY sy: Double) -> Double {
        Ranking(self, width: width, height: height, startX: sx, startY: sy).key(x, y)
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
                        var free = OccupancyMap.freeBits(
                            p, win, stride: stride, row: y, tile: x0 >> 6,
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
