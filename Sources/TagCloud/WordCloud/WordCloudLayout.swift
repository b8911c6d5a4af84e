import Dispatch

/// The word cloud: Wordle-style placement with pixel-exact collisions.
///
/// Words go in order of weight, heaviest first. Each word's coverage mask (its real glyphs at its size
/// and angle, grown by the margin) is searched for a free position, nearest the centre first (or
/// deepest inside the shape); when none is free it tries its other angles, then smaller sizes, and is
/// reported unplaced only when even the minimum size does not fit. Masks are rasterised on a second
/// thread just ahead of the placement (where more than one core is available), which is sequential
/// and depends only on the input, the options and the seed.
public struct WordCloudLayout: Sendable {
    /// The options.
    public var options: WordCloudOptions

    /// Whether masks are made on a second thread a few words ahead of the placement. Default: true
    /// when the process may use more than one core. On one core the thread only takes turns with the
    /// placement and makes masks that go unused (the sizes it guesses), which cost 20–30% of the time.
    /// The layout is the same either way.
    public var masksOnSecondThread = AvailableProcessors.count > 1

    /// Creates a layout with options.
    public init(_ options: WordCloudOptions = WordCloudOptions()) { self.options = options }

    /// What a layout run measured, besides the layout itself.
    public struct Statistics: Hashable, Sendable {
        /// Words asked for (after `maxWords`).
        public var requested: Int
        /// Words placed (repeats included).
        public var placed: Int
        /// Words placed smaller than their weight asked for.
        public var shrunk: Int
        /// Words that fit nowhere.
        public var unplaced: Int
        /// Share of canvas pixels covered by word ink.
        public var fillRatio: Double
        /// The factor the whole cloud was scaled by under `fit = .all` (1 otherwise).
        public var scale: Double
    }

    /// Lays out `terms` with `options.seed`.
    public func layout(_ terms: [Term], typesetter: some Typesetter & GlyphRasterizer) throws -> CloudLayout {
        var rng = SeededRandom(seed: options.seed)
        return try layout(terms, typesetter: typesetter, using: &rng)
    }

    /// Lays out `terms`, drawing every random choice from `rng`.
    public func layout(_ terms: [Term], typesetter: some Typesetter & GlyphRasterizer,
                       using rng: inout SeededRandom) throws -> CloudLayout {
        try run(terms, typesetter: typesetter, using: &rng).layout
    }

    /// How far a layout run has got, for a progress display: reported after each word's placement
    /// (or failure) of each attempt.
    public struct Progress: Hashable, Sendable {
        /// Words placed or given up on so far in this attempt, in weight order.
        public var words: Int
        /// Words in the layout (after `maxWords`).
        public var total: Int
        /// Which attempt: 1, then 2, 3, … while `fit = .all` scales the whole cloud down to fit.
        public var attempt: Int
    }

    /// Lays out `terms` and reports what happened; `progress`, when given, is called on this thread
    /// after each word, so a long layout can show how far it has got.
    public func run<T: Typesetter & GlyphRasterizer>(_ terms: [Term], typesetter: T,
                    using rng: inout SeededRandom,
                    progress: ((Progress) -> Void)? = nil) throws -> (layout: CloudLayout, statistics: Statistics) {
        try options.validate()
        for t in terms where !(t.weight.isFinite && t.weight >= 0) {
            throw TagCloudError.invalidWeight(text: t.text, weight: t.weight)
        }
        // Heaviest first; ties keep input order. Empty texts and words past maxWords are reported.
        var unplaced: [UnplacedWord] = []
        var order: [Int] = []
        for (i, t) in terms.enumerated() {
            if t.text.isBlank {
                unplaced.append(UnplacedWord(index: i, text: t.text, id: t.id, reason: .empty))
            } else {
                order.append(i)
            }
        }
        order.sort { (terms[$0].weight, $1) > (terms[$1].weight, $0) }
        for i in order.dropFirst(options.maxWords) {
            unplaced.append(UnplacedWord(index: i, text: terms[i].text, id: terms[i].id, reason: .maxWords))
        }
        order = Array(order.prefix(options.maxWords))
        guard !order.isEmpty else { throw TagCloudError.noTerms }

        var styleOptions = options.style
        styleOptions.sizing = .scaled(WeightScale(minSize: 10, maxSize: 10))   // sizes are decided here
        let styled = try styleOptions.style(order.map { terms[$0] }, using: &rng)

        // The area words may cover.
        var allowed: BitMask? = nil
        var contours: [[Point]] = []
        switch options.area {
        case .canvas: break
        case .shape(let shape):
            let m = shape.mask(width: options.width, height: options.height, inset: options.contourWidth / 2)
            allowed = m.allowed
            contours = m.contours
            if m.isEmpty {
                throw TagCloudError.shapeLeavesNoRoom(shape: shape.rawValue, width: options.width, height: options.height,
                                                      contourWidth: options.contourWidth)
            }
        case .mask(let m):
            if m.isEmpty { throw TagCloudError.noRoom("the mask") }
            allowed = m
            if options.contourWidth > 0 { contours = ShapeMask.traced(from: m).contours }
        }
        let forbidden = allowed?.inverted()
        // The shape at half resolution: its depths (for the canvas and the half-resolution map alike,
        // as they only order the positions a search visits) and the half map's walls.
        let halfForbidden = Engine<T>.coarseForbidden(forbidden, width: options.width, height: options.height, factor: 2)
        let depth = allowed == nil ? nil : ShapeDepth(allowed: halfForbidden.inverted(), shift: 1)

        // Angles to try for each word, drawn now so every attempt below makes the same choices.
        let choices = AngleChoices(options)
        let angles = styled.map { _ in choices.choose(&rng) }
        let placementSeed = rng.next()

        let coarseForbidden = Engine<T>.coarseForbidden(forbidden, width: options.width, height: options.height)
        let coarseDepth = allowed == nil ? nil : ShapeDepth(allowed: coarseForbidden.inverted())
        let engine = Engine(options: options, masksOnSecondThread: masksOnSecondThread, styled: styled, angles: angles,
                            typesetter: typesetter,
                            forbidden: forbidden, depth: depth, halfForbidden: halfForbidden,
                            coarseForbidden: coarseForbidden, coarseDepth: coarseDepth,
                            room: allowed?.setExtent ?? (options.width, options.height),
                            cache: MaskCache(shared: masksOnSecondThread, words: styled.count))
        let maxSize = try options.maxFontSize ?? engine.automaticMaxSize()
        var attempts = 0
        func report(_ words: Int) { progress?(Progress(words: words, total: styled.count, attempt: attempts)) }
        func placeAll(scale: Double) throws -> Engine<T>.Attempt {
            attempts += 1
            return try engine.attempt(scale: scale, maxSize: maxSize, seed: placementSeed,
                                      progress: progress == nil ? nil : report)
        }
        var attempt = try placeAll(scale: 1)
        var scale = 1.0
        if options.fit == .all && attempt.unplacedCount > 0 {
            // Shrink the whole cloud until everything fits, then bisect back up.
            var hi = 1.0, lo = 0.5
            var best = attempt
            var found = false
            while lo * maxSize >= options.minFontSize / 2 {
                let a = try placeAll(scale: lo)
                if a.unplacedCount == 0 { best = a; found = true; break }
                if a.unplacedCount < best.unplacedCount { best = a }
                hi = lo
                lo /= 2
            }
            if found {
                for _ in 0..<6 {
                    let mid = (lo + hi) / 2
                    let a = try placeAll(scale: mid)
                    if a.unplacedCount == 0 { best = a; lo = mid } else { hi = mid }
                }
                scale = lo
            }
            attempt = best
        }

        var placed: [PlacedWord] = []
        for p in attempt.placements {
            let s = styled[p.word], t = terms[order[p.word]]
            var color = s.color
            if let img = options.colorImage, let c = img.meanColor(under: p.raw.bits, atX: p.x, y: p.y) { color = c }
            let frame = Rect(x: Double(p.x), y: Double(p.y), width: Double(p.raw.bits.width), height: Double(p.raw.bits.height))
            placed.append(PlacedWord(
                index: order[p.word], text: t.text, id: t.id, link: t.link, weight: t.weight * p.weightFactor,
                frame: frame, origin: Point(x: Double(p.x - p.raw.offsetX), y: Double(p.y - p.raw.offsetY)),
                inkBounds: frame, font: p.set.font, fontSize: p.set.size, color: color, rotation: p.angle,
                glyphs: p.set.glyphs, rightToLeft: p.set.isRightToLeft, fallbackFont: p.set.usedFallback,
                shrunk: p.shrunk, fallbackFonts: p.set.fallbackFonts, fontRuns: p.set.fontRuns))
        }
        for w in attempt.failed {
            unplaced.append(UnplacedWord(index: order[w], text: terms[order[w]].text, id: terms[order[w]].id, reason: .noSpace))
        }
        unplaced.sort { $0.index < $1.index }
        let contour = options.contourWidth > 0 && !contours.isEmpty
            ? Contour(polygons: contours, width: options.contourWidth, color: options.contourColor) : nil
        let layout = CloudLayout(kind: "cloud", size: Size(width: Double(options.width), height: Double(options.height)),
                                 background: options.style.background, placed: placed, unplaced: unplaced,
                                 seed: options.seed, contour: contour)
        let stats = Statistics(requested: order.count, placed: placed.count, shrunk: placed.filter(\.shrunk).count,
                               unplaced: attempt.failed.count, fillRatio: attempt.fillRatio, scale: scale)
        return (layout, stats)
    }
}

/// One placement run at one global scale; shared state for the search.
private struct Engine<T: Typesetter & GlyphRasterizer> {
    let options: WordCloudOptions
    let masksOnSecondThread: Bool
    let styled: [StyledWord]
    let angles: [[Double]]
    let typesetter: T
    let forbidden: BitMask?
    let depth: ShapeDepth?
    /// The half-resolution map's forbidden cells, for when a word's last chance needs that map.
    let halfForbidden: BitMask
    /// The canvas at 1/`coarse` resolution, a cell taken when any of its pixels is: a fit found there
    /// is a fit on the canvas, found sixteen times faster, so the search reaches the far edge of a
    /// crowded cloud quickly; the fine map then only needs searching around that fit.
    let coarseForbidden: BitMask
    let coarseDepth: ShapeDepth?
    /// The width and height of the area words may cover (the canvas, or the bounding box of the
    /// shape or mask): a grown mask larger than this fits nowhere.
    let room: (width: Int, height: Int)
    let cache: MaskCache

    static var coarse: Int { 4 }
    /// Words ahead of the placement whose masks are prefetched.
    static var lookahead: Int { 8 }
    /// Words ahead whose other angles and minimum size are prefetched while words keep failing.
    static var fallbackLookahead: Int { 4 }

    /// The forbidden cells of a map at 1/`factor` resolution: those with a forbidden pixel, and those
    /// reaching past the canvas.
    static func coarseForbidden(_ forbidden: BitMask?, width: Int, height: Int, factor: Int = coarse) -> BitMask {
        var m = forbidden?.downsampled(by: factor)
            ?? BitMask(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor)
        if width % factor != 0 { for y in 0..<m.height { m[m.width - 1, y] = true } }
        if height % factor != 0 { m.setRun(y: m.height - 1, from: 0, to: m.width) }
        return m
    }

    struct Placement {
        var word: Int
        var x: Int
        var y: Int
        var angle: Double
        var set: TypesetWord
        var raw: WordMask
        var shrunk: Bool
        var weightFactor: Double
    }

    struct Attempt {
        var placements: [Placement]
        var failed: [Int]
        var fillRatio: Double
        var unplacedCount: Int { failed.count }
    }

    /// The size at which the heaviest word, at its first angle, spans a comfortable part of the area.
    func automaticMaxSize() throws -> Double {
        let probe = 100.0
        let entry = try cache.entry(index: 0, word: styled[0], size: probe, angle: angles[0][0], margin: 0, typesetter: typesetter)
        let w = Double(max(1, entry.raw.bits.width)), h = Double(max(1, entry.raw.bits.height))
        let aw = Double(max(1, room.width)), ah = Double(max(1, room.height))
        let size = (probe * min(0.8 * aw / w, 0.45 * ah / h)).rounded(.down)
        return max(options.minFontSize, min(CloudStyle.maximumFontSize, size))
    }

    /// The target size of each word before any shrinking (relative scaling assumes no shrink).
    func predictedSizes(scale g: Double, maxSize: Double) -> [Double] {
        var sizes: [Double] = []
        switch options.sizing {
        case .relativeScaling(let rs):
            var running = (maxSize * g).rounded()
            for (i, w) in styled.enumerated() {
                if i > 0 {
                    let prev = styled[i - 1].term.weight
                    let ratio = prev > 0 ? w.term.weight / prev : 1
                    running = ((rs * ratio + (1 - rs)) * running).rounded()
                }
                sizes.append(max(options.minFontSize, running))
            }
        case .scale(let curve):
            let weights = styled.map(\.term.weight)
            let range = (weights.min() ?? 0)...(weights.max() ?? 0)
            let scale = WeightScale(curve: curve, minSize: options.minFontSize, maxSize: maxSize)
            sizes = styled.map { max(options.minFontSize, (scale.size(for: $0.term.weight, in: range) * g).rounded()) }
        }
        return sizes
    }

    var dilation: Int { (options.margin + 1) / 2 }

    /// One placement of every word at global scale `g`; `progress` hears how many words are done.
    func attempt(scale g: Double, maxSize: Double, seed: UInt64, progress: ((Int) -> Void)? = nil) throws -> Attempt {
        var rng = SeededRandom(seed: seed)
        var map = OccupancyMap(width: options.width, height: options.height, forbidden: forbidden)
        var coarseMap = OccupancyMap(width: coarseForbidden.width, height: coarseForbidden.height, forbidden: coarseForbidden)
        let c = Self.coarse
        // The maps change, but the order their tiles are visited in depends only on the word's size.
        let finePlans = PlacementSearch.PlanCache(), coarsePlans = PlacementSearch.PlanCache()
        let predicted = predictedSizes(scale: g, maxSize: maxSize)

        var placements: [Placement] = []
        var failed: [Int] = []
        // A word's last chance is a search of the whole canvas at half resolution (below). A layout
        // makes at most this many; after that, a word that the quick search (everywhere at quarter
        // resolution) cannot place is reported unplaced.
        // The Python package instead stops at its first word that does not fit.
        var lastChances = 200
        // Coarse masks that fit nowhere on the coarse map.
        var coarseFailures = FailedMasks()
        // A word's last chance, once the coarse map has no room for it, is a search of the canvas at
        // half resolution: gaps too narrow for the coarse map's cells are found there at a quarter of
        // the cost of searching every pixel. That map is made the first time it is needed (a cloud
        // with room to spare never needs it) and kept up to date from then on.
        var half: (map: OccupancyMap, depth: ShapeDepth?, plans: PlacementSearch.PlanCache)? = nil
        func makeHalf() -> (map: OccupancyMap, depth: ShapeDepth?, plans: PlacementSearch.PlanCache) {
            var taken = map.taken.downsampled(by: 2)
            for k in taken.words.indices { taken.words[k] |= halfForbidden.words[k] }
            return (OccupancyMap(width: halfForbidden.width, height: halfForbidden.height, forbidden: taken),
                    depth?.asked(shift: 0), PlacementSearch.PlanCache())
        }
        // Masks that fit nowhere on the half-resolution map.
        var halfFailures = FailedMasks()
        var running = Running(size: predicted.first ?? options.minFontSize, weight: styled.first?.term.weight ?? 1,
                              cap: .infinity, first: true)
        let minSize = options.minFontSize

        func target(_ i: Int, weightFactor: Double, after r: Running) -> Double {
            switch options.sizing {
            case .relativeScaling(let rs):
                if r.first { return predicted[0] }
                let w = styled[i].term.weight * weightFactor
                let ratio = r.weight > 0 ? w / r.weight : 1
                return max(minSize, ((rs * ratio + (1 - rs)) * r.size).rounded())
            case .scale:
                return max(minSize, min(predicted[i] * weightFactor, r.cap).rounded())
            }
        }
        func target(_ i: Int, weightFactor: Double) -> Double { target(i, weightFactor: weightFactor, after: running) }

        // Masks are made on a second thread a few words ahead of the placement below, at the sizes
        // it will ask for if the words until then go as the last one went (placed at their wanted
        // size, or placed nowhere). When a word goes otherwise the sizes after it change, and the
        // predictions are made again. Without a second thread (one core), none of this happens.
        let prefetch = masksOnSecondThread ? MaskPrefetch() : nil
        defer { prefetch?.stop() }
        let work: @Sendable (MaskPrefetch.Job) -> Void = { [cache, styled, typesetter, dilation, room] job in
            _ = try? cache.entry(index: job.word, word: styled[job.word], size: job.size, angle: job.angle,
                                 margin: dilation, typesetter: typesetter, room: room, unlessClaimed: true)
        }
        var posted: [Int: Double] = [:]     // the wanted size each word was prefetched at
        var postedFallbacks = Set<Int>()    // words whose other angles and minimum size were prefetched
        var generation = 0
        var lastWordUnplaced = false
        func prefetchAhead(from i: Int) {
            guard let prefetch else { return }
            prefetch.advance(to: i)
            var r = running
            var sizes: [Double] = []
            for j in i..<min(styled.count, i + Self.lookahead) {
                let s = target(j, weightFactor: 1, after: r)
                sizes.append(s)
                // Words tend to go on as the last one went: while they fit nowhere, the sizes after
                // them are predicted from the last word placed, as placement will compute them.
                if !lastWordUnplaced { r.placed(size: s, weight: styled[j].term.weight) }
                if let old = posted[j], old != s {
                    generation = prefetch.invalidate()
                    posted.removeAll(keepingCapacity: true)
                    postedFallbacks.removeAll(keepingCapacity: true)
                }
            }
            var jobs: [MaskPrefetch.Job] = []
            for (n, s) in sizes.enumerated() {
                let j = i + n
                if posted[j] == nil {
                    posted[j] = s
                    jobs.append(MaskPrefetch.Job(word: j, size: s, angle: angles[j][0]))
                }
                // While words fit nowhere, their other angles and the minimum size are wanted too (a
                // word that merely shrank says little about the next: those would mostly be wasted).
                if lastWordUnplaced && n < Self.fallbackLookahead && !postedFallbacks.contains(j) {
                    postedFallbacks.insert(j)
                    for a in angles[j].dropFirst() { jobs.append(MaskPrefetch.Job(word: j, size: s, angle: a)) }
                    if s > minSize {
                        for a in angles[j] { jobs.append(MaskPrefetch.Job(word: j, size: minSize, angle: a)) }
                    }
                }
            }
            if !jobs.isEmpty { prefetch.post(jobs, generation: generation, work: work) }
        }

        /// `final`: the last chance for this word, so a fruitless quick search is followed by a full one.
        func place(_ i: Int, size: Double, final: Bool = false) throws -> Placement? {
            for angle in angles[i] {
                let e = try cache.entry(index: i, word: styled[i], size: size, angle: angle, margin: dilation,
                                        typesetter: typesetter, room: room)
                // A word without ink has nothing to place (and draws nothing from the generator).
                if e.fits && !e.hasInk { continue }
                var sx = Double(options.width) / 2, sy = Double(options.height) / 2
                if options.randomStart {
                    sx += (rng.nextUnit() - 0.5) * Double(options.width) / 4
                    sy += (rng.nextUnit() - 0.5) * Double(options.height) / 4
                }
                guard e.fits else {
                    // Too big for the area: the search it was spared would have found nothing, after
                    // drawing the start above and, as a word's last chance, using up a last chance.
                    if final && lastChances > 0 { lastChances -= 1 }
                    continue
                }
                // Made only when the fine map is searched: most words that fail never get that far.
                lazy var search = e.search ?? SearchMask(e.grown)
                let finder = PlacementSearch(map: map, strategy: options.strategy, depth: depth, plans: finePlans)
                let coarseFinder = PlacementSearch(map: coarseMap, strategy: options.strategy, depth: coarseDepth,
                                                   plans: coarsePlans)
                var spot: (x: Int, y: Int)? = nil
                // A sure fit at (gx, gy) found on a coarser map: the fine map around it pulls the word
                // as close as the pixels allow.
                func refine(_ gx: Int, _ gy: Int) -> (x: Int, y: Int) {
                    let bestKey = finder.key(x: gx, y: gy, width: search.mask.width, height: search.mask.height,
                                             startX: sx, startY: sy)
                    if let l = finder.nearest(search, startX: sx, startY: sy, near: (gx, gy, 3), better: bestKey) {
                        return (l.x, l.y)
                    }
                    return (gx, gy)
                }
                if options.strategy == .random, let cm = e.coarse, let r = coarseFinder.random(SearchMask(cm), rng: &rng) {
                    spot = (r.x * c, r.y * c)
                }
                if spot == nil {
                    // The coarse map finds the nearest sure fit quickly (a fit there is a fit on the
                    // canvas), and the fine map around it pulls the word as close as the pixels allow.
                    // A word the coarse map cannot place has its last chance on the half-resolution map.
                    var coarseHit: PlacementSearch.Found? = nil
                    if let cm = e.coarse, !coarseFailures.rulesOut(cm) {
                        coarseHit = coarseFinder.nearest(SearchMask(cm), startX: sx / Double(c), startY: sy / Double(c))
                        if coarseHit == nil { coarseFailures.note(cm) }
                    }
                    if let g = coarseHit {
                        spot = refine(g.x * c, g.y * c)
                    } else if final && lastChances > 0 {
                        let hm = e.grown.downsampled(by: 2)
                        if !halfFailures.rulesOut(hm) {
                            lastChances -= 1
                            if half == nil { half = makeHalf() }
                            let halfFinder = PlacementSearch(map: half!.map, strategy: options.strategy,
                                                             depth: half!.depth, plans: half!.plans)
                            // The word's last chance, so any fit will do: the first found, in one of the
                            // deepest (or nearest) tiles with room, spares visiting all the others.
                            if let g = halfFinder.nearest(SearchMask(hm), startX: sx / 2, startY: sy / 2, firstFit: true) {
                                spot = refine(g.x * 2, g.y * 2)
                            } else {
                                halfFailures.note(hm)
                            }
                        }
                    }
                }
                if let s = spot {
                    // The grown mask's top-left is `s`; the ink mask sits `dilation` pixels inside it.
                    return Placement(word: i, x: s.x + dilation, y: s.y + dilation, angle: angle, set: e.set,
                                     raw: e.raw, shrunk: false, weightFactor: 1)
                }
            }
            return nil
        }

        func placeShrinking(_ i: Int, weightFactor: Double) throws -> Placement? {
            let want = target(i, weightFactor: weightFactor)
            if var p = try place(i, size: want, final: want <= minSize) {
                p.weightFactor = weightFactor
                return p
            }
            // Shrink. The smallest size first, searched in full: a word that does not fit even there
            // fits nowhere. Otherwise step down from the wanted size (10%, 20%, … in whole font
            // steps): a failed search visits the whole canvas, so few, well-spread sizes beat
            // stepping one point at a time.
            let step = options.fontStep
            guard want > minSize, var best = try place(i, size: minSize, final: true) else { return nil }
            var sizes: [Double] = []
            var tried = want
            for fraction in [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2] {
                let size = max(minSize, ((want * fraction) / step).rounded(.down) * step)
                guard size < tried, size > minSize else { continue }
                tried = size
                sizes.append(size)
            }
            // The word fits: the sizes below are tried in turn, the first few made on the other thread
            // while this one searches (the search usually ends at one of them).
            if let prefetch {
                let jobs = sizes.prefix(2).flatMap { size in angles[i].map { MaskPrefetch.Job(word: i, size: size, angle: $0) } }
                if jobs.count > 1 { prefetch.post(Array(jobs.dropFirst()), generation: generation, work: work) }
            }
            for size in sizes {
                if let p = try place(i, size: size) { best = p; break }
            }
            best.shrunk = true
            best.weightFactor = weightFactor
            return best
        }

        func commit(_ p: Placement) {
            map.insert(p.raw.bits, x: p.x, y: p.y)
            coarseMap.insert(p.raw.bits.downsampled(by: c, offsetX: p.x % c, offsetY: p.y % c), x: p.x / c, y: p.y / c,
                             countsAsInk: false)
            half?.map.insert(p.raw.bits.downsampled(by: 2, offsetX: p.x % 2, offsetY: p.y % 2), x: p.x / 2, y: p.y / 2,
                             countsAsInk: false)
            placements.append(p)
            running.placed(size: p.set.size, weight: styled[p.word].term.weight * p.weightFactor)
        }

        for i in styled.indices {
            prefetchAhead(from: i)
            let p = try placeShrinking(i, weightFactor: 1)
            lastWordUnplaced = p == nil
            if let p { commit(p) } else { failed.append(i) }
            progress?(i + 1)
        }
        prefetch?.stop()
        if options.repeatWords && !placements.isEmpty {
            // Repeat the placed words, each round at a lower weight, until the space or maxWords runs out.
            let originals = placements.map(\.word)
            var factor = 1.0
            var progress = true
            while progress && placements.count < options.maxWords {
                progress = false
                factor *= 0.8
                for i in originals where placements.count < options.maxWords {
                    if let p = try placeShrinking(i, weightFactor: factor) { commit(p); progress = true }
                }
            }
        }
        return Attempt(placements: placements, failed: failed, fillRatio: map.fillRatio)
    }
}

/// What the size of the next word depends on: the last word placed.
private struct Running {
    var size: Double
    var weight: Double
    var cap: Double
    var first: Bool

    mutating func placed(size s: Double, weight w: Double) {
        size = s; weight = w; cap = s; first = false
    }
}

/// Typeset words and their masks, by word, size, angle and margin; safe to share across threads.
/// One cache serves one layout, so a word is known by its index, and its few entries (its angles
/// and the sizes it shrank through) are kept by that index (`first`, `more`): no hashing on every
/// lookup, and no table of large values to grow and move.
private final class MaskCache: @unchecked Sendable {
    /// Which entry: the word (by its index in the layout), its size, angle and margin.
    struct Key: Equatable {
        var word: Int
        var size: Double
        var angle: Double
        var margin: Int
    }

    /// One word at one size, angle and margin. A class: the placement looks entries up all the
    /// time, and handing out a reference costs one retain where a copy would retain every array.
    final class Entry: Sendable {
        let key: Key
        let set: TypesetWord
        let raw: WordMask
        /// The mask grown by the margin.
        let grown: BitMask
        /// `grown` made ready to search, when it was made ahead on another thread; nil otherwise
        /// (the placement makes it when it needs it) and for words without ink.
        let search: SearchMask?
        /// The grown mask at the coarse map's resolution. Made ready for searching only when a coarse
        /// search runs: in a crowded layout a known coarse failure often rules the search out.
        let coarse: BitMask?
        /// False when the rasteriser's lower bound showed that the grown mask is larger than the
        /// room it was asked for: nothing was rasterised, `raw` is empty and there is nothing to search.
        let fits: Bool
        /// Whether the word has any ink to place.
        var hasInk: Bool { raw.bits.width > 0 }

        init(key: Key, set: TypesetWord, raw: WordMask, grown: BitMask, search: SearchMask?, coarse: BitMask?,
             fits: Bool = true) {
            self.key = key
            self.set = set; self.raw = raw; self.grown = grown; self.search = search; self.coarse = coarse
            self.fits = fits
        }
    }

    /// Each word's first entry, by the word's index in the layout, and its others (its other
    /// angles, the sizes it shrank through) in `more`: most words have one, which then costs no
    /// list of its own. Read and written by one thread at a time (under `lock` when shared), so
    /// without the runtime's exclusivity check on every look-up.
    @exclusivity(unchecked) private var first: [Entry?]
    @exclusivity(unchecked) private var more: [[Entry]]
    /// Entries being made right now, so a prefetch does not make one the placement is making.
    private var claimed: [Key] = []
    private let lock = Lock()
    /// Whether another thread (a prefetch) uses the cache too. Without one, the placement alone
    /// makes and reads the entries, with no lock to take and no claims to keep.
    private let shared: Bool

    init(shared: Bool, words: Int) {
        self.shared = shared
        first = Array(repeating: nil, count: words)
        more = Array(repeating: [], count: words)
    }

    private func keep(_ e: Entry) {
        if first[e.key.word] == nil { first[e.key.word] = e } else { more[e.key.word].append(e) }
    }

    /// The first entry of `word` (oldest first) whose key passes `matches`.
    private func entry(of word: Int, where matches: (Key) -> Bool) -> Entry? {
        if let e = first[word], matches(e.key) { return e }
        for e in more[word] where matches(e.key) { return e }
        return nil
    }

    private func known(_ key: Key) -> Entry? { entry(of: key.word) { $0 == key } }

    /// The word typeset at the key's size already, at another angle or margin: typesetting does
    /// not depend on either.
    private func typeset(_ key: Key) -> TypesetWord? { entry(of: key.word) { $0.size == key.size }?.set }

    /// The entry of `word`, the word at `index` of the layout. With `unlessClaimed` (a prefetch),
    /// nothing is done when another thread is already making it. With `room`, a word whose grown
    /// mask is sure to be wider or taller than that is not rasterised (`fits` is false): the big
    /// sizes a crowded layout shrinks through are often larger than the canvas.
    @discardableResult
    func entry<T: Typesetter & GlyphRasterizer>(index: Int, word: StyledWord, size: Double, angle: Double, margin: Int,
                                                typesetter: T, room: (width: Int, height: Int)? = nil,
                                                unlessClaimed: Bool = false) throws -> Entry? {
        let key = Key(word: index, size: size, angle: angle, margin: margin)
        if !shared {
            if let e = known(key) { return e }
            let e = try make(word: word, key: key, typeset: typeset(key), typesetter: typesetter, room: room,
                             prefetch: unlessClaimed)
            keep(e)
            return e
        }
        let (found, set, skip) = lock.withLock { () -> (Entry?, TypesetWord?, Bool) in
            if let e = known(key) { return (e, nil, false) }
            if unlessClaimed && claimed.contains(key) { return (nil, nil, true) }
            claimed.append(key)
            return (nil, typeset(key), false)
        }
        if let found { return found }
        if skip { return nil }
        defer { lock.withLock { if let k = claimed.firstIndex(of: key) { claimed.remove(at: k) } } }
        let e = try make(word: word, key: key, typeset: set, typesetter: typesetter, room: room, prefetch: unlessClaimed)
        return lock.withLock {
            // Made by the other thread meanwhile (both may make one when neither gives way): the first kept.
            if let first = known(key) { return first }
            keep(e)
            return e
        }
    }

    /// Typesets (unless `known` already is) and rasterises `word` at the key's size and angle,
    /// grown by its margin. A `prefetch` (on another thread, with time to spare) also makes the
    /// search mask, which the placement otherwise makes only when a search of the fine map needs it.
    private func make<T: Typesetter & GlyphRasterizer>(word: StyledWord, key: Key, typeset known: TypesetWord?,
                                                       typesetter: T, room: (width: Int, height: Int)?,
                                                       prefetch: Bool) throws -> Entry {
        let angle = key.angle, margin = key.margin
        let set = try known ?? typesetter.typesetUnremembered(word.term.text, font: word.font, size: key.size)
        if let room, let least = typesetter.coverageLowerBound(of: set, rotation: angle),
           least.width + 2 * margin > room.width || least.height + 2 * margin > room.height {
            return Entry(key: key, set: set, raw: WordMask(bits: BitMask(width: 0, height: 0), offsetX: 0, offsetY: 0),
                         grown: BitMask(width: 0, height: 0), search: nil, coarse: nil, fits: false)
        }
        let raw = try typesetter.coverage(of: set, rotation: angle)
        let grown = raw.dilated(by: margin).bits
        let search = prefetch && raw.bits.width > 0 ? SearchMask(grown) : nil
        let coarse = raw.bits.width > 0 ? grown.downsampled(by: Engine<T>.coarse) : nil
        return Entry(key: key, set: set, raw: raw, grown: grown, search: search, coarse: coarse)
    }

    /// The entry of `word`, made here if nobody has it yet.
    func entry<T: Typesetter & GlyphRasterizer>(index: Int, word: StyledWord, size: Double, angle: Double, margin: Int,
                                                typesetter: T, room: (width: Int, height: Int)? = nil) throws -> Entry {
        // Never nil: only a prefetch gives way to a claim.
        try entry(index: index, word: word, size: size, angle: angle, margin: margin, typesetter: typesetter,
                  room: room, unlessClaimed: false)!
    }
}

/// Runs mask jobs on a background queue, in the order posted, skipping those the placement has
/// already passed or that a newer prediction replaced. Only the cache sees its work, so the layout
/// does not depend on how far ahead it gets.
private final class MaskPrefetch: @unchecked Sendable {
    struct Job: Sendable {
        var word: Int
        var size: Double
        var angle: Double
    }

    private let queue = DispatchQueue(label: "TagCloud.MaskPrefetch")
    private let lock = Lock()
    private var current = 0
    private var generation = 0
    private var stopped = false

    /// The placement has reached word `word`: jobs for earlier words are no longer wanted.
    func advance(to word: Int) { lock.withLock { current = word } }

    /// Drops the jobs posted so far; returns the generation to post new ones with.
    func invalidate() -> Int { lock.withLock { generation += 1; return generation } }

    func post(_ jobs: [Job], generation g: Int, work: @escaping @Sendable (Job) -> Void) {
        queue.async { [self] in
            for job in jobs {
                let (go, over) = lock.withLock { (job.word >= current && g == generation, stopped || g != generation) }
                if over { return }
                if go { work(job) }
            }
        }
    }

    /// Cancels what is left and waits for the job in progress, so no work outlives the layout.
    func stop() {
        lock.withLock { stopped = true }
        queue.sync {}
    }
}
