/// A word placed by an attempt: where its ink mask's top-left lies, at which angle and size.
struct Placement {
    /// The word's index in the layout (heaviest first).
    var word: Int
    var x: Int
    var y: Int
    var angle: Double
    var set: TypesetWord
    var raw: WordMask
    var shrunk: Bool
    /// The share of its weight the word was placed with (below 1 for repeats).
    var weightFactor: Double
}

/// What one attempt placed, and which words it could not.
struct PlacementAttempt {
    var placements: [Placement]
    var failed: [Int]
    var fillRatio: Double
    var unplacedCount: Int { failed.count }
}

/// One placement of every word at one global scale, in weight order: each word at the size
/// `WordSizing` gives it, at each of its angles in turn, then at smaller sizes, searched on the
/// `PlacementMaps`. An attempt draws from its own generator, seeded alike for every attempt of a
/// layout, so attempts differ only by their scale.
struct PlacementRun<T: Typesetter & GlyphRasterizer> {
    private let context: PlacementContext<T>
    private let sizing: WordSizing
    private var rng: SeededRandom
    private var maps: PlacementMaps
    /// The word the next word's size depends on.
    private var lastPlaced: LastPlaced
    /// Masks made on a second thread ahead of the placement; nil without one.
    private var lookahead: MaskLookahead?
    /// Whether the last word of the first pass fit nowhere (the words after it likely go alike).
    private var lastWordUnplaced = false
    private var placements: [Placement] = []
    private var failed: [Int] = []

    /// A run of `context` at global scale `g`, drawing from a generator seeded with `seed`.
    init(_ context: PlacementContext<T>, scale g: Double, maximumSize: Double, seed: UInt64) {
        self.context = context
        rng = SeededRandom(seed: seed)
        let options = context.options
        maps = PlacementMaps(area: context.area, width: options.width, height: options.height, strategy: options.strategy)
        sizing = WordSizing(
            context.styled, options: options, scale: g, maximumSize: maximumSize,
            firstWord: context.pinned.firstUnpinned)
        lastPlaced = sizing.start
        lookahead = context.masksOnSecondThread ? MaskLookahead(context) : nil
    }

    /// Places the pinned words, then every other word, then (with `repeatWords`) the repeats;
    /// `progress` hears how many words of the first pass are done.
    mutating func placeAll(progress: ((Int) -> Void)?) throws -> PlacementAttempt {
        defer { lookahead?.stop() }
        let sizing = self.sizing, angles = context.angles, pinned = context.pinned
        // Pinned words take their pixels first; the sizes of the others do not follow from them.
        for p in pinned.placements {
            maps.insert(p.raw.bits, x: p.x, y: p.y)
            placements.append(p)
        }
        failed = pinned.failed
        for i in context.styled.indices {
            if pinned.contains(i) {
                progress?(i + 1)
                continue
            }
            let last = lastPlaced, unplaced = lastWordUnplaced
            lookahead?.ahead(from: i, after: last, lastWordUnplaced: unplaced, sizing: sizing, angles: angles)
            let p = try placeShrinking(i, weightFactor: 1)
            lastWordUnplaced = p == nil
            if let p { commit(p) } else { failed.append(i) }
            progress?(i + 1)
        }
        lookahead?.stop()
        if context.options.repeatWords && !placements.isEmpty { try placeRepeats() }
        return PlacementAttempt(placements: placements, failed: failed, fillRatio: maps.fine.fillRatio)
    }

    /// Repeats the placed words, each round at a lower weight, until the space or `maximumWords` runs out.
    private mutating func placeRepeats() throws {
        // Pinned words stay where they are, once.
        let originals = placements.map(\.word).filter { !context.pinned.contains($0) }
        let maximumWords = context.options.maximumWords
        var factor = 1.0
        var progress = true
        while progress && placements.count < maximumWords {
            progress = false
            factor *= 0.8
            for i in originals where placements.count < maximumWords {
                if let p = try placeShrinking(i, weightFactor: factor) { commit(p); progress = true }
            }
        }
    }

    /// Word `i` (its weight times `weightFactor`) at the size it asks for, else shrunk: the smallest
    /// size first, searched in full (a word that does not fit even there fits nowhere), then the
    /// sizes from the wanted one down. Nil when it fits nowhere.
    private mutating func placeShrinking(_ i: Int, weightFactor: Double) throws -> Placement? {
        let want = sizing.target(i, weightFactor: weightFactor, after: lastPlaced)
        let minSize = sizing.minSize
        if var p = try place(i, size: want, final: want <= minSize) {
            p.weightFactor = weightFactor
            return p
        }
        guard want > minSize, var best = try place(i, size: minSize, final: true) else { return nil }
        let sizes = sizing.shrinkingSizes(from: want, step: context.options.fontSizeStep)
        // The word fits: the sizes below are tried in turn, the first few made on the other thread
        // while this one searches.
        lookahead?.postShrinking(i, sizes: sizes, angles: context.angles[i])
        for size in sizes {
            if let p = try place(i, size: size) { best = p; break }
        }
        best.shrunk = true
        best.weightFactor = weightFactor
        return best
    }

    /// Word `i` at `size`, at the first of its angles where it fits. `final`: the last chance for
    /// this word, so a fruitless quick search is followed by a full one.
    private mutating func place(_ i: Int, size: Double, final: Bool = false) throws -> Placement? {
        let options = context.options
        for angle in context.angles[i] {
            try context.cancellation?.check()
            let e = try context.entry(i, size: size, angle: angle)
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
                if final { maps.spendLastChance() }
                continue
            }
            if let s = maps.find(e, startX: sx, startY: sy, final: final, rng: &rng) {
                // The grown mask's top-left is `s`; the ink mask sits `dilation` pixels inside it.
                let d = context.dilation
                return Placement(
                    word: i, x: s.x + d, y: s.y + d, angle: angle, set: e.set, raw: e.raw,
                    shrunk: false, weightFactor: 1)
            }
        }
        return nil
    }

    /// Takes the pixels of `p` on every map; the next word's size follows from it.
    private mutating func commit(_ p: Placement) {
        maps.insert(p.raw.bits, x: p.x, y: p.y)
        placements.append(p)
        lastPlaced.placed(size: p.set.size, weight: context.styled[p.word].term.weight * p.weightFactor)
    }
}
