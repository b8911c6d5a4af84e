/// What every attempt of one layout shares: the options, the styled words and the angles each
/// tries, the typesetter, the area words may cover and the masks made so far.
struct PlacementContext<T: Typesetter & GlyphRasterizer> {
    let options: WordCloudOptions
    let masksOnSecondThread: Bool
    let styled: [StyledWord]
    /// The angles each word tries, the preferred one first.
    let angles: [[Double]]
    let typesetter: T
    let area: PlacementArea
    let cache: MaskCache
    /// Checked before each pinned word and before each angle and size a word tries.
    let cancellation: CancellationToken?
    /// The words placed at their pins, the same in every attempt.
    var pinned = PinnedWords()
    /// Where the words of a previous layout wish to be, the same in every attempt.
    var targets = WordTargets()
    /// Where each word aims under the semantic arrangement; nil under the default one.
    var semantic: SemanticPlan? = nil
    /// In a series, each word's sizes across the frames (nil for a word with one size); empty
    /// outside a series.
    var extents: [SeriesExtent?] = []
    /// In a series, the weights of all frames, which the sizes follow; nil: the words' own.
    var weightRange: ClosedRange<Double>? = nil

    /// The pixels kept clear around each word's ink: its mask is grown by this much.
    var dilation: Int { (options.margin + 1) / 2 }

    /// Word `i` at `size` and `angle`, with its masks, made now unless the cache has it.
    func entry(_ i: Int, size: Double, angle: Double) throws -> MaskCache.Entry {
        try cache.entry(
            index: i, word: styled[i], size: size, angle: angle, margin: dilation,
            typesetter: typesetter, room: area.room, extent: extents.isEmpty ? nil : extents[i])
    }

    /// The heaviest word's size before any scaling: the fitted sizing's maximum, or the size at
    /// which the heaviest word spans a comfortable part of the area (with a weight range, the
    /// size of its upper bound, `rangeMaximumSize`); with another sizing, the largest size the
    /// style gave.
    func maximumSize() throws -> Double {
        switch options.style.sizing {
        case .fitted(let fitted):
            if let m = fitted.maximumSize { return m }
            return options.style.weightRange == nil ? try automaticMaximumSize() : Self.rangeMaximumSize(options)
        case .scaled, .random: return styled.map(\.size).max() ?? options.minimumFontSize
        }
    }

    /// The size at which the heaviest word, at its first angle (its angle in the previous layout,
    /// when it was there), spans a comfortable part of the area.
    private func automaticMaximumSize() throws -> Double {
        let probe = 100.0
        // The angles drawn for a word change when words are added before it; its old angle does not.
        let angle = targets[0]?.angles[0] ?? angles[0][0]
        let entry = try cache.entry(
            index: 0, word: styled[0], size: probe, angle: angle, margin: 0, typesetter: typesetter)
        return Self.comfortableSize(of: entry.raw.bits, at: probe, room: area.room, minimum: options.minimumFontSize)
    }

    /// The size of a weight range's upper bound when no maximum size is given: a tenth of the
    /// canvas's shorter side, in whole points from the minimum size to `CloudStyle.fontSizeLimit`.
    /// It depends on the canvas alone, not on the words, so clouds of one canvas size given one
    /// range share one size scale.
    static func rangeMaximumSize(_ options: WordCloudOptions) -> Double {
        let size = (Double(min(options.width, options.height)) / 10).rounded(.down)
        return max(options.minimumFontSize, min(CloudStyle.fontSizeLimit, size))
    }

    /// The size at which a word whose ink is `ink` at `probe` points spans a comfortable part of
    /// `room`: four fifths of its width, or nearly half its height, whichever is less; whole points
    /// from `minimum` to `CloudStyle.fontSizeLimit`.
    static func comfortableSize(of ink: BitMask, at probe: Double, room: (width: Int, height: Int), minimum: Double) -> Double {
        let w = Double(max(1, ink.width)), h = Double(max(1, ink.height))
        let aw = Double(max(1, room.width)), ah = Double(max(1, room.height))
        let size = (probe * min(0.8 * aw / w, 0.45 * ah / h)).rounded(.down)
        return max(minimum, min(CloudStyle.fontSizeLimit, size))
    }

    /// One placement of every word at global scale `scale`, the heaviest word at most `maximumSize`;
    /// `progress` hears how many words are done. A `probe` only asks whether every word fits: it
    /// stops at the first word that does not (its attempt then names that word alone).
    func attempt(
        scale: Double, maximumSize: Double, seed: UInt64, probe: Bool = false, progress: ((Int) -> Void)? = nil
    ) throws -> PlacementAttempt {
        // Before the run's maps are made, which on a large canvas takes a while.
        try cancellation?.check()
        var run = PlacementRun(self, scale: scale, maximumSize: maximumSize, seed: seed, probe: probe)
        return try run.placeAll(progress: progress)
    }
}
