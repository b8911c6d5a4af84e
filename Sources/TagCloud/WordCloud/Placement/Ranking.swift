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

        init(_ search: PlacementSearch, width: Int, height: Int, startX: Double, startY: Double) {
            depth = search.depth
            rectangular = search.strategy == .rectangular
            hw = Double(width) / 2; hh = Double(height) / 2
            ihw = width / 2; ihh = height / 2
            sx = startX; sy = startY
            let big = Double(max(search.map.width, search.map.height))
            ex = search.stretched ? big / Double(search.map.width) : 1
            ey = search.stretched ? big / Double(search.map.height) : 1
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
}
