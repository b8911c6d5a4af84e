extension PlacementSearch {
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
        /// The region the mask's box is kept in (`PlacementSearch.region`), in top-left positions:
        /// the box lies inside it from `rx0...rx1` × `ry0...ry1`.
        let region: (x0: Double, y0: Double, x1: Double, y1: Double)?

        init(_ search: PlacementSearch, width: Int, height: Int, startX: Double, startY: Double) {
            depth = search.depth
            rectangular = search.strategy == .rectangular
            hw = Double(width) / 2; hh = Double(height) / 2
            ihw = width / 2; ihh = height / 2
            sx = startX; sy = startY
            let big = Double(max(search.map.width, search.map.height))
            ex = search.stretched ? big / Double(search.map.width) : 1
            ey = search.stretched ? big / Double(search.map.height) : 1
            region = search.region.map { r in
                // A box wider than the region is inside it as far as it can be from x1...x0.
                (r.x, r.y, r.x + r.width - Double(width), r.y + r.height - Double(height))
            }
        }

        @inline(__always)
        func key(_ x: Int, _ y: Int) -> Double {
            if let depth { return -Double(depth.value(x: x + ihw, y: y + ihh)) }
            return distance((Double(x) + hw - sx) * ex, (Double(y) + hh - sy) * ey) + outside(Double(x), Double(y))
        }

        /// A lower bound of `key` over top-left positions `x0...x1` × `y0...y1`.
        func bound(x0: Int, y0: Int, x1: Int, y1: Int) -> Double {
            if let depth { return -Double(depth.maxValue(x0: x0 + ihw, y0: y0 + ihh, x1: x1 + ihw, y1: y1 + ihh)) }
            let cx = min(max(sx, Double(x0) + hw), Double(x1) + hw), cy = min(max(sy, Double(y0) + hh), Double(y1) + hh)
            guard let r = region else { return distance((cx - sx) * ex, (cy - sy) * ey) }
            // Each term's least over the block: the box nearest inside the region.
            let ox = min(max(r.x0, Double(x0)), Double(x1)), oy = min(max(r.y0, Double(y0)), Double(y1))
            return distance((cx - sx) * ex, (cy - sy) * ey) + outside(ox, oy)
        }

        /// How far a box at top-left (`x`, `y`) lies outside the region, squared and weighted by
        /// `PlacementSearch.regionWeight`; 0 without a region.
        @inline(__always)
        private func outside(_ x: Double, _ y: Double) -> Double {
            guard let r = region else { return 0 }
            let dx = Self.beyond(x, r.x0, r.x1), dy = Self.beyond(y, r.y0, r.y1)
            return PlacementSearch.regionWeight * (dx * dx + dy * dy)
        }

        /// How far `v` lies beyond `lo...hi` (a box wider than the region: `hi` < `lo`, and the box
        /// is as far inside as it can be between them).
        @inline(__always)
        private static func beyond(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
            let a = Swift.min(lo, hi), b = Swift.max(lo, hi)
            return v < a ? a - v : v > b ? v - b : 0
        }

        @inline(__always)
        private func distance(_ dx: Double, _ dy: Double) -> Double {
            rectangular ? max(dx.magnitude, dy.magnitude) : dx * dx + dy * dy
        }
    }
}
