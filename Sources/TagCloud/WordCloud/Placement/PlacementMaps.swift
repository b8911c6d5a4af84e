/// Where a word is placed: the canvas as the search sees it, at three resolutions, and the search
/// that finds a word's position on them.
///
/// The coarse map (a quarter of the resolution) finds the nearest sure fit quickly, as a fit there
/// is a fit on the canvas; the fine map around it then pulls the word as close as the pixels allow.
/// A word the coarse map cannot place has its last chance on the half-resolution map, where gaps too
/// narrow for the coarse map's cells are found at a quarter of the cost of searching every pixel.
struct PlacementMaps {
    /// The half-resolution map, its depths and its tile orders.
    struct HalfMap {
        var map: OccupancyMap
        let depth: ShapeDepth?
        let plans: PlacementSearch.PlanCache
    }

    let area: PlacementArea
    let strategy: SearchStrategy
    /// The canvas at full resolution.
    private(set) var fine: OccupancyMap
    private var coarse: OccupancyMap
    /// Made the first time a word's last chance needs it (a cloud with room to spare never does)
    /// and kept up to date from then on.
    private var half: HalfMap? = nil
    // The maps change, but the order their tiles are visited in depends only on the word's size.
    private let finePlans = PlacementSearch.PlanCache(), coarsePlans = PlacementSearch.PlanCache()
    /// Coarse masks that fit nowhere on the coarse map.
    private var coarseFailures = FailedMasks()
    /// Masks that fit nowhere on the half-resolution map.
    private var halfFailures = FailedMasks()
    /// A word's last chance is a search of the whole canvas at half resolution. A layout makes at
    /// most this many; after that, a word that the quick search (everywhere at quarter resolution)
    /// cannot place is reported unplaced. (The Python package stops at its first word that does
    /// not fit.)
    private var lastChances = 200

    /// The canvas size from which the coarse map keeps its room: on smaller canvases a
    /// search visits too few tiles for the skip to repay the upkeep of every word placed.
    static let roomFromPixels = 4_000_000

    /// Empty maps of `area` on a `width` × `height` canvas.
    init(area: PlacementArea, width: Int, height: Int, strategy: SearchStrategy) {
        self.area = area
        self.strategy = strategy
        // The fine map is searched in windows around a sure fit found on a coarser one, where
        // the room's upkeep would cost more than it saves.
        fine = OccupancyMap(width: width, height: height, forbidden: area.forbidden, keepsRoom: false)
        let cf = area.coarseForbidden
        coarse = OccupancyMap(
            width: cf.width, height: cf.height, forbidden: cf, keepsRoom: width * height >= Self.roomFromPixels)
    }

    /// Uses up one of the layout's last chances, for a word too big for the area at its last size:
    /// the search it was spared would have used one.
    mutating func spendLastChance() {
        if lastChances > 0 { lastChances -= 1 }
    }

    /// The top-left position of the grown mask of `e` nearest the start (`sx`, `sy`), or deepest in
    /// the shape (with `.random`, a free position at random), or nil when none is found. `final`: the
    /// word's last chance, so a fruitless quick search is followed by a full one.
    mutating func find(
        _ e: MaskCache.Entry, startX sx: Double, startY sy: Double, final: Bool,
        rng: inout SeededRandom
    ) -> (x: Int, y: Int)? {
        let c = PlacementArea.coarse
        let coarseFinder = PlacementSearch(map: coarse, strategy: strategy, depth: area.coarseDepth, plans: coarsePlans)
        if strategy == .random, let cm = e.coarse, let r = coarseFinder.random(SearchMask(cm), rng: &rng) {
            return (r.x * c, r.y * c)
        }
        var coarseHit: PlacementSearch.Found? = nil
        if let cm = e.coarse, !coarseFailures.rulesOut(cm) {
            coarseHit = coarseFinder.nearest(SearchMask(cm), startX: sx / Double(c), startY: sy / Double(c))
            if coarseHit == nil { coarseFailures.note(cm) }
        }
        if let g = coarseHit { return refine(e, g.x * c, g.y * c, startX: sx, startY: sy) }
        if final && lastChances > 0 { return lastChance(e, startX: sx, startY: sy) }
        return nil
    }

    /// The top-left position of the grown mask of `e` whose centre lies nearest (`tx`, `ty`), in
    /// plain distance, and within `radius` of it: (`tx`, `ty`) itself, to the nearest whole pixel,
    /// when the word fits there. Nil when none is that near. Only the pixels around the target are
    /// searched, so the search costs little however crowded the canvas.
    func findNearby(_ e: MaskCache.Entry, x tx: Double, y ty: Double, radius: Double) -> (x: Int, y: Int)? {
        let g = e.grown
        let left = (tx - Double(g.width) / 2).rounded(), top = (ty - Double(g.height) / 2).rounded()
        // Checked before converting: a target far off the canvas is searched for, never a trap.
        let onCanvas =
            left >= 0 && top >= 0 && left + Double(g.width) <= Double(fine.width)
            && top + Double(g.height) <= Double(fine.height)
        if onCanvas && !fine.collides(g, x: Int(left), y: Int(top)) { return (Int(left), Int(top)) }
        guard radius >= 1, abs(tx) <= Double(fine.width) * 2, abs(ty) <= Double(fine.height) * 2 else { return nil }
        let finder = PlacementSearch(map: fine, strategy: .archimedean, depth: nil, stretched: false)
        // The window's tiles (64 columns by 8 rows) reach at least `radius` beyond the target.
        let rows = Int(radius) / PlacementSearch.tileHeight + 2
        let window = (x: Int(left), y: Int(top), radius: rows)
        let found = finder.nearest(
            e.search ?? SearchMask(g), startX: tx, startY: ty, near: window, better: radius * radius)
        return found.map { ($0.x, $0.y) }
    }

    /// The top-left position of the grown mask of `e` whose centre is nearest (`tx`, `ty`) in plain
    /// distance (neither stretched to the canvas nor ranked by a shape's depth), anywhere on the
    /// canvas, whatever the strategy; nil when none is found. `final`: the word's last chance, as
    /// for `find`.
    mutating func findNearest(
        _ e: MaskCache.Entry, x tx: Double, y ty: Double, final: Bool, region: Rect? = nil
    ) -> (x: Int, y: Int)? {
        let c = PlacementArea.coarse, g = e.grown
        if let cm = e.coarse, !coarseFailures.rulesOut(cm) {
            let coarseRegion = region.map { r in
                Rect(x: r.x / Double(c), y: r.y / Double(c), width: r.width / Double(c), height: r.height / Double(c))
            }
            let coarseFinder = PlacementSearch(
                map: coarse, strategy: .archimedean, depth: nil, stretched: false, region: coarseRegion)
            if let hit = coarseFinder.nearest(SearchMask(cm), startX: tx / Double(c), startY: ty / Double(c)) {
                // A sure fit; the nearest fit on the canvas lies no farther, so only the positions
                // nearer than it are searched.
                let finder = PlacementSearch(map: fine, strategy: .archimedean, depth: nil, stretched: false, region: region)
                let gx = hit.x * c, gy = hit.y * c
                let key = finder.key(x: gx, y: gy, width: g.width, height: g.height, startX: tx, startY: ty)
                if let l = finder.nearest(e.search ?? SearchMask(g), startX: tx, startY: ty, better: key) {
                    return (l.x, l.y)
                }
                return (gx, gy)
            }
            coarseFailures.note(cm)
        }
        if final && lastChances > 0 { return lastChance(e, startX: tx, startY: ty, plain: true) }
        return nil
    }

    /// The word's last chance, on the half-resolution map; `plain`: nearest the start in plain
    /// distance, as `findNearest` ranks positions.
    private mutating func lastChance(
        _ e: MaskCache.Entry, startX sx: Double, startY sy: Double, plain: Bool = false
    ) -> (x: Int, y: Int)? {
        let hm = e.grown.downsampled(by: 2)
        guard !halfFailures.rulesOut(hm) else { return nil }
        lastChances -= 1
        if half == nil { half = makeHalf() }
        let halfFinder =
            plain
            ? PlacementSearch(map: half!.map, strategy: .archimedean, depth: nil, stretched: false)
            : PlacementSearch(map: half!.map, strategy: strategy, depth: half!.depth, plans: half!.plans)
        // The word's last chance, so any fit will do: the first found, in one of the deepest (or
        // nearest) tiles with room, spares visiting all the others.
        if let g = halfFinder.nearest(SearchMask(hm), startX: sx / 2, startY: sy / 2, firstFit: true) {
            return refine(e, g.x * 2, g.y * 2, startX: sx, startY: sy, plain: plain)
        }
        halfFailures.note(hm)
        return nil
    }

    /// A sure fit at (`gx`, `gy`) found on a coarser map, pulled as close to the start as the pixels
    /// around it allow; `plain` as for `lastChance`.
    private func refine(
        _ e: MaskCache.Entry, _ gx: Int, _ gy: Int, startX sx: Double, startY sy: Double, plain: Bool = false
    ) -> (x: Int, y: Int) {
        // Made only when the fine map is searched: most words that fail never get that far.
        let search = e.search ?? SearchMask(e.grown)
        let finder =
            plain
            ? PlacementSearch(map: fine, strategy: .archimedean, depth: nil, stretched: false)
            : PlacementSearch(map: fine, strategy: strategy, depth: area.depth, plans: finePlans)
        let bestKey = finder.key(x: gx, y: gy, width: search.mask.width, height: search.mask.height, startX: sx, startY: sy)
        if let l = finder.nearest(search, startX: sx, startY: sy, near: (gx, gy, 3), better: bestKey) {
            return (l.x, l.y)
        }
        return (gx, gy)
    }

    /// The half-resolution map of the canvas as it is now.
    private func makeHalf() -> HalfMap {
        var taken = fine.taken.downsampled(by: 2)
        let halfForbidden = area.halfForbidden
        for k in taken.words.indices { taken.words[k] |= halfForbidden.words[k] }
        return HalfMap(
            map: OccupancyMap(width: halfForbidden.width, height: halfForbidden.height, forbidden: taken),
            depth: area.depth?.asked(shift: 0), plans: PlacementSearch.PlanCache())
    }

    /// Marks `bits` at (`x`, `y`) as taken on every map.
    mutating func insert(_ bits: BitMask, x: Int, y: Int) {
        let c = PlacementArea.coarse
        fine.insert(bits, x: x, y: y)
        coarse.insert(bits.downsampled(by: c, offsetX: x % c, offsetY: y % c), x: x / c, y: y / c, countsAsInk: false)
        half?.map.insert(
            bits.downsampled(by: 2, offsetX: x % 2, offsetY: y % 2), x: x / 2, y: y / 2,
            countsAsInk: false)
    }
}
