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
