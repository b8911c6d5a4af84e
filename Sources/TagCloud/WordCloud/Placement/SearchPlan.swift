extension PlacementSearch {
    /// The tiles one search may visit: top-left positions `0...maxX` × `0...maxY` in tiles of 64
    /// columns (one occupancy word) by `tileHeight` rows, only those around a point when given.
    struct TileGrid {
        /// The last top-left position a mask fits at.
        let maxX: Int, maxY: Int
        /// The first and last tile columns and rows visited.
        let tx0: Int, tx1: Int, ty0: Int, ty1: Int

        /// All tiles of a map where top-left positions run to (`maxX`, `maxY`), or only those
        /// around `near` (a window of about `radius` tiles each way).
        init(maxX: Int, maxY: Int, near: (x: Int, y: Int, radius: Int)?) {
            self.maxX = maxX
            self.maxY = maxY
            let th = PlacementSearch.tileHeight
            let tilesX = maxX / 64 + 1, tilesY = maxY / th + 1
            guard let p = near else {
                (tx0, tx1, ty0, ty1) = (0, tilesX - 1, 0, tilesY - 1)
                return
            }
            let cx = max(0, min(tilesX - 1, p.x / 64)), cy = max(0, min(tilesY - 1, p.y / th))
            let rx = max(1, p.radius / 4)
            (tx0, tx1, ty0, ty1) = (
                max(0, cx - rx), min(tilesX - 1, cx + rx), max(0, cy - p.radius), min(tilesY - 1, cy + p.radius)
            )
        }

        /// Tiles per row of the grid.
        var spanX: Int { tx1 - tx0 + 1 }
        /// Tiles in the grid; tile `t` is column `tx0 + t % spanX`, row `ty0 + t / spanX`.
        var count: Int { spanX * (ty1 - ty0 + 1) }

        /// A lower bound of `ranking`'s key over the positions of tile (`tx`, `ty`).
        func bound(_ tx: Int, _ ty: Int, _ ranking: Ranking) -> Double {
            let x0 = tx * 64, y0 = ty * PlacementSearch.tileHeight
            return ranking.bound(x0: x0, y0: y0, x1: min(maxX, x0 + 63), y1: min(maxY, y0 + PlacementSearch.tileHeight - 1))
        }

        /// Buckets the tiles by their bound under `ranking`, into `bounds` (one per tile), `counts`
        /// (where each bucket's tiles start in `order`, one more than buckets) and `order` (the tiles
        /// in visiting order). Returns the lowest bound and the width of a bucket.
        func makePlan(
            _ ranking: Ranking, _ bounds: UnsafeMutableBufferPointer<Double>,
            _ counts: UnsafeMutableBufferPointer<Int>, _ order: UnsafeMutableBufferPointer<Int32>
        ) -> (lo: Double, width: Double) {
            let n = PlacementSearch.buckets, spanX = self.spanX, tiles = count
            var lo = Double.infinity, hi = -Double.infinity
            for ty in ty0...ty1 {
                for tx in tx0...tx1 {
                    let b = bound(tx, ty, ranking)
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
    }

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

        /// The plan of `grid`'s tiles under `ranking`.
        init(_ grid: TileGrid, _ ranking: Ranking) {
            var bounds = [Double](specializedRepeating: 0, count: grid.count)
            var counts = [Int](specializedRepeating: 0, count: PlacementSearch.buckets + 1)
            var order = [Int32](specializedRepeating: 0, count: grid.count)
            (lo, width) = bounds.withUnsafeMutableBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { c in
                    order.withUnsafeMutableBufferPointer { o in grid.makePlan(ranking, b, c, o) }
                }
            }
            self.bounds = bounds; self.counts = counts; self.order = order
        }

        /// Calls `body` with the plan's arrays.
        func withView<R>(_ body: (PlanView) -> R) -> R {
            bounds.withUnsafeBufferPointer { b in
                counts.withUnsafeBufferPointer { c in
                    order.withUnsafeBufferPointer { o in body(PlanView(bounds: b, counts: c, order: o, lo: lo, width: width)) }
                }
            }
        }
    }

    /// A plan as the search reads it, through pointers.
    struct PlanView {
        let bounds: UnsafeBufferPointer<Double>
        let counts: UnsafeBufferPointer<Int>
        let order: UnsafeBufferPointer<Int32>
        let lo: Double
        let width: Double

        /// Calls `body` with the plan of `grid`'s tiles under `ranking`, made on the stack: for a
        /// window around a coarse fit, which is the fit's own and never comes back.
        static func onStack<R>(_ grid: TileGrid, _ ranking: Ranking, _ body: (PlanView) -> R) -> R {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: grid.count) { bounds in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: PlacementSearch.buckets + 1) { counts in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: grid.count) { order in
                        let (lo, width) = grid.makePlan(ranking, bounds, counts, order)
                        return body(
                            PlanView(
                                bounds: UnsafeBufferPointer(bounds), counts: UnsafeBufferPointer(counts),
                                order: UnsafeBufferPointer(order), lo: lo, width: width))
                    }
                }
            }
        }
    }

    /// Whole-map plans by mask size and start, for one map, strategy and shape. A class, so the
    /// searches of a layout (each a new `PlacementSearch`) share it; used by one thread.
    final class PlanCache {
        private(set) var plans: [Plan.Key: Plan] = [:]
        private static let limit = 4096

        init() {}

        func remember(_ plan: Plan, for key: Plan.Key) {
            if plans.count >= Self.limit { plans.removeAll(keepingCapacity: true) }
            plans[key] = plan
        }
    }
}
