/// A flow laid out over a previous one (`FlowOptions.previous`): its tags keep their places.
///
/// A tag is kept when its term (known by its id, else its text) was in the previous layout. Kept
/// tags whose size did not change are placed first, then the kept tags that grew or shrank, each
/// in the previous layout's order: a tag stays at its old frame (a resized one centred across
/// where it was, on its old row's baseline or as the cross alignment puts it there) when that
/// frame is inside the width and apart from every tag placed before it. A removed tag leaves its
/// space. The kept tags that no longer fit where they were then take the free place in a row of
/// the previous layout nearest their old one; the new tags, in input order, the first free place
/// in reading order. What is left goes on new rows after the last, as in a new flow (alignment,
/// overflow and the row limit apply there; the previous rows count toward `maximumRows`).
extension FlowLayout {
    /// How a flow kept to its previous layout: the word cloud's counts, a tag's move measured
    /// across between its old and new frame centres and up and down between its old and new
    /// baselines (between the frame centres when the previous layout gives no baseline).
    public typealias Continuity = WordCloudLayout.Continuity

    /// Gives each word of `words` kept from `previous` its old size when its weight did not change
    /// (or sizes are drawn at random) and the size is within the sizing's range, unless it had
    /// been shrunk to fit (`keptLook` then draws it as it was).
    func keepSizes(_ words: inout [StyledWord], of previous: PreviousLayout) {
        for (i, k) in previous.matches(words.map { $0.term }).enumerated() {
            guard let k, let size = previous.words[k].fontSize, !previous.words[k].shrunk,
                sizeRange.contains(size), keepsLook(words[i], previous.words[k])
            else { continue }
            words[i].size = size
        }
    }

    /// The sizes the style gives, in points.
    private var sizeRange: ClosedRange<Double> {
        switch options.style.sizing {
        case .scaled(let s): return s.minimumSize...max(s.minimumSize, s.maximumSize)
        case .random(let lo, let hi): return lo...max(lo, hi)
        case .fitted(let f):
            return options.minimumFontSize...max(options.minimumFontSize, f.maximumSize ?? FittedSizing.defaultMaximumSize)
        }
    }

    /// Whether `word` is drawn as `old` was: its weight did not change, or sizes are drawn at random.
    private func keepsLook(_ word: StyledWord, _ old: PreviousLayout.Word) -> Bool {
        if case .random = options.style.sizing { return true }
        return old.weight == word.term.weight
    }

    /// `word` drawn as `old` was when it had been shrunk or cut short to fit (at its old size,
    /// its text cut as before) and keeps its look; nil otherwise.
    private func keptLook(_ word: StyledWord, _ old: PreviousLayout.Word, typesetter: some Typesetter) throws(CoreError) -> Item?
    {
        guard old.shrunk || old.truncatedText != nil, let size = old.fontSize, size <= sizeRange.upperBound,
            keepsLook(word, old)
        else { return nil }
        var item = try measure(
            word, text: old.truncatedText ?? word.term.text, size: size, typesetter: typesetter,
            truncated: old.truncatedText != nil)
        item.shrunk = old.shrunk
        return item
    }

    /// `words` laid out over `previous` in a flow `width` points wide (checked), as the type's
    /// extension describes.
    func keptLayout(
        _ words: [StyledWord], previous: PreviousLayout, typesetter: some Typesetter, width: Double,
        seed: UInt64?
    ) throws(CoreError) -> (layout: CloudLayout, continuity: Continuity?) {
        let available = width - options.insets.horizontal
        let matches = previous.matches(words.map { $0.term })
        var unplaced: [UnplacedWord] = []
        var items: [Item?] = []
        for (word, k) in zip(words, matches) {
            try cancellation?.check()
            if word.term.text.isBlank {
                unplaced.append(UnplacedWord(index: word.index, text: word.term.text, id: word.term.id, reason: .empty))
                items.append(nil)
                continue
            }
            if let k, let kept = try keptLook(word, previous.words[k], typesetter: typesetter) {
                items.append(kept)
            } else {
                items.append(try measured(word, available: available, typesetter: typesetter))
            }
        }
        var board = FlowBoard(previous, options: options, width: width)
        var spots: [Int: (frame: Rect, baseline: Double)] = [:]
        let rest = try place(items, matches: matches, previous: previous, on: &board, into: &spots)

        var placed = spots.map { i, spot in (i, placedWord(items[i]!, frame: spot.frame, baseline: spot.baseline)) }
        if !rest.isEmpty {
            let rows = try appendedRows(rest.map { items[$0]! }, after: board, available: available, typesetter: typesetter)
            placed += zip(rest, rows)
            for i in rest[rows.count...] {
                unplaced.append(
                    UnplacedWord(index: words[i].index, text: words[i].term.text, id: words[i].term.id, reason: .rowLimit))
            }
        }
        placed.sort { ($0.1.index, $0.0) < ($1.1.index, $1.0) }
        unplaced.sort { $0.index < $1.index }

        let bottom = placed.map { $0.1.frame.maxY }.max()
        let height = bottom.map { $0 + options.insets.bottom } ?? options.insets.vertical
        let layout = CloudLayout(
            kind: .flow, size: Size(width: width, height: (height - 1e-9).rounded(.up)),
            background: options.style.background, placed: placed.map { $0.1 }, unplaced: unplaced, seed: seed)
        return (layout, continuity(placed, matches: matches, previous: previous))
    }

    /// Places the kept tags where they were, then those that no longer fit there nearest their old
    /// places, then the new tags in the first gap; returns the words (by position) left over, in
    /// that order.
    private func place(
        _ items: [Item?], matches: [Int?], previous: PreviousLayout, on board: inout FlowBoard,
        into spots: inout [Int: (frame: Rect, baseline: Double)]
    ) throws(CoreError) -> [Int] {
        func unchanged(_ i: Int) -> Bool {
            let w = previous.words[matches[i]!], item = items[i]!
            guard let f = w.frame, w.baseline != nil else { return false }
            return abs(item.width - f.width) <= 1e-9 && abs(item.height - f.height) <= 1e-9
        }
        let kept = items.indices.filter { items[$0] != nil && matches[$0] != nil }.sorted { matches[$0]! < matches[$1]! }
        let order = kept.filter(unchanged) + kept.filter { !unchanged($0) }
        for i in order {
            try cancellation?.check()
            let w = previous.words[matches[i]!], item = items[i]!
            let spot =
                unchanged(i)
                ? (frame: w.frame!, baseline: w.baseline!)
                : board.resized(width: item.width, height: item.height, ascent: item.ascent, about: w)
            guard board.isFree(spot.frame) else { continue }
            board.insert(spot.frame)
            spots[i] = spot
        }
        var rest: [Int] = []
        let moving = order.filter { spots[$0] == nil }
        let new = items.indices.filter { items[$0] != nil && matches[$0] == nil }
        for i in moving + new {
            try cancellation?.check()
            let item = items[i]!
            let near = matches[i].map { previous.words[$0].center }
            guard let spot = board.gap(width: item.width, height: item.height, ascent: item.ascent, near: near) else {
                rest.append(i)
                continue
            }
            board.insert(spot.frame)
            spots[i] = spot
        }
        return rest
    }

    /// `items` on rows after the board's last tag, as a new flow lays them out, within the rows
    /// `maximumRows` leaves after the previous layout's: the placed words of the first items, in
    /// order; the items past the last row are left out.
    private func appendedRows(
        _ items: [Item], after board: FlowBoard, available: Double, typesetter: some Typesetter
    ) throws(CoreError) -> [PlacedWord] {
        let allowed = options.maximumRows.map { $0 - board.shelves.count }
        if let allowed, allowed <= 0 { return [] }
        let top = board.bottom.map { $0 + options.rowSpacing } ?? options.insets.top
        var rows = RowBreaker(limit: allowed, placer: RowPlacer(available: available, top: top))
        for item in items {
            guard try rows.add(item, in: self, available: available, typesetter: typesetter) else { break }
        }
        return rows.finish(in: self).placed
    }

    /// The counts of `placed` (each with its word's position) against `previous`.
    private func continuity(_ placed: [(Int, PlacedWord)], matches: [Int?], previous: PreviousLayout) -> Continuity {
        let offsets = placed.map { i, p -> (dx: Double, dy: Double)? in
            guard let k = matches[i] else { return nil }
            // A line of text sits on its baseline: a tag that grew on its row's baseline, about
            // its centre across, did not move.
            let old = previous.words[k]
            return (p.frame.center.x - old.center.x, old.baseline.map { p.baseline - $0 } ?? p.frame.center.y - old.center.y)
        }
        return Continuity(
            offsets: offsets, removed: Set(previous.words.map { $0.identity }).count - matches.count { $0 != nil })
    }
}
