/// The word cloud: Wordle-style placement with pixel-exact collisions.
///
/// Words go in order of weight, heaviest first. Each word's coverage mask (its real glyphs at its size
/// and angle, grown by the margin) is searched for a free position, nearest the centre first (or
/// deepest inside the shape); when none is free it tries its other angles, then smaller sizes, and is
/// reported unplaced only when even the minimum size does not fit. Masks are rasterised on a second
/// thread just ahead of the placement (where more than one core is available), which is sequential
/// and depends only on the input, the options and the seed.
///
/// A term with a `pin` is placed first, exactly there: the centre of its frame at the pin (to the
/// nearest whole pixel), at the pin's angle and size (or the size the sizing gives it). The other
/// words are then searched for around the pinned ones, as usual. A pinned word keeps its size when
/// `fit = .all` scales the cloud down (only the other words shrink), is not repeated by
/// `repeatWords`, and does not set the size of the words after it. The layout throws
/// `TagCloudError.pinOutside` when a pinned word's ink leaves the canvas, shape or mask, and
/// `TagCloudError.pinsOverlap` when two pinned words come closer than the margin.
///
/// With `options.previous`, the words that were in the previous layout are placed after the pinned
/// words, heaviest first, each where it was (the centre of its frame, at its angle) when it still
/// fits there, else at the nearest free position; a word whose weight changed grows or shrinks
/// about its centre. The new words are then placed around them as usual. A previous place is a
/// wish, never an error. `Statistics.continuity` says how many words stayed, moved and were new.
/// A kept word keeps its colour and, among several fonts, its font (see `KeptLooks`).
///
/// The stages, each in its own file: `WordSizing` decides each word's size, `PinnedWords` places
/// the pinned words, `PlacementRun` places the others one by one on `PlacementMaps`, whose
/// `PlacementSearch` finds a word's position; `MaskCache` and `MaskLookahead` make the words' masks.
public struct WordCloudLayout: Sendable {
    /// The options.
    public var options: WordCloudOptions

    /// Whether masks are made on a second thread a few words ahead of the placement. Default: true
    /// when the process may use more than one core. On one core the thread only takes turns with the
    /// placement and makes masks that go unused (the sizes it guesses), so it is left off there.
    /// The layout is the same either way.
    public var masksOnSecondThread = AvailableProcessors.count > 1

    /// Stops the layout midway when cancelled: it then throws `TagCloudError.cancelled`. Checked
    /// before the layout starts, before each pinned word, before each attempt of `fit = .all` and
    /// before each angle and size a word tries; not while the canvas, shape or mask is prepared
    /// (a second or two on the largest canvas, 400 million pixels). Default: nil, never cancelled.
    public var cancellation: CancellationToken?

    /// In a series (`SeriesLayout`), each word's sizes across the frames; nil outside one.
    var series: SeriesSizes? = nil

    /// Creates a layout with options.
    public init(_ options: WordCloudOptions = WordCloudOptions()) { self.options = options }

    /// What a layout run measured, besides the layout itself.
    public struct Statistics: Hashable, Sendable {
        /// Words asked for (after `maximumWords`).
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
        /// How the words kept to `options.previous`; nil without a previous layout.
        public var continuity: Continuity? = nil
    }

    /// Lays out `terms` with `options.seed` (which the layout records).
    public func layout(_ terms: [Term], typesetter: some Typesetter & GlyphRasterizer) throws(CoreError) -> CloudLayout {
        try run(terms, typesetter: typesetter).layout
    }

    /// Lays out `terms`, drawing every random choice from `rng` (the layout records no seed).
    public func layout(
        _ terms: [Term], typesetter: some Typesetter & GlyphRasterizer,
        using rng: inout SeededRandom
    ) throws(CoreError) -> CloudLayout {
        try run(terms, typesetter: typesetter, using: &rng).layout
    }

    /// How far a layout run has got, for a progress display: reported after each word's placement
    /// (or failure) of each attempt.
    public struct Progress: Hashable, Sendable {
        /// Words placed or given up on so far in this attempt, in weight order.
        public var words: Int
        /// Words in the layout (after `maximumWords`).
        public var total: Int
        /// Which attempt: 1, then 2, 3, … while `fit = .all` scales the whole cloud down to fit.
        public var attempt: Int
    }

    /// Lays out `terms` with `options.seed` (which the layout records) and reports what happened;
    /// `progress`, when given, is called on this thread after each word, so a long layout can show
    /// how far it has got.
    public func run<T: Typesetter & GlyphRasterizer>(
        _ terms: [Term], typesetter: T,
        progress: ((Progress) -> Void)? = nil
    ) throws(CoreError) -> (layout: CloudLayout, statistics: Statistics) {
        var rng = SeededRandom(seed: options.seed)
        let r = try run(terms, typesetter: typesetter, using: &rng, seed: options.seed, progress: progress)
        return (r.layout, r.statistics)
    }

    /// A run with `options.seed` that also gives, for each placed word with several sizes in the
    /// series (by term index), the word at each of them, placed where the series puts it.
    func seriesRun<T: Typesetter & GlyphRasterizer>(
        _ terms: [Term], typesetter: T, progress: ((Progress) -> Void)? = nil
    ) throws(CoreError) -> RunResult {
        var rng = SeededRandom(seed: options.seed)
        return try run(terms, typesetter: typesetter, using: &rng, seed: options.seed, progress: progress)
    }

    /// What a run gives: the layout, its statistics and, in a series, each word at its sizes.
    struct RunResult {
        var layout: CloudLayout
        var statistics: Statistics
        /// By term index: the placed word at each of its sizes (`SeriesExtent`), by its weight
        /// there, with the pixels its ink covers (one size, at the term's weight, for a word with one).
        var variants: [Int: [Double: (word: PlacedWord, ink: Int)]] = [:]
        /// By term index: the font and colour each placed word was drawn in.
        var looks: [Int: SeriesSizes.Look] = [:]
        /// By term index: each placed word's masks, for the later frames that pin it.
        var entries: [Int: MaskCache.Entry] = [:]
    }

    /// Lays out `terms`, drawing every random choice from `rng`, and reports what happened (the
    /// layout records no seed); `progress` as above.
    public func run<T: Typesetter & GlyphRasterizer>(
        _ terms: [Term], typesetter: T,
        using rng: inout SeededRandom,
        progress: ((Progress) -> Void)? = nil
    ) throws(CoreError) -> (layout: CloudLayout, statistics: Statistics) {
        let r = try run(terms, typesetter: typesetter, using: &rng, seed: nil, progress: progress)
        return (r.layout, r.statistics)
    }

    private func run<T: Typesetter & GlyphRasterizer>(
        _ terms: [Term], typesetter: T, using rng: inout SeededRandom,
        seed: UInt64?, progress: ((Progress) -> Void)?
    ) throws(CoreError) -> RunResult {
        try cancellation?.check()
        try options.validate()
        let (order, skipped) = try wordOrder(terms)
        var unplaced = skipped

        // Fonts and colours now (a kept word's from the previous layout); the sizes are decided
        // as the words are placed (`WordSizing`).
        let ordered = order.map { terms[$0] }
        let kept = options.previous.map { KeptLooks(ordered, previous: $0, style: options.style, typesetter: typesetter) }
        let related = relatedWords(ordered)
        var styled = options.style.looks(ordered, keeping: kept, clusters: related?.clusters.of, using: &rng)
        // In a series, a word keeps the font and colour it was first drawn in.
        for k in styled.indices {
            if let look = series?.looks[order[k]] { styled[k].font = look.font; styled[k].color = look.color }
        }
        let area = try PlacementArea(options)
        // Angles to try for each word, drawn now so every attempt makes the same choices.
        let choices = AngleChoices(options)
        // Drawn for every word, so a word's own angle leaves the others' draws alone.
        let angles = styled.map { word in
            let drawn = choices.choose(&rng)
            return word.term.angle.map { [$0] } ?? drawn
        }
        let placementSeed = rng.next()

        // Kept words are placed out of weight order, where the second thread's guesses would go unused.
        let secondThread = masksOnSecondThread && options.previous == nil && series == nil
        let cache = MaskCache(shared: secondThread, words: styled.count, vertical: options.cjkVertical)
        var context = PlacementContext(
            options: options, masksOnSecondThread: secondThread, styled: styled,
            angles: angles, typesetter: typesetter, area: area, cache: cache, cancellation: cancellation)
        if let previous = options.previous { context.targets = WordTargets(previous, styled: styled, angles: angles) }
        if let related { context.semantic = SemanticPlan(related, styled: styled, sizing: options.style.sizing, area: area) }
        let maximumSize = try context.maximumSize()
        context.semantic?.spread(maximumSize: maximumSize)
        if let series {
            let least = options.minimumFontSize
            context.extents = order.map { series.extent(of: $0, maximumSize: maximumSize, minimumSize: least) }
            context.weightRange = series.weightRange
            for (k, i) in order.enumerated() { if let e = series.entries[i] { context.cache.adopt(e, as: k) } }
        }
        context.pinned = try PinnedWords(context, maximumSize: maximumSize)
        let (attempt, scale) = try fittedAttempt(context, maximumSize: maximumSize, seed: placementSeed, progress: progress)

        let placed = attempt.placements.map { p in
            placedWord(p, styled: styled[p.word], term: terms[order[p.word]], index: order[p.word])
        }
        for w in attempt.failed {
            unplaced.append(UnplacedWord(index: order[w], text: terms[order[w]].text, id: terms[order[w]].id, reason: .noSpace))
        }
        unplaced.sort { $0.index < $1.index }
        let contour =
            options.contourWidth > 0 && !area.contours.isEmpty
            ? Contour(polygons: area.contours, width: options.contourWidth, color: options.contourColor) : nil
        var layout = CloudLayout(
            kind: .cloud, size: Size(width: Double(options.width), height: Double(options.height)),
            background: options.style.background, placed: placed, unplaced: unplaced,
            seed: seed, contour: contour)
        if options.legend { layout.legend = try sizeLegend(context, maximumSize: maximumSize, scale: scale) }
        var stats = Statistics(
            requested: order.count, placed: placed.count, shrunk: placed.filter { $0.shrunk }.count,
            unplaced: attempt.failed.count, fillRatio: attempt.fillRatio, scale: scale)
        if options.previous != nil { stats.continuity = Continuity(attempt.placements, context) }
        var result = RunResult(layout: layout, statistics: stats)
        if series != nil {
            result.variants = try variants(attempt.placements, context, terms: terms, order: order)
            for p in attempt.placements {
                result.looks[order[p.word]] = SeriesSizes.Look(font: styled[p.word].font, color: styled[p.word].color)
                result.entries[order[p.word]] = try context.entry(p.word, size: p.set.size, angle: p.angle)
            }
        }
        return result
    }
}

extension WordCloudLayout {
    /// The relations among `terms` (heaviest first) and their groups, under the semantic
    /// arrangement; nil under the default one.
    private func relatedWords(_ terms: [Term]) -> SemanticPlan.Relations? {
        guard case .semantic(let relations) = options.arrangement else { return nil }
        return SemanticPlan.Relations(relations, texts: terms.map { $0.text })
    }

    /// The indices of the terms to place, heaviest first (ties keep input order), and the terms left
    /// out: empty texts, and the words past `maximumWords`.
    private func wordOrder(_ terms: [Term]) throws(CoreError) -> (order: [Int], unplaced: [UnplacedWord]) {
        for t in terms {
            try t.checkWeight()
            try t.pin?.validate(text: t.text)
        }
        var unplaced: [UnplacedWord] = []
        var order: [Int] = []
        for (i, t) in terms.enumerated() {
            if t.text.isBlank {
                unplaced.append(UnplacedWord(index: i, text: t.text, id: t.id, reason: .empty))
            } else {
                order.append(i)
            }
        }
        order = Term.heaviestFirst(order, in: terms)
        for i in order.dropFirst(options.maximumWords) {
            unplaced.append(UnplacedWord(index: i, text: terms[i].text, id: terms[i].id, reason: .maxWords))
        }
        order = Array(order.prefix(options.maximumWords))
        guard !order.isEmpty else { throw TagCloudError.noTerms }
        return (order, unplaced)
    }

    /// The attempt at full scale; when words are left over and the options scale to fit (`fit =
    /// .all`, exact sizes without a weight range), the attempt at the largest scale at which
    /// everything fits (`CloudScale.largestFitting`). A series' frame keeps the series' scale: the
    /// series scales all its frames alike.
    private func fittedAttempt<T>(
        _ context: PlacementContext<T>, maximumSize: Double, seed: UInt64,
        progress: ((Progress) -> Void)?
    ) throws(CoreError) -> (attempt: PlacementAttempt, scale: Double) {
        var attempts = 0
        return try CloudScale.largestFitting(
            searching: options.scalesToFit && series == nil, maximumSize: maximumSize,
            minimumSize: options.minimumFontSize, leftOver: { $0.unplacedCount },
            place: { (scale: Double, probe: Bool) throws(CoreError) -> PlacementAttempt in
                attempts += 1
                let number = attempts, total = context.styled.count
                let report = progress.map { progress in
                    { (words: Int) in progress(Progress(words: words, total: total, attempt: number)) }
                }
                return try context.attempt(scale: scale, maximumSize: maximumSize, seed: seed, probe: probe, progress: report)
            })
    }

    /// Each placed word with several sizes in a series at each of them, where the series puts it:
    /// centred where its union is (`SeriesExtent`), by term index.
    private func variants<T>(
        _ placements: [Placement], _ context: PlacementContext<T>, terms: [Term], order: [Int]
    ) throws(CoreError) -> [Int: [Double: (word: PlacedWord, ink: Int)]] {
        var result: [Int: [Double: (word: PlacedWord, ink: Int)]] = [:]
        for p in placements where p.weightFactor == 1 {
            let styled = context.styled[p.word], index = order[p.word]
            guard let extent = context.extents[p.word] else {
                let word = placedWord(p, styled: styled, term: terms[index], index: index)
                result[index] = [terms[index].weight: (word, p.raw.bits.popCount)]
                continue
            }
            let e = try context.entry(p.word, size: p.set.size, angle: p.angle)
            var byRatio: [Double: (word: PlacedWord, ink: Int)] = [:]
            for v in e.variants {
                var at = p
                at.x += v.dx; at.y += v.dy; at.set = v.set; at.raw = v.raw
                byRatio[v.ratio] = (placedWord(at, styled: styled, term: terms[index], index: index), v.raw.bits.popCount)
            }
            result[index] = extent.ratioOf.compactMapValues { byRatio[$0] }
        }
        return result
    }

    /// The layout's record of a placement: where the word's ink lies and how to draw it.
    private func placedWord(_ p: Placement, styled s: StyledWord, term t: Term, index: Int) -> PlacedWord {
        var color = s.color
        if let img = options.colorImage, let c = img.meanColor(under: p.raw.bits, atX: p.x, y: p.y) { color = c }
        let frame = Rect(x: Double(p.x), y: Double(p.y), width: Double(p.raw.bits.width), height: Double(p.raw.bits.height))
        return PlacedWord(
            index: index, text: t.text, id: t.id, link: t.link, weight: t.weight * p.weightFactor,
            frame: frame, origin: Point(x: Double(p.x - p.raw.offsetX), y: Double(p.y - p.raw.offsetY)),
            inkBounds: frame, font: p.set.font, fontSize: p.set.size, color: color, rotation: p.angle,
            glyphs: p.set.glyphs, rightToLeft: p.set.isRightToLeft, fallbackFont: p.set.usedFallback,
            shrunk: p.shrunk, fallbackFonts: p.set.fallbackFonts, fontRuns: p.set.fontRuns, upright: p.set.isVertical)
    }
}
