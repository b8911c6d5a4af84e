/// Which masks the second thread makes ahead of the placement.
///
/// Masks are made a few words ahead, at the sizes the placement will ask for if the words until
/// then go as the last one went (placed at their wanted size, or placed nowhere). When a word goes
/// otherwise the sizes after it change, and the predictions are made again. Only the cache sees
/// the masks made, so the layout does not depend on how far ahead the thread gets.
struct MaskLookahead {
    /// Words ahead of the placement whose masks are prefetched.
    static let lookahead = 8
    /// Words ahead whose other angles and minimum size are prefetched while words keep failing.
    static let fallbackLookahead = 4

    private let prefetch = MaskPrefetch()
    private let work: @Sendable (MaskPrefetch.Job) -> Void
    /// The wanted size each word was prefetched at.
    private var posted: [Int: Double] = [:]
    /// Words whose other angles and minimum size were prefetched.
    private var postedFallbacks = Set<Int>()
    private var generation = 0

    /// A lookahead that makes the masks of `context`'s words into its cache.
    init<T: Typesetter & GlyphRasterizer>(_ context: PlacementContext<T>) {
        let cache = context.cache, styled = context.styled, typesetter = context.typesetter
        let dilation = context.dilation, room = context.area.room
        work = { job in
            _ = try? cache.entry(
                index: job.word, word: styled[job.word], size: job.size, angle: job.angle,
                margin: dilation, typesetter: typesetter, room: room, unlessClaimed: true)
        }
    }

    /// Posts the masks of the words from `i` on that the placement is likely to ask for, given the
    /// last word placed (`last`) and whether the last word fit nowhere.
    mutating func ahead(
        from i: Int, after last: LastPlaced, lastWordUnplaced: Bool, sizing: WordSizing,
        angles: [[Double]]
    ) {
        prefetch.advance(to: i)
        let sizes = predictedSizes(from: i, after: last, lastWordUnplaced: lastWordUnplaced, sizing: sizing)
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
                if s > sizing.minSize {
                    for a in angles[j] { jobs.append(MaskPrefetch.Job(word: j, size: sizing.minSize, angle: a)) }
                }
            }
        }
        if !jobs.isEmpty { prefetch.post(jobs, generation: generation, work: work) }
    }

    /// The sizes the next `lookahead` words from `i` will ask for if they go as the last one went;
    /// the jobs posted so far are dropped when one of them was posted at another size.
    private mutating func predictedSizes(
        from i: Int, after last: LastPlaced, lastWordUnplaced: Bool,
        sizing: WordSizing
    ) -> [Double] {
        var r = last
        var sizes: [Double] = []
        for j in i..<min(sizing.weights.count, i + Self.lookahead) {
            let s = sizing.target(j, weightFactor: 1, after: r)
            sizes.append(s)
            // Words tend to go on as the last one went: while they fit nowhere, the sizes after
            // them are predicted from the last word placed, as placement will compute them.
            if !lastWordUnplaced { r.placed(size: s, weight: sizing.weights[j]) }
            if let old = posted[j], old != s {
                generation = prefetch.invalidate()
                posted.removeAll(keepingCapacity: true)
                postedFallbacks.removeAll(keepingCapacity: true)
            }
        }
        return sizes
    }

    /// Posts the masks of word `i` at the first two of the `sizes` it will shrink through (the
    /// search usually ends at one of them), all but the first, which the placement makes now.
    func postShrinking(_ i: Int, sizes: [Double], angles: [Double]) {
        let jobs = sizes.prefix(2).flatMap { size in angles.map { MaskPrefetch.Job(word: i, size: size, angle: $0) } }
        if jobs.count > 1 { prefetch.post(Array(jobs.dropFirst()), generation: generation, work: work) }
    }

    /// Cancels what is left and waits for the job in progress, so no work outlives the layout.
    func stop() { prefetch.stop() }
}
