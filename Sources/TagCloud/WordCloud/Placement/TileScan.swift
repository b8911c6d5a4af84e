extension PlacementSearch {
    /// The memory one search reads, pinned for its duration: every array the visit reads goes
    /// through a pointer, as this loop is most of a layout's time.
    struct ScanMemory {
        /// The map's pyramid (`OccupancyMap.pyramid`).
        let pyramid: UnsafeBufferPointer<UInt64>
        /// The map's room (`OccupancyMap.room`).
        let room: UnsafeBufferPointer<UInt8>
        /// The mask's solid cores (`SearchMask.cores`), none when the map keeps no room.
        let cores: UnsafeBufferPointer<SearchMask.Core>
        /// The shape's depths (empty without a shape).
        let depthValues: UnsafeBufferPointer<Int16>
        /// The windows of the mask's probes on the map.
        let windows: UnsafeBufferPointer<OccupancyMap.Window>
        /// The mask's words.
        let mask: UnsafeBufferPointer<UInt64>
        /// The mask's rows in a working order of this search's own: a row that collides moves to
        /// the front, since the positions tested next lie close by and tend to hit the same ink.
        let rows: UnsafeMutableBufferPointer<Int32>
    }

    /// Calls `body` with the memory a search of `search` on this map reads.
    func withScanMemory<R>(_ search: SearchMask, _ body: (ScanMemory) -> R) -> R {
        let depthValues = depth?.values ?? []
        return depthValues.withUnsafeBufferPointer { dv in
            map.room.withUnsafeBufferPointer { room in
                map.pyramid.withUnsafeBufferPointer { p in
                    map.withWindows(search) { win in
                        search.mask.words.withUnsafeBufferPointer { mask in
                            // Worked out per search, and only on a map that keeps room to skip tiles by.
                            (room.isEmpty ? [] : SearchMask.cores(search.mask)).withUnsafeBufferPointer { cores in
                                withUnsafeTemporaryAllocation(of: Int32.self, capacity: search.rowOrder.count) { rows in
                                    _ = rows.initialize(from: search.rowOrder)
                                    return body(
                                        ScanMemory(
                                            pyramid: p, room: room, cores: cores, depthValues: dv,
                                            windows: win, mask: mask, rows: rows))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One search's visit of the tiles of a plan, in order, and the best position found so far.
    ///
    /// Tiles whose bound cannot beat the best key are skipped, as are the rows of a tile where the
    /// room under one of the mask's solid cores is narrower than the core; in the other rows, the
    /// positions that pass the probe filter and beat the best key get the pixel test.
    struct TileScan {
        let grid: TileGrid
        let ranking: Ranking
        let stride: Int
        let wordsPerRow: Int
        let firstFit: Bool
        /// Rows per word column of the map's room.
        let roomRows: Int
        /// Inside a shape a position's key is the depth under the mask's centre: the depth row is
        /// found once per map row, and each position reads one value from it (the same value
        /// `Ranking.key` gives, as every centre of this search lies on the depth grid).
        let depthRows: Bool
        let depthShift: Int
        let depthStride: Int
        var found = false
        var bestX = 0
        var bestY = 0
        var bestKey: Double

        init(_ search: PlacementSearch, _ mask: BitMask, grid: TileGrid, ranking: Ranking, firstFit: Bool, better: Double) {
            self.grid = grid
            self.ranking = ranking
            self.firstFit = firstFit
            stride = search.map.stride
            wordsPerRow = mask.wordsPerRow
            bestKey = better
            let depth = search.depth
            depthShift = depth?.shift ?? 0
            depthStride = (depth?.width ?? 0) + 2
            depthRows =
                depth.map {
                    (grid.maxX + ranking.ihw) >> $0.shift < $0.width
                        && (grid.maxY + ranking.ihh) >> $0.shift < $0.height
                } ?? false
            roomRows = search.map.roomRows
        }

        /// The best position found, if any.
        var result: Found? { found ? Found(x: bestX, y: bestY, key: bestKey) : nil }

        /// Visits the tiles of `plan` bucket by bucket, until no tile left can beat the best key
        /// (or, with `firstFit`, until the first fit).
        mutating func visit(_ plan: PlanView, _ memory: ScanMemory) {
            // Tiles left of this one have every window word inside the map.
            var farthest = 0
            for w in memory.windows { farthest = max(farthest, w.word) }
            let insideBelow = stride - 1 - farthest
            for k in 0..<PlacementSearch.buckets {
                if bestKey <= plan.lo + Double(k) * plan.width { break }
                for i in plan.counts[k]..<plan.counts[k + 1] {
                    let t = Int(plan.order[i])
                    if bestKey <= plan.bounds[t] { continue }
                    if visitTile(t, insideBelow: insideBelow, memory) { return }
                }
            }
        }

        /// Visits the rows of tile `t`; true when the search is over (a first fit).
        @inline(__always)
        private mutating func visitTile(_ t: Int, insideBelow: Int, _ memory: ScanMemory) -> Bool {
            let spanX = grid.spanX, th = PlacementSearch.tileHeight
            let tx = grid.tx0 + t % spanX, ty = grid.ty0 + t / spanX
            let x0 = tx * 64, count = min(grid.maxX, x0 + 63) - x0 + 1
            let y0 = ty * th, last = min(grid.maxY, y0 + th - 1)
            // Bit 8i + 7: row y0 + i has room for every core; rows past the last position dropped.
            var rows = rowsWithRoom(tx, ty, memory) & (~UInt64(0) &>> UInt64(8 &* (y0 &+ th &- 1 &- last)))
            let inside = tx < insideBelow
            while rows != 0 {
                let y = y0 &+ rows.trailingZeroBitCount &>> 3
                rows &= rows &- 1
                let free =
                    inside
                    ? OccupancyMap.freeBits(
                        memory.pyramid, memory.windows, stride: stride, row: y, tile: tx,
                        count: count, inside: true)
                    : OccupancyMap.freeBits(
                        memory.pyramid, memory.windows, stride: stride, row: y, tile: tx,
                        count: count)
                if free != 0 && testPositions(free, x0: x0, y: y, memory) { return true }
            }
            return false
        }

        /// The rows of tile (`tx`, `ty`) whose positions have, under each of the mask's cores, a
        /// free run as wide as the core, as the top bit of byte i for row i (all rows on a map
        /// that keeps no room): rows without it have no room for the mask.
        @inline(__always)
        private func rowsWithRoom(_ tx: Int, _ ty: Int, _ memory: ScanMemory) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            guard let base = memory.room.baseAddress else { return highs }
            let raw = UnsafeRawPointer(base), lastColumn = stride &- 1
            var rows = highs
            for core in memory.cores {
                // The core's pixels for the tile's positions: its 8 rows, in two word columns at most.
                let a = min(lastColumn, tx &+ core.column &>> 6), b = min(lastColumn, tx &+ (core.column &+ 63) &>> 6)
                let row = ty &* PlacementSearch.tileHeight &+ core.row
                let level = core.level &* stride
                let rowsA = raw.loadUnaligned(fromByteOffset: (level &+ a) &* roomRows &+ row, as: UInt64.self)
                let rowsB = raw.loadUnaligned(fromByteOffset: (level &+ b) &* roomRows &+ row, as: UInt64.self)
                // Byte by byte, v + 128 - width has its top bit set when v >= width (both below 128).
                let add = (128 &- UInt64(core.width)) &* ones
                rows &= (rowsA &+ add) | (rowsB &+ add)
                if rows == 0 { return 0 }
            }
            return rows
        }

        /// The pixel test at each position of row `y` in `free` (bit i: position `x0 + i`) whose key
        /// beats the best; true when the search is over (a first fit). The innermost loop.
        @inline(__always)
        private mutating func testPositions(_ free: UInt64, x0: Int, y: Int, _ memory: ScanMemory) -> Bool {
            var free = free
            var depthRow: UnsafePointer<Int16>? = nil
            if depthRows {
                let gridRow: Int = ((y &+ ranking.ihh) &>> depthShift) &+ 1
                depthRow = memory.depthValues.baseAddress! + (gridRow &* depthStride &+ 1)
            }
            while free != 0 {
                let x = x0 + free.trailingZeroBitCount
                free &= free - 1
                let kx: Double
                if let depthRow {
                    kx = -Double(depthRow[(x &+ ranking.ihw) &>> depthShift])
                } else {
                    kx = ranking.key(x, y)
                }
                if bestKey <= kx { continue }
                let hit = OccupancyMap.collision(
                    memory.pyramid, stride: stride, mask: memory.mask,
                    wordsPerRow: wordsPerRow, rows: memory.rows, x: x, y: y)
                if hit < 0 {
                    found = true; bestX = x; bestY = y; bestKey = kx
                    if firstFit { return true }
                } else if hit > 0 {
                    let rows = memory.rows
                    let r = rows[hit]
                    var j = hit
                    while j > 0 { rows[j] = rows[j &- 1]; j &-= 1 }
                    rows[0] = r
                }
            }
            return false
        }
    }
}
