/// The flow tag cloud: tags placed one after another in rows that wrap, like words in a paragraph.
///
/// One pass decides the rows (greedy line breaking, O(n)); a second positions each row (alignment,
/// justification, baselines). Nothing is drawn: the result is a `CloudLayout` of frames that a renderer
/// or an app draws. Tags keep their order in rows, so a term's `pin` is ignored here.
public struct FlowLayout: Sendable {
    /// The options.
    public var options: FlowOptions

    /// Stops the layout midway when cancelled: it then throws `TagCloudError.cancelled`. Checked
    /// before each tag. Default: nil, never cancelled.
    public var cancellation: CancellationToken?

    /// Creates a layout with options.
    public init(_ options: FlowOptions = FlowOptions()) { self.options = options }

    /// Styles `terms` with `options.style` and `options.seed`, then lays them out in `width` points.
    public func layout(_ terms: [Term], typesetter: some Typesetter, width: Double) throws(CoreError) -> CloudLayout {
        try run(terms, typesetter: typesetter, width: width).layout
    }

    /// `layout(_:typesetter:width:)`, and how the tags kept to `options.previous` (nil without one).
    public func run(
        _ terms: [Term], typesetter: some Typesetter, width: Double
    ) throws(CoreError) -> (layout: CloudLayout, continuity: Continuity?) {
        try options.validate()
        try Term.checkWeights(terms)
        try options.previous?.validate(flowWidth: width)
        var rng = SeededRandom(seed: options.seed)
        let kept = options.previous.map { KeptLooks(terms, previous: $0, style: options.style, typesetter: typesetter) }
        var styled = options.style.styledWords(terms, minimumSize: options.minimumFontSize, keeping: kept, using: &rng)
        if let previous = options.previous { keepSizes(&styled, of: previous) }
        let r = try checkedLayout(styled: styled, typesetter: typesetter, width: width, seed: options.seed)
        return (try addingLegend(to: r.layout, terms: terms, typesetter: typesetter), r.continuity)
    }

    /// The size the cloud needs at `width` (the legend's band included): the same computation as
    /// `layout`, without drawing anything.
    public func size(forWidth width: Double, terms: [Term], typesetter: some Typesetter) throws(CoreError) -> Size {
        try layout(terms, typesetter: typesetter, width: width).drawingSize
    }

    /// Lays out words already styled (the layout records no seed: it did not style them). With
    /// `options.previous`, the tags keep their places, not their looks: those are the words'.
    public func layout(styled words: [StyledWord], typesetter: some Typesetter, width: Double) throws(CoreError) -> CloudLayout {
        try options.validate()
        try options.previous?.validate(flowWidth: width)
        let layout = try checkedLayout(styled: words, typesetter: typesetter, width: width, seed: nil).layout
        return try addingLegend(to: layout, terms: words.map { $0.term }, typesetter: typesetter)
    }

    /// Lays out `words` under options already validated; `seed` is the one they were styled with.
    private func checkedLayout(
        styled words: [StyledWord], typesetter: some Typesetter, width: Double,
        seed: UInt64?
    ) throws(CoreError) -> (layout: CloudLayout, continuity: Continuity?) {
        guard width.isFinite, width > options.insets.horizontal, width <= 1_000_000 else {
            throw TagCloudError.invalidOption(
                name: "width", value: "\(width)",
                expected: "a width in points wider than the left and right insets (\(options.insets.horizontal))")
        }
        if words.isEmpty { throw TagCloudError.noTerms }
        if let previous = options.previous {
            return try keptLayout(words, previous: previous, typesetter: typesetter, width: width, seed: seed)
        }
        let available = width - options.insets.horizontal
        var rows = RowBreaker(limit: options.maximumRows, placer: RowPlacer(available: available, top: options.insets.top))
        rows.placer.placed.reserveCapacity(words.count)
        var unplaced: [UnplacedWord] = []
        var hiddenFrom: Int? = nil

        for (position, word) in words.enumerated() {
            try cancellation?.check()
            if word.term.text.isBlank {
                unplaced.append(UnplacedWord(index: word.index, text: word.term.text, id: word.term.id, reason: .empty))
                continue
            }
            let item = try measured(word, available: available, typesetter: typesetter)
            guard try rows.add(item, in: self, available: available, typesetter: typesetter) else {
                hiddenFrom = position
                break
            }
        }
        if let from = hiddenFrom {
            for word in words[from...] {
                unplaced.append(UnplacedWord(index: word.index, text: word.term.text, id: word.term.id, reason: .rowLimit))
            }
        }
        let finished = rows.finish(in: self)
        unplaced.sort { $0.index < $1.index }
        // Whole points, so a canvas at any integer scale is a whole number of pixels.
        let size = Size(width: width, height: (options.insets.vertical + finished.contentHeight - 1e-9).rounded(.up))
        let layout = CloudLayout(
            kind: .flow, size: size, background: options.style.background,
            placed: finished.placed, unplaced: unplaced, seed: seed)
        return (layout, nil)
    }

    // MARK: - Measuring

    /// A tag measured for flowing: its shaped text and the box it needs (padding included).
    struct Item {
        var word: StyledWord
        var set: TypesetWord
        var text: String
        var truncated: Bool
        var shrunk: Bool
        /// Shaped-text box relative to the origin (ink-safe).
        var bounds: Rect
        var width: Double
        var ascent: Double  // frame top to baseline
        var descent: Double  // baseline to frame bottom
        var height: Double { ascent + descent }
    }

    /// `word` measured, made to fit a row of `available` points on its own when it is wider.
    func measured(_ word: StyledWord, available: Double, typesetter: some Typesetter) throws(CoreError) -> Item {
        let item = try measure(word, text: word.term.text, size: word.size, typesetter: typesetter)
        return item.width > available ? try fitAlone(item, available: available, typesetter: typesetter) : item
    }

    /// `word` with `text` shaped at `size` and measured (`truncated`: `text` is cut short).
    func measure(
        _ word: StyledWord, text: String, size: Double, typesetter: some Typesetter,
        truncated: Bool = false
    ) throws(CoreError) -> Item {
        let set = try typesetter.typeset(text, font: word.font, size: size)
        let b = set.layoutBounds
        let p = options.padding
        return Item(
            word: word, set: set, text: text, truncated: truncated, shrunk: size < word.size,
            bounds: b, width: p.left + b.width + p.right,
            ascent: p.top - b.minY, descent: b.maxY + p.bottom)
    }

    private func fitAlone(_ item: Item, available: Double, typesetter: some Typesetter) throws(CoreError) -> Item {
        switch options.oversize {
        case .scale:
            if let s = try scaled(item, toWidth: available, typesetter: typesetter) { return s }
            // Even the minimum size is too wide: cut it as well, so nothing is drawn outside.
            let smallest = try measure(
                item.word, text: item.text, size: options.minimumFontSize,
                typesetter: typesetter)
            if let t = try truncated(smallest, toWidth: available, typesetter: typesetter) { return t }
        case .truncate:
            if let t = try truncated(item, toWidth: available, typesetter: typesetter) { return t }
            if let s = try scaled(item, toWidth: available, typesetter: typesetter) { return s }
        }
        // Not even an ellipsis fits at the smallest size: a row narrower than one glyph.
        throw TagCloudError.invalidOption(
            name: "width", value: "\(available + options.insets.horizontal)",
            expected: "too narrow to show even one letter of \"\(item.word.term.text)\"")
    }

    /// The item at the largest whole-point size (not below the minimum) whose box fits `width`.
    func scaled(_ item: Item, toWidth width: Double, typesetter: some Typesetter) throws(CoreError) -> Item? {
        let p = options.padding.horizontal
        guard item.bounds.width > 0, width > p else { return nil }
        // Metrics scale almost linearly with size; start from the linear estimate and step down.
        var size = (item.set.size * (width - p) / item.bounds.width).rounded(.down)
        size = min(size, item.set.size - 1)
        while size >= options.minimumFontSize {
            let m = try measure(
                item.word, text: item.text, size: size, typesetter: typesetter,
                truncated: item.truncated)
            if m.width <= width + 1e-9 { return m }
            size -= 1
        }
        return nil
    }

    /// The item cut to the longest prefix (in whole characters) that fits `width` with an ellipsis.
    func truncated(_ item: Item, toWidth width: Double, typesetter: some Typesetter) throws(CoreError) -> Item? {
        let chars = Array(item.text)
        var lo = 0, hi = chars.count - 1  // prefix lengths to try
        var best: Item? = nil
        while lo <= hi {
            let mid = (lo + hi) / 2
            let prefix = String(chars[0..<mid]).trimmingSpaces()
            let m = try measure(
                item.word, text: prefix + "…", size: item.set.size, typesetter: typesetter,
                truncated: true)
            if m.width <= width + 1e-9 { best = m; lo = mid + 1 } else { hi = mid - 1 }
        }
        return best
    }

    // MARK: - Positioning

    func rowHeight(_ row: [Item]) -> Double {
        switch options.crossAlignment {
        case .baseline: return (row.map { $0.ascent }.max() ?? 0) + (row.map { $0.descent }.max() ?? 0)
        default: return row.map { $0.height }.max() ?? 0
        }
    }

    /// The layout's record of `item` in `frame`, its text on `baseline`.
    func placedWord(_ item: Item, frame: Rect, baseline: Double) -> PlacedWord {
        let origin = Point(x: frame.x + options.padding.left - item.bounds.minX, y: baseline)
        let ink = item.set.inkBounds.offsetBy(dx: origin.x, dy: origin.y)
        // The radius an app draws with is the one that fits this frame (half the height: a pill).
        var decoration = options.decoration
        if let r = decoration?.cornerRadius {
            decoration?.cornerRadius = min(r, frame.width / 2, frame.height / 2)
        }
        return PlacedWord(
            index: item.word.index, text: item.text,
            fullText: item.truncated ? item.word.term.text : nil,
            id: item.word.term.id, link: item.word.term.link, weight: item.word.term.weight,
            frame: frame, origin: origin, inkBounds: ink, font: item.set.font,
            fontSize: item.set.size, color: item.word.color, glyphs: item.set.glyphs,
            rightToLeft: item.set.isRightToLeft, fallbackFont: item.set.usedFallback,
            shrunk: item.shrunk, decoration: decoration,
            fallbackFonts: item.set.fallbackFonts, fontRuns: item.set.fontRuns)
    }
}
