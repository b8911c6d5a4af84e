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
    func entry(_ i: Int, size: Double, angle: Double) throws(CoreError) -> MaskCache.Entry {
        try cache.entry(
            index: i, word: styled[i], size: size, angle: angle, margin: dilation,
            typesetter: typesetter, room: area.room, extent: extents.isEmpty ? nil : extents[i])
    }

    /// The heaviest word's size before any scaling (`CloudScale.heaviestSize`): the heaviest word
    /// is measured at its first angle (its angle in the previous layout, when it was there: the
    /// angles drawn for a word change when words are added before it; its old angle does not).
    func maximumSize() throws(CoreError) -> Double {
        let whole = try CloudScale.heaviestSize(
            options, styledMaximum: styled.map { $0.size }.max() ?? options.minimumFontSize, room: area.room
        ) { () throws(CoreError) -> BitMask in try probeInk(0) }
        guard let semantic, case .fitted(let fitted) = options.style.sizing, fitted.maximumSize == nil,
            options.style.weightRange == nil
        else { return whole }
        return min(whole, max(Self.floorShare * whole, try largestInRegions(semantic)))
    }

    /// Under the semantic arrangement, the heaviest word's size at which the heaviest word of each
    /// region is no larger than the region comfortably holds (`CloudScale.comfortableSize` of the
    /// region's size times `regionLoan`): a word much wider than its region covers the regions
    /// beside it.
    private func largestInRegions(_ semantic: SemanticPlan) throws(CoreError) -> Double {
        var largest = CloudStyle.fontSizeLimit
        for (i, room) in semantic.heaviestInRegions() where semantic.relativeSizes[i] > 0 {
            let fits = CloudScale.comfortableSize(
                of: try probeInk(i), at: CloudScale.probeSize,
                room: (Int(Double(room.width) * Self.regionLoan.width), Int(Double(room.height) * Self.regionLoan.height)),
                minimum: options.minimumFontSize)
            largest = min(largest, fits / semantic.relativeSizes[i])
        }
        return max(options.minimumFontSize, largest.rounded(.down))
    }

    /// How much larger than its region a region's heaviest word may be measured against, across
    /// and down: up to 1.2 times the region's width and 0.72 times its height. Words a little
    /// over their region's edge cost a reader less than a cloud of small words on an empty canvas
    /// (`tagcloud-bench semantic` weighs the two).
    static var regionLoan: (width: Double, height: Double) { (1.5, 1.6) }

    /// The least share of its size without regions the heaviest word keeps: a text of many small
    /// groups has small regions, which would otherwise shrink the whole cloud.
    static var floorShare: Double { 0.7 }

    /// Word `i`'s ink at `CloudScale.probeSize`, at its first angle (its angle in the previous
    /// layout, when it was there).
    private func probeInk(_ i: Int) throws(CoreError) -> BitMask {
        let angle = targets[i]?.angles[0] ?? angles[i][0]
        return try cache.entry(
            index: i, word: styled[i], size: CloudScale.probeSize, angle: angle, margin: 0, typesetter: typesetter
        ).raw.bits
    }

    /// One placement of every word at global scale `scale`, the heaviest word at most `maximumSize`;
    /// `progress` hears how many words are done. A `probe` only asks whether every word fits: it
    /// stops at the first word that does not (its attempt then names that word alone).
    func attempt(
        scale: Double, maximumSize: Double, seed: UInt64, probe: Bool = false, progress: ((Int) -> Void)? = nil
    ) throws(CoreError) -> PlacementAttempt {
        // Before the run's maps are made, which on a large canvas takes a while.
        try cancellation?.check()
        var run = PlacementRun(self, scale: scale, maximumSize: maximumSize, seed: seed, probe: probe)
        return try run.placeAll(progress: progress)
    }
}
