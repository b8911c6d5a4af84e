/// One layout of a series' frames at one size for its heaviest word: the frames laid out in order,
/// each a word cloud in which the words placed in an earlier frame are pinned where they were
/// (those of this frame, and as ghosts those away from it that come back later), and the words
/// new in the frame are placed around them, each as the union of its sizes in all its frames.
struct SeriesPass {
    /// Each frame's cloud.
    private(set) var frames: [CloudLayout] = []
    /// The ink pixels of each frame's words.
    private(set) var ink: [Int] = []
    /// Distinct words placed in no frame.
    private(set) var unplaced = 0
    /// Distinct words placed smaller than their weights ask for.
    private(set) var shrunk = 0
    /// The words left out of a frame for want of space, over all frames (a word placed in one
    /// frame may find no space in another).
    var leftOver: Int { frames.reduce(0) { $0 + $1.unplaced.filter { $0.reason == .noSpace }.count } }

    /// Where a word placed in an earlier frame is, and how it is drawn.
    private struct Fixed {
        var pin: Pin
        var look: SeriesSizes.Look
        var entry: MaskCache.Entry
        var shrunk: Bool
    }

    /// The frames `input` (whose words are `words`) laid out with `series`' options, the heaviest
    /// word at `maximumSize`.
    init<T: Typesetter & GlyphRasterizer>(
        _ series: SeriesLayout, frames input: [SeriesLayout.Frame], words: SeriesWords, maximumSize: Double, typesetter: T,
        progress: ((WordCloudLayout.Progress) -> Void)?
    ) throws(CoreError) {
        var fixed: [Int: Fixed] = [:]
        let total = words.members.reduce(0) { $0 + $1.count }
        var done = 0
        for f in words.members.indices {
            // This frame's words first, then the ghosts, by their index among the series' words.
            var unionOf = words.members[f].map { $0.1 }
            let here = Set(unionOf)
            unionOf += fixed.keys.filter { !here.contains($0) && words.lastFrame[$0] > f }.sorted()
            var sizes = SeriesSizes(
                weights: [:], weightRange: series.options.style.weightRange ?? words.weightRange, curve: series.curve)
            let terms = unionOf.enumerated().map { k, u in
                var t = words.terms[u]
                t.pin = fixed[u]?.pin
                sizes.weights[k] = words.weights[u]
                sizes.looks[k] = fixed[u]?.look
                sizes.entries[k] = fixed[u]?.entry
                return t
            }
            var layout = WordCloudLayout(Self.options(series, maximumSize: maximumSize, words: terms.count))
            layout.cancellation = series.cancellation
            layout.series = sizes
            let reported = done
            let result = try layout.seriesRun(
                terms, typesetter: typesetter,
                progress: progress.map { progress in
                    { p in progress(.init(words: min(total, reported + p.words), total: total, attempt: 1)) }
                })
            done += words.members[f].count
            for w in result.layout.placed where fixed[unionOf[w.index]] == nil {
                guard let look = result.looks[w.index], let entry = result.entries[w.index] else { continue }
                let pin = Pin(x: w.frame.center.x, y: w.frame.center.y, angle: w.rotation, size: w.fontSize)
                fixed[unionOf[w.index]] = Fixed(pin: pin, look: look, entry: entry, shrunk: w.shrunk)
            }
            let (cloud, covered) = Self.frame(
                f, input[f], words: words, result: result, shrunk: fixed.mapValues { $0.shrunk })
            frames.append(cloud)
            ink.append(covered)
        }
        unplaced = words.terms.count - fixed.count
        shrunk = fixed.values.filter { $0.shrunk }.count
    }

    /// The options of each frame's cloud: the series' own, sized on its curve up to `maximumSize`,
    /// as many words as the frame holds, no repeats, no previous layout, no fitting of its own.
    private static func options(_ series: SeriesLayout, maximumSize: Double, words: Int) -> WordCloudOptions {
        var o = series.options
        var fitted = FittedSizing()
        if case .fitted(let f) = o.style.sizing { fitted = f }
        fitted.rule = .curve(series.curve)
        fitted.maximumSize = maximumSize
        o.style.sizing = .fitted(fitted)
        o.maximumWords = max(1, words)
        o.repeatWords = false
        o.previous = nil
        o.fit = .bestEffort
        o.legend = false
        return o
    }

    /// Frame `f`'s cloud: its words where the run put them, each at its size in this frame, and the
    /// ink pixels they cover. The run's terms start with the frame's words, in order. `shrunk`: by
    /// index among the series' words, whether each placed word was shrunk where it was first placed.
    private static func frame(
        _ f: Int, _ frame: SeriesLayout.Frame, words: SeriesWords, result: WordCloudLayout.RunResult,
        shrunk: [Int: Bool]
    ) -> (CloudLayout, Int) {
        var placed: [PlacedWord] = []
        var unplaced: [UnplacedWord] = words.skipped[f]
        var ink = 0
        var reasons: [Int: UnplacedWord.Reason] = [:]
        for u in result.layout.unplaced where reasons[u.index] == nil { reasons[u.index] = u.reason }
        for (k, (j, u)) in words.members[f].enumerated() {
            let term = frame.terms[j]
            // A word with one size across its weights is known at its largest.
            let sizes = result.variants[k]
            guard let at = sizes?[term.weight] ?? (sizes?.count == 1 ? sizes?.first?.value : nil) else {
                unplaced.append(UnplacedWord(index: j, text: term.text, id: term.id, reason: reasons[k] ?? .noSpace))
                continue
            }
            var w = at.word
            w.index = j; w.weight = term.weight; w.link = term.link
            // A pinned word was shrunk, or not, where it was first placed.
            w.shrunk = shrunk[u] ?? w.shrunk
            placed.append(w)
            ink += at.ink
        }
        unplaced.sort { $0.index < $1.index }
        let cloud = CloudLayout(
            kind: .cloud, size: result.layout.size, background: result.layout.background, placed: placed,
            unplaced: unplaced, seed: result.layout.seed, contour: result.layout.contour)
        return (cloud, ink)
    }
}
