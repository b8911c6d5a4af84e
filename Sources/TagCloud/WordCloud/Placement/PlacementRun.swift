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
    /// Under the semantic arrangement, the centre of each word placed so far, by index.
    private var centres: [Int: (x: Double, y: Double)] = [:]
    /// Whether the run stops at the first word that fits nowhere (`PlacementContext.attempt`).
    private let probe: Bool

    /// A run of `context` at global scale `g`, drawing from a generator seeded with `seed`.
    init(_ context: PlacementContext<T>, scale g: Double, maximumSize: Double, seed: UInt64, probe: Bool = false) {
        self.context = context
        self.probe = probe
        rng = SeededRandom(seed: seed)
        let options = context.options
        maps = PlacementMaps(area: context.area, width: options.width, height: options.height, strategy: options.strategy)
        sizing = WordSizing(
            context.styled, options: options, scale: g, maximumSize: maximumSize,
            firstWord: context.pinned.firstUnpinned, weightRange: context.weightRange)
        lastPlaced = sizing.start
        lookahead = context.masksOnSecondThread ? MaskLookahead(context) : nil
    }

    /// Places the pinned words, then every other word, then (with `repeatWords`) the repeats;
    /// `progress` hears how many words of the first pass are done.
    mutating func placeAll(progress: ((Int) -> Void)?) throws(CoreError) -> PlacementAttempt {
        defer { lookahead?.stop() }
        let sizing = self.sizing, angles = context.angles, pinned = context.pinned
        // Pinned words take their pixels first; the sizes of the others do not follow from them.
        for p in pinned.placements {
            maps.insert(p.raw.bits, x: p.x, y: p.y)
            placements.append(p)
            noteCentre(p)
        }
        failed = pinned.failed
        if !context.targets.isEmpty {
            try placeKeptThenNew(progress: progress)
        } else {
            for i in context.styled.indices {
                if pinned.contains(i) {
                    progress?(i + 1)
                    continue
                }
                let last = lastPlaced, unplaced = lastWordUnplaced
                lookahead?.ahead(from: i, after: last, lastWordUnplaced: unplaced, sizing: sizing, angles: angles)
                let p = try placeShrinking(i, weightFactor: 1, toward: context.semantic?.aim(i, placed: centres))
                lastWordUnplaced = p == nil
                if let p { commit(p) } else { failed.append(i) }
                progress?(i + 1)
                if probe && p == nil { break }
            }
        }
        lookahead?.stop()
        if context.options.repeatWords && !placements.isEmpty { try placeRepeats() }
        return PlacementAttempt(placements: placements, failed: failed, fillRatio: maps.fine.fillRatio)
    }

    /// With a previous layout: the words that were in it first, heaviest first, each where it was
    /// or near it (`placeNearby`); then those of them with no room there, heaviest first, farther
    /// and smaller, else nearest their old places wherever that is; then the new words, heaviest
    /// first, around them, each size following the word before it in weight order as placed, as in
    /// a new cloud. The placements are then put back in weight order, as a new cloud draws them.
    private mutating func placeKeptThenNew(progress: ((Int) -> Void)?) throws(CoreError) {
        let targets = context.targets, pinned = context.pinned, words = context.styled.indices
        var done = words.filter { pinned.contains($0) }.count
        // What the size of the word after each kept word placed follows from.
        var after: [Int: LastPlaced] = [:]
        // Words with no room near their old places are placed once every word that has room is:
        // placed at once, they would take the nearest free places, which are often the places of
        // the lighter words still to come, and push those away in turn.
        var displaced: [(word: Int, target: WordTargets.Target)] = []
        for i in words where !pinned.contains(i) {
            guard let target = targets[i] else { continue }
            guard let p = try placeNearby(i, target, reach: 1, least: 0.8) else {
                displaced.append((i, target))
                continue
            }
            commit(p)
            after[i] = lastPlaced
            done += 1
            progress?(done)
        }
        for (i, target) in displaced {
            // Farther and smaller, then as any word: its other angles, anywhere.
            var nearby = try placeNearby(i, target, reach: 4, least: 0.5)
            if nearby == nil { nearby = try placeShrinking(i, weightFactor: 1, near: target) }
            if let p = nearby {
                commit(p)
                after[i] = lastPlaced
            } else {
                failed.append(i)
            }
            done += 1
            progress?(done)
        }
        var r: LastPlaced? = nil
        for i in words where !pinned.contains(i) {
            if targets[i] != nil {
                if let known = after[i] { r = known }
                continue
            }
            lastPlaced = r ?? sizing.start(at: i)
            if let p = try placeShrinking(i, weightFactor: 1, toward: context.semantic?.aim(i, placed: centres)) {
                commit(p)
                r = lastPlaced
            } else {
                failed.append(i)
            }
            done += 1
            progress?(done)
        }
        let first = pinned.placements.count
        placements[first...].sort { $0.word < $1.word }
    }

    /// Word `i`, kept from a previous layout as `target`, where it was or near it, at its old
    /// angle: at the size it asks for; when it grew and has no room for that, at sizes between that
    /// and its old size; then smaller, in tenths, down to `least` of the smaller of the two. Near
    /// means within `reach` times the shorter side of its ink's box, or half the longer, whichever
    /// is more. Nil when none of these fits there. So a word in a crowded cloud grows less, or
    /// shrinks, rather than jump away or turn.
    private mutating func placeNearby(
        _ i: Int, _ target: WordTargets.Target, reach: Double, least: Double
    ) throws(CoreError) -> Placement? {
        let want = sizing.keptSize(i, target, previousWeights: context.targets.previousWeights)
        for size in keptSizes(want: want, old: target.size.map { sizing.scaled($0) }, least: least) {
            let e = try context.entry(i, size: size, angle: target.angles[0])
            guard e.fits && e.hasInk else { continue }
            let w = Double(e.raw.bits.width), h = Double(e.raw.bits.height)
            let radius = max(min(w, h), max(w, h) / 2) * reach
            if let s = maps.findNearby(e, x: target.x, y: target.y, radius: radius) {
                let d = context.dilation
                return Placement(
                    word: i, x: s.x + d, y: s.y + d, angle: target.angles[0], set: e.set, raw: e.raw,
                    shrunk: size < want || (sizing.shrinks && target.shrunk), weightFactor: 1)
            }
        }
        return nil
    }

    /// The sizes a kept word tries near its old place, largest first: `want`; when it grew from
    /// `old`, three sizes between and `old`; then 90%, 80%, … down to `least` of the smaller, in
    /// whole steps, none below the minimum size.
    private func keptSizes(want: Double, old: Double?, least: Double) -> [Double] {
        // Exact sizes are never shrunk word by word: the size the weight gives, or elsewhere.
        guard sizing.shrinks else { return [want] }
        let step = context.options.fontSizeStep
        func stepped(_ s: Double) -> Double { max(sizing.minSize, (s / step).rounded(.down) * step) }
        var sizes = [want]
        func add(_ s: Double) { if s < sizes[sizes.count - 1] { sizes.append(s) } }
        var smaller = want
        if let old, old < want {
            for k in 1...3 { add(stepped(want - (want - old) * Double(k) / 4)) }
            add(old)
            smaller = old
        }
        for tenths in stride(from: 9, through: Int((least * 10).rounded()), by: -1) {
            add(stepped(smaller * Double(tenths) / 10))
        }
        return sizes
    }

    /// Repeats the placed words, each round at a lower weight, until the space or `maximumWords` runs out.
    private mutating func placeRepeats() throws(CoreError) {
        // Pinned words stay where they are, once.
        let originals = placements.map { $0.word }.filter { !context.pinned.contains($0) }
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
    /// sizes from the wanted one down. Nil when it fits nowhere. With `target` (a word kept from a
    /// previous layout), at the size `WordSizing.keptSize` gives, nearest the target; with `aim`
    /// (the semantic arrangement's), nearest that point.
    private mutating func placeShrinking(
        _ i: Int, weightFactor: Double, near target: WordTargets.Target? = nil,
        toward aim: (x: Double, y: Double)? = nil
    ) throws(CoreError) -> Placement? {
        let want =
            target.map { sizing.keptSize(i, $0, previousWeights: context.targets.previousWeights) }
            ?? sizing.target(i, weightFactor: weightFactor, after: lastPlaced)
        let minSize = sizing.minSize
        if var p = try place(i, size: want, final: want <= minSize || !sizing.shrinks, near: target, toward: aim) {
            p.weightFactor = weightFactor
            // A size kept from one shrunk to fit is still smaller than the weight asks for.
            p.shrunk = sizing.shrinks && target?.shrunk == true
            return p
        }
        guard sizing.shrinks, want > minSize, var best = try place(i, size: minSize, final: true, near: target, toward: aim)
        else {
            return nil
        }
        let sizes = sizing.shrinkingSizes(from: want, step: context.options.fontSizeStep)
        // The word fits: the sizes below are tried in turn, the first few made on the other thread
        // while this one searches.
        lookahead?.postShrinking(i, sizes: sizes, angles: context.angles[i])
        for size in sizes {
            if let p = try place(i, size: size, near: target, toward: aim) { best = p; break }
        }
        best.shrunk = true
        best.weightFactor = weightFactor
        return best
    }

    /// Word `i` at `size`, at the first of its angles where it fits. `final`: the last chance for
    /// this word, so a fruitless quick search is followed by a full one. With `target` or `aim`,
    /// nearest that point.
    private mutating func place(
        _ i: Int, size: Double, final: Bool = false, near target: WordTargets.Target? = nil,
        toward aim: (x: Double, y: Double)? = nil
    ) throws(CoreError) -> Placement? {
        if let target {
            return try placeNear(i, size: size, final: final, x: target.x, y: target.y, angles: target.angles)
        }
        if let aim {
            return try placeNear(
                i, size: size, final: final, x: aim.x, y: aim.y, angles: context.angles[i],
                region: context.semantic?.region(of: i))
        }
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

    /// Word `i` at `size`, at the first of `angles` where it fits, its centre nearest (`x`, `y`):
    /// there when nothing is in the way; with `region`, inside it unless there is no room there.
    private mutating func placeNear(
        _ i: Int, size: Double, final: Bool, x: Double, y: Double, angles: [Double], region: Rect? = nil
    ) throws(CoreError) -> Placement? {
        for angle in angles {
            try context.cancellation?.check()
            let e = try context.entry(i, size: size, angle: angle)
            if e.fits && !e.hasInk { continue }
            guard e.fits else {
                if final { maps.spendLastChance() }
                continue
            }
            if let s = maps.findNearest(e, x: x, y: y, final: final, region: region) {
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
        noteCentre(p)
        lastPlaced.placed(size: p.set.size, weight: context.styled[p.word].term.weight * p.weightFactor)
    }

    /// Under the semantic arrangement, records where `p`'s word is, for the words related to it.
    private mutating func noteCentre(_ p: Placement) {
        guard context.semantic != nil && p.weightFactor == 1 else { return }
        centres[p.word] = (Double(p.x) + Double(p.raw.bits.width) / 2, Double(p.y) + Double(p.raw.bits.height) / 2)
    }
}
