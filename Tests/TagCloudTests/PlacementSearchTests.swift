import Testing

@testable import TagCloud

/// The search's shortcuts (the horizontal pyramid, the probe filter, remembered tile orders, the
/// depth map) must never change which positions count as free, so each is checked here against a
/// brute-force recomputation on small random canvases.
@Suite("Placement search")
struct PlacementSearchTests {
    /// A random blob of ink, dilated by one pixel as word masks are.
    func randomMask(_ rng: inout SeededRandom, maxWidth: Int, maxHeight: Int, density: Double) -> BitMask {
        let w = 1 + rng.nextInt(below: maxWidth), h = 1 + rng.nextInt(below: maxHeight)
        var m = BitMask(width: w, height: h) { _, _ in rng.nextUnit() < density }
        m[rng.nextInt(below: w), rng.nextInt(below: h)] = true
        return m.dilated(by: 1)
    }

    /// A canvas (optionally inside a random forbidden border) with `count` random masks inserted.
    func randomMap(_ rng: inout SeededRandom, width: Int, height: Int, count: Int, shaped: Bool) -> (OccupancyMap, BitMask?) {
        var forbidden: BitMask? = nil
        if shaped {
            let cx = Double(width) / 2, cy = Double(height) / 2
            let rx = Double(width) * (0.35 + 0.15 * rng.nextUnit()), ry = Double(height) * (0.35 + 0.15 * rng.nextUnit())
            forbidden = BitMask(width: width, height: height) { x, y in
                let dx = (Double(x) - cx) / rx, dy = (Double(y) - cy) / ry
                return dx * dx + dy * dy > 1
            }
        }
        var map = OccupancyMap(width: width, height: height, forbidden: forbidden)
        for _ in 0..<count {
            let m = randomMask(&rng, maxWidth: 30, maxHeight: 8, density: 0.5)
            guard m.width <= width, m.height <= height else { continue }
            map.insert(m, x: rng.nextInt(below: width - m.width + 1), y: rng.nextInt(below: height - m.height + 1))
        }
        return (map, forbidden)
    }

    /// Whether `mask` at (`x`, `y`) touches a taken pixel, pixel by pixel.
    func bruteCollides(_ map: OccupancyMap, _ mask: BitMask, x: Int, y: Int) -> Bool {
        for my in 0..<mask.height {
            for mx in 0..<mask.width where mask[mx, my] && map.isTaken(x: x + mx, y: y + my) { return true }
        }
        return false
    }

    /// The best key of all positions where `mask` fits, pixel by pixel, or nil when it fits nowhere.
    func bruteBestKey(_ map: OccupancyMap, _ mask: BitMask, _ finder: PlacementSearch, startX sx: Double, startY sy: Double)
        -> Double?
    {
        var bestKey: Double? = nil
        for y in 0...(map.height - mask.height) {
            for x in 0...(map.width - mask.width) where !bruteCollides(map, mask, x: x, y: y) {
                let k = finder.key(x: x, y: y, width: mask.width, height: mask.height, startX: sx, startY: sy)
                if bestKey == nil || k < bestKey! { bestKey = k }
            }
        }
        return bestKey
    }

    @Test("both pyramids agree with the occupancy, pixel by pixel", arguments: [UInt64(1), 2, 3, 4])
    func rowPyramidMatchesBruteForce(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let width = 70 + rng.nextInt(below: 130), height = 20 + rng.nextInt(below: 30)
        var (map, _) = randomMap(&rng, width: width, height: height, count: 0, shaped: seed % 2 == 0)
        let stride = (width + 63) / 64
        for round in 0..<40 {
            let m = randomMask(&rng, maxWidth: 40, maxHeight: 10, density: 0.4)
            if m.width <= width, m.height <= height {
                map.insert(m, x: rng.nextInt(below: width - m.width + 1), y: rng.nextInt(below: height - m.height + 1))
            }
            guard round % 8 == 7 else { continue }
            // Pixels past the width but inside the last word are free; past the last word, taken.
            func taken(_ x: Int, _ y: Int) -> Bool { x >= stride * 64 ? true : (x >= width ? false : map.isTaken(x: x, y: y)) }
            for k in 1...OccupancyMap.topLevel {
                for y in 0..<height {
                    for x in 0..<width {
                        let expected = (0..<(1 << k)).contains { taken(x + $0, y) }
                        let word = map.pyramid[map.rowLevelStart(k) + y * stride + x / 64]
                        #expect((word >> UInt64(x % 64)) & 1 == (expected ? 1 : 0), "level \(k) at (\(x), \(y))")
                        // The vertical pyramid: the OR of 2^k rows down, rows past the bottom taken.
                        let down = (0..<(1 << k)).contains { y + $0 >= height || map.isTaken(x: x, y: y + $0) }
                        let column = map.pyramid[k * map.levelSize + y * stride + x / 64]
                        #expect((column >> UInt64(x % 64)) & 1 == (down ? 1 : 0), "vertical level \(k) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// The widest run of free pixels `tall` rows tall (up to the room's cap) whose top-left pixel
    /// lies in row `y` of word column `w`, pixel by pixel; pixels past the edges count as taken.
    func bruteRoom(_ map: OccupancyMap, w: Int, y: Int, tall: Int) -> Int {
        var widest = 0
        for x in (w * 64)..<(w * 64 + 64) {
            var run = 0
            while run < OccupancyMap.roomCap
                && (0..<tall).allSatisfy({ !map.isTaken(x: x + run, y: y + $0) && y + $0 < map.height })
            {
                run += 1
            }
            widest = max(widest, run)
        }
        return widest
    }

    @Test(
        "the room of each row is its widest free run, cores lie on ink, and searches that skip rooms too narrow still find the best fit",
        arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func roomSkipsOnlyWhatCannotFit(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        // Crowded: solid slabs (whole 64×8 blocks get taken) between specks of free space.
        let width = 70 + rng.nextInt(below: 130), height = 24 + rng.nextInt(below: 40)
        var (map, _) = randomMap(&rng, width: width, height: height, count: 0, shaped: seed % 2 == 0)
        // A solid band over the top half: whole blocks taken, tiles a search must skip.
        map.insert(BitMask(width: width, height: height / 2) { _, _ in true }, x: 0, y: 0)
        for _ in 0..<(width * height / 150) {
            let w = 1 + rng.nextInt(below: 50), h = 1 + rng.nextInt(below: 12)
            let slab = BitMask(width: w, height: h) { _, _ in rng.nextUnit() < 0.97 }
            guard w <= width, h <= height else { continue }
            map.insert(slab, x: rng.nextInt(below: width - w + 1), y: rng.nextInt(below: height - h + 1))
        }
        let stride = (width + 63) / 64
        var fullCount = 0, narrowCount = 0
        for y in 0..<height {
            for w in 0..<stride {
                for level in 0..<OccupancyMap.roomHeights {
                    let room = Int(map.room[(level * stride + w) * map.roomRows + y])
                    let brute = bruteRoom(map, w: w, y: y, tall: 1 << level)
                    #expect(room == brute, "row \(y), word \(w), \(1 << level) rows: \(room), not \(brute)")
                    if level == 0 && brute == 0 { fullCount += 1 }
                    if level == 0 && brute > 0 && brute < 20 { narrowCount += 1 }
                }
            }
        }
        #expect(fullCount > 0, "no row is full: the skip is not exercised")
        #expect(narrowCount > 0, "no row has narrow room only: the width test is not exercised")
        for _ in 0..<12 {
            let mask = randomMask(&rng, maxWidth: 40, maxHeight: 10, density: 0.8)
            for core in SearchMask.cores(mask) {
                for y in core.row..<(core.row + (1 << core.level)) {
                    for x in core.column..<(core.column + Int(core.width)) { #expect(mask[x, y], "a core off the ink") }
                }
            }
        }
        let finder = PlacementSearch(map: map, strategy: .archimedean, depth: nil)
        var fits = 0
        for _ in 0..<12 {
            let mask = randomMask(&rng, maxWidth: 24, maxHeight: 6, density: 0.7)
            guard mask.width <= width, mask.height <= height else { continue }
            let sx = Double(rng.nextInt(below: width)), sy = Double(rng.nextInt(below: height))
            let bestKey = bruteBestKey(map, mask, finder, startX: sx, startY: sy)
            let found = finder.nearest(SearchMask(mask), startX: sx, startY: sy)
            #expect((found == nil) == (bestKey == nil))
            if let f = found, let k = bestKey {
                #expect(abs(f.key - k) <= 1e-9 * max(1, abs(k)))
                #expect(!bruteCollides(map, mask, x: f.x, y: f.y))
                fits += 1
            }
        }
        #expect(fits > 0, "no mask fit: the test would not notice a fit skipped")
    }

    @Test("row probes lie on ink, and the probe filter only drops positions that collide", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func probeFilterIsSound(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let width = 60 + rng.nextInt(below: 140), height = 30 + rng.nextInt(below: 40)
        let (map, _) = randomMap(&rng, width: width, height: height, count: 10 + rng.nextInt(below: 40), shaped: seed % 2 == 1)
        for _ in 0..<12 {
            let mask = randomMask(&rng, maxWidth: 50, maxHeight: 12, density: 0.6)
            guard mask.width <= width, mask.height <= height else { continue }
            let search = SearchMask(mask)
            for probe in search.rowProbes {
                let length = probe.columnB + (1 << probe.level) - probe.columnA
                #expect(length >= 2)
                for x in probe.columnA..<(probe.columnA + length) { #expect(mask[x, probe.row], "row probe off the ink") }
            }
            let maxX = width - mask.width, maxY = height - mask.height
            map.pyramid.withUnsafeBufferPointer { p in
                map.withWindows(search) { win in
                    for y in 0...maxY {
                        for x0 in Swift.stride(from: 0, through: maxX, by: 64) {
                            let free = OccupancyMap.freeBits(
                                p, win, stride: map.stride, row: y, tile: x0 >> 6,
                                count: min(maxX, x0 + 63) - x0 + 1)
                            for x in x0...min(maxX, x0 + 63) where free >> UInt64(x - x0) & 1 == 0 {
                                #expect(bruteCollides(map, mask, x: x, y: y), "a free position at (\(x), \(y)) was filtered out")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test(
        "nearest finds the best free position, or proves there is none, with and without remembered plans",
        arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func nearestMatchesBruteForce(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let width = 50 + rng.nextInt(below: 150), height = 30 + rng.nextInt(below: 60)
        let shaped = seed % 2 == 0
        let (map, forbidden) = randomMap(&rng, width: width, height: height, count: 20 + rng.nextInt(below: 80), shaped: shaped)
        let depth = forbidden.map { ShapeDepth(allowed: $0.inverted()) }
        let strategy: SearchStrategy = seed % 3 == 0 ? .rectangular : .archimedean
        let plans = PlacementSearch.PlanCache()
        let plain = PlacementSearch(map: map, strategy: strategy, depth: depth)
        let planned = PlacementSearch(map: map, strategy: strategy, depth: depth, plans: plans)
        var sawNowhere = false, sawFit = false
        for _ in 0..<16 {
            let mask = randomMask(&rng, maxWidth: 40, maxHeight: 10, density: 0.6)
            guard mask.width <= width, mask.height <= height else { continue }
            let search = SearchMask(mask)
            let sx = Double(rng.nextInt(below: width)), sy = Double(rng.nextInt(below: height))
            let bestKey = bruteBestKey(map, mask, plain, startX: sx, startY: sy)
            // Twice with plans: once working the plan out, once reusing it.
            for finder in [plain, planned, planned] {
                let found = finder.nearest(search, startX: sx, startY: sy)
                // `key(x:y:…)` and the search round differently in the last bit.
                #expect((found == nil) == (bestKey == nil))
                if let f = found, let k = bestKey {
                    let tolerance: Double = 1e-9 * max(1, abs(k))
                    #expect(abs(f.key - k) <= tolerance)
                }
                if let f = found {
                    #expect(!bruteCollides(map, mask, x: f.x, y: f.y))
                }
            }
            // The first fit (a word's last chance) fits, and exists exactly when some fit does; a
            // known key to beat leaves only strictly better positions, the best of them.
            let first = plain.nearest(search, startX: sx, startY: sy, firstFit: true)
            #expect((first == nil) == (bestKey == nil))
            if let f = first { #expect(!bruteCollides(map, mask, x: f.x, y: f.y)) }
            if let best = plain.nearest(search, startX: sx, startY: sy), let f = first {
                #expect(f.key >= best.key)
                #expect(plain.nearest(search, startX: sx, startY: sy, better: best.key) == nil)
                if f.key > best.key {
                    let better = planned.nearest(search, startX: sx, startY: sy, better: f.key)
                    #expect(better?.key == best.key)
                }
            }
            // Searches around a point: the same answer with and without a remembered plan, free,
            // and never beaten by a free position of the tiles around the point.
            let near = (x: rng.nextInt(below: width), y: rng.nextInt(below: height), radius: 1 + rng.nextInt(below: 6))
            let a = plain.nearest(search, startX: sx, startY: sy, near: near)
            let b = planned.nearest(search, startX: sx, startY: sy, near: near)
            let c = planned.nearest(search, startX: sx, startY: sy, near: near)
            func same(_ p: PlacementSearch.Found?, _ q: PlacementSearch.Found?) -> Bool {
                guard let p, let q else { return p == nil && q == nil }
                return p.x == q.x && p.y == q.y && p.key == q.key
            }
            let maxX = width - mask.width, maxY = height - mask.height
            let tx = max(0, min(maxX / 64, near.x / 64)), ty = max(0, min(maxY / 8, near.y / 8))
            let rx = max(1, near.radius / 4)
            var windowBest: Double? = nil
            for y in max(0, (ty - near.radius) * 8)...min(maxY, (ty + near.radius) * 8 + 7) {
                for x in max(0, (tx - rx) * 64)...min(maxX, (tx + rx) * 64 + 63) where !bruteCollides(map, mask, x: x, y: y) {
                    let k = plain.key(x: x, y: y, width: mask.width, height: mask.height, startX: sx, startY: sy)
                    if windowBest == nil || k < windowBest! { windowBest = k }
                }
            }
            #expect((a == nil) == (windowBest == nil))
            if let a, let k = windowBest {
                #expect(!bruteCollides(map, mask, x: a.x, y: a.y))
                #expect(abs(a.key - k) <= 1e-9 * max(1, abs(k)))
            }
            #expect(same(a, b))
            #expect(same(b, c))
            if bestKey == nil { sawNowhere = true } else { sawFit = true }
        }
        #expect(sawFit, "no case had a free position: the test would not notice a search that finds nothing")
        _ = sawNowhere
    }

    @Test("failed masks rule out the masks that cover them, keep no mask another covers, and only so many")
    func failedMasks() {
        let solid = { (w: Int, h: Int) in BitMask(width: w, height: h) { _, _ in true } }
        var failed = FailedMasks()
        failed.note(solid(6, 3))
        #expect(failed.rulesOut(solid(6, 3)) && failed.rulesOut(solid(9, 4)))
        #expect(!failed.rulesOut(solid(5, 3)) && !failed.rulesOut(solid(9, 2)))
        // A ring around a hole the size of the failure does not cover it.
        #expect(!failed.rulesOut(BitMask(width: 8, height: 5) { x, y in x == 0 || y == 0 || x == 7 || y == 4 }))
        // A smaller failure replaces the larger ones it is contained in.
        failed.note(solid(4, 2))
        #expect(failed.masks.count == 1 && failed.rulesOut(solid(5, 3)))
        // Masks wider than a word are not kept (covers compares single words).
        failed.note(solid(70, 1))
        #expect(failed.masks.count == 1)
        for i in 0..<(FailedMasks.capacity + 5) {
            failed.note(BitMask(width: 3 + i % 50, height: 1) { x, _ in x == 0 || x == 2 + i % 50 })
        }
        #expect(failed.masks.count == FailedMasks.capacity)
    }

    @Test("a word that fits nowhere is proven so on a crowded canvas")
    func fitsNowhereOnFullCanvas() {
        var rng = SeededRandom(seed: 11)
        var nowhere = 0
        for _ in 0..<6 {
            let (map, _) = randomMap(&rng, width: 64, height: 24, count: 120, shaped: false)
            let finder = PlacementSearch(map: map, strategy: .archimedean, depth: nil)
            for _ in 0..<10 {
                let mask = randomMask(&rng, maxWidth: 20, maxHeight: 6, density: 0.7)
                let brute = (0...(24 - mask.height)).contains { y in
                    (0...(64 - mask.width)).contains { x in !bruteCollides(map, mask, x: x, y: y) }
                }
                let found = finder.nearest(SearchMask(mask), startX: 32, startY: 12)
                #expect((found != nil) == brute)
                if !brute { nowhere += 1 }
            }
        }
        #expect(nowhere > 0, "no mask was crowded out: the test would not notice a false fit")
    }

    /// The textbook two-pass chamfer (3-4), coordinates checked at every neighbour, row by row.
    static func referenceDepths(_ allowed: BitMask) -> [Int32] {
        let w = allowed.width, h = allowed.height
        var d = [Int32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w where allowed[x, y] { d[y * w + x] = Int32.max / 4 } }
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
        return d
    }

    @Test(
        "the depth map matches a plain chamfer distance on whole, empty and barred grids",
        arguments: [(64, 9, 0), (130, 21, 0), (130, 21, 1), (77, 40, 2), (200, 3, 3), (16, 16, 4)])
    func depthMatchesReferenceOnEdgeCases(width w: Int, height h: Int, kind: Int) {
        // All allowed (whole 64-pixel runs), nothing allowed, a frame, bars of whole and partial runs.
        let allowed = BitMask(width: w, height: h) { x, y in
            switch kind {
            case 0: return true
            case 1: return false
            case 2: return x > 0 && y > 0 && x < w - 1 && y < h - 1 && !(x == w / 2 && y > 5)
            case 3: return x < 64 || x >= 128 || y == 1
            default: return (x / 4 + y / 4) % 2 == 0
            }
        }
        let d = Self.referenceDepths(allowed)
        let depth = ShapeDepth(allowed: allowed)
        for y in 0..<h { for x in 0..<w { #expect(depth.value(x: x, y: y) == d[y * w + x]) } }
        let deepest = d.indices.max { d[$0] < d[$1] || (d[$0] == d[$1] && $0 > $1) } ?? 0
        #expect(depth.deepest.x == deepest % w && depth.deepest.y == deepest / w)
        for y in 0..<h {
            for x in 0..<w { #expect(depth.maxValue(x0: x, y0: y, x1: x, y1: y) >= d[y * w + x]) }
        }
    }

    @Test("the depth map matches a plain chamfer distance", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func depthMatchesReference(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let w = 20 + rng.nextInt(below: 150), h = 10 + rng.nextInt(below: 60)
        let allowed = BitMask(width: w, height: h) { x, y in
            let dx = Double(x) - Double(w) / 2, dy = Double(y) - Double(h) / 2
            return dx * dx / Double(w * w) + dy * dy / Double(h * h) < 0.2 && rng.nextUnit() < 0.97
        }
        let d = Self.referenceDepths(allowed)
        let depth = ShapeDepth(allowed: allowed)
        for y in 0..<h { for x in 0..<w { #expect(depth.value(x: x, y: y) == d[y * w + x]) } }
        #expect(depth.value(x: -1, y: 0) == 0 && depth.value(x: w, y: h - 1) == 0)
        let deepest = d.indices.max { d[$0] < d[$1] || (d[$0] == d[$1] && $0 > $1) } ?? 0
        #expect(depth.deepest.x == deepest % w && depth.deepest.y == deepest / w)
        #expect(d.contains { $0 > 3 }, "the shape is too thin to test anything")
        // Asked in coordinates twice as fine, each grid pixel answers for a 2×2 block, and a
        // block's bound covers every pixel in it.
        let fine = depth.asked(shift: 1)
        for y in 0..<(2 * h) { for x in 0..<(2 * w) { #expect(fine.value(x: x, y: y) == d[(y / 2) * w + x / 2]) } }
        for _ in 0..<50 {
            let x0 = rng.nextInt(below: 2 * w), y0 = rng.nextInt(below: 2 * h)
            let x1 = min(2 * w - 1, x0 + rng.nextInt(below: 40)), y1 = min(2 * h - 1, y0 + rng.nextInt(below: 40))
            var most: Int32 = 0
            for y in y0...y1 { for x in x0...x1 { most = max(most, fine.value(x: x, y: y)) } }
            #expect(fine.maxValue(x0: x0, y0: y0, x1: x1, y1: y1) >= most)
        }
    }

    @Test(
        "the pixel test visits inked rows densest first, ties top first, short and tall masks alike",
        arguments: [UInt64(1), 2, 3, 4])
    func rowOrderIsDensestFirst(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        // Up to 200 rows: past 48 the rows are sorted by counting, below by insertion.
        for _ in 0..<12 {
            let mask = randomMask(&rng, maxWidth: 150, maxHeight: 200, density: rng.nextUnit() * 0.5)
            let ink = (0..<mask.height).map { y in (0..<mask.width).filter { mask[$0, y] }.count }
            let expected = (0..<mask.height).filter { ink[$0] > 0 }.sorted { (ink[$0], -$0) > (ink[$1], -$1) }
            #expect(SearchMask(mask).rowOrder.map(Int.init) == expected)
        }
    }

    @Test("masks from rows clear the bits past the width; dilation grows every pixel into a square")
    func bitMaskRowsAndDilation() {
        let all = ~UInt64(0)
        let m = BitMask(width: 70, height: 2, words: [all, all, 0, all])
        let six: UInt64 = (1 << 6) - 1
        let expected: [UInt64] = [all, six, 0, six]
        #expect(m.words == expected)
        #expect(m.popCount == 70 + 6)
        var rng = SeededRandom(seed: 5)
        for i in 0..<42 {
            // The last two grow by more than a word's worth of bits (2r ≥ 64), a path of its own.
            let big = i >= 40
            let w = big ? 1 + rng.nextInt(below: 12) : 1 + rng.nextInt(below: 130)
            let h = big ? 1 + rng.nextInt(below: 2) : 1 + rng.nextInt(below: 7)
            let r = big ? 32 + rng.nextInt(below: 3) : 1 + rng.nextInt(below: 3)
            let src = BitMask(width: w, height: h) { _, _ in rng.nextUnit() < 0.1 }
            let grown = src.dilated(by: r)
            #expect(grown.width == w + 2 * r && grown.height == h + 2 * r)
            for y in 0..<grown.height {
                for x in 0..<grown.width {
                    var expected = false
                    for sy in (y - 2 * r)...y { for sx in (x - 2 * r)...x where src[sx, sy] { expected = true } }
                    #expect(grown[x, y] == expected)
                }
            }
        }
    }
}
