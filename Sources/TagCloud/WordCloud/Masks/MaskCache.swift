/// Typeset words and their masks, by word, size, angle and margin; safe to share across threads.
/// One cache serves one layout, so a word is known by its index, and its few entries (its angles
/// and the sizes it shrank through) are kept by that index (`first`, `more`): no hashing on every
/// lookup, and no table of large values to grow and move.
final class MaskCache: @unchecked Sendable {
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
        /// The word at each of its sizes in a series (`SeriesExtent`), when it has several: `raw`
        /// is then the union of their masks, centred on one another. Empty otherwise.
        let variants: [SeriesExtent.Variant]
        /// Whether the word has any ink to place.
        var hasInk: Bool { raw.bits.width > 0 }

        init(
            key: Key, set: TypesetWord, raw: WordMask, grown: BitMask, search: SearchMask?, coarse: BitMask?,
            fits: Bool = true, variants: [SeriesExtent.Variant] = []
        ) {
            self.key = key
            self.set = set; self.raw = raw; self.grown = grown; self.search = search; self.coarse = coarse
            self.fits = fits; self.variants = variants
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
    /// Which words are set upright at a quarter turn (a cloud's `WordCloudOptions.cjkVertical`).
    let vertical: CJKVertical

    init(shared: Bool, words: Int, vertical: CJKVertical) {
        self.shared = shared
        self.vertical = vertical
        first = Array(repeating: nil, count: words)
        more = Array(repeating: [], count: words)
    }

    /// Adds `e`, made by another layout, as an entry of word `word` of this one (a series' word
    /// pinned where an earlier frame placed it, whose masks at all its sizes are made once).
    func adopt(_ e: Entry, as word: Int) {
        let key = Key(word: word, size: e.key.size, angle: e.key.angle, margin: e.key.margin)
        keep(
            Entry(
                key: key, set: e.set, raw: e.raw, grown: e.grown, search: e.search, coarse: e.coarse, fits: e.fits,
                variants: e.variants))
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

    /// The word typeset at the key's size already, at another margin or at another angle it is
    /// set the same way at (as a line, or upright in a column).
    private func typeset(_ key: Key, text: String) -> TypesetWord? {
        let upright = vertical.setsUpright(text, angle: key.angle)
        return entry(of: key.word) { $0.size == key.size && vertical.setsUpright(text, angle: $0.angle) == upright }?.set
    }

    /// The entry of `word`, the word at `index` of the layout. With `unlessClaimed` (a prefetch),
    /// nothing is done when another thread is already making it. With `room`, a word whose grown
    /// mask is sure to be wider or taller than that is not rasterised (`fits` is false): the big
    /// sizes a crowded layout shrinks through are often larger than the canvas.
    @discardableResult
    func entry<T: Typesetter & GlyphRasterizer>(
        index: Int, word: StyledWord, size: Double, angle: Double, margin: Int,
        typesetter: T, room: (width: Int, height: Int)? = nil,
        unlessClaimed: Bool = false, extent: SeriesExtent? = nil
    ) throws(CoreError) -> Entry? {
        let key = Key(word: index, size: size, angle: angle, margin: margin)
        if !shared {
            if let e = known(key) { return e }
            let e = try make(
                word: word, key: key, typeset: typeset(key, text: word.term.text), typesetter: typesetter, room: room,
                prefetch: unlessClaimed, extent: extent)
            keep(e)
            return e
        }
        let (found, set, skip) = lock.withLock { () -> (Entry?, TypesetWord?, Bool) in
            if let e = known(key) { return (e, nil, false) }
            if unlessClaimed && claimed.contains(key) { return (nil, nil, true) }
            claimed.append(key)
            return (nil, typeset(key, text: word.term.text), false)
        }
        if let found { return found }
        if skip { return nil }
        defer { lock.withLock { if let k = claimed.firstIndex(of: key) { claimed.remove(at: k) } } }
        let e = try make(
            word: word, key: key, typeset: set, typesetter: typesetter, room: room, prefetch: unlessClaimed,
            extent: extent)
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
    private func make<T: Typesetter & GlyphRasterizer>(
        word: StyledWord, key: Key, typeset known: TypesetWord?,
        typesetter: T, room: (width: Int, height: Int)?,
        prefetch: Bool, extent: SeriesExtent?
    ) throws(CoreError) -> Entry {
        let angle = key.angle, margin = key.margin
        let set: TypesetWord
        if let known {
            set = known
        } else {
            set = try vertical.typeset(word.term.text, font: word.font, size: key.size, angle: angle, with: typesetter)
        }
        let rotation = set.glyphRotation(at: angle)
        if let room, let least = typesetter.coverageLowerBound(of: set, rotation: rotation),
            least.width + 2 * margin > room.width || least.height + 2 * margin > room.height
        {
            return Entry(
                key: key, set: set, raw: WordMask(bits: BitMask(width: 0, height: 0), offsetX: 0, offsetY: 0),
                grown: BitMask(width: 0, height: 0), search: nil, coarse: nil, fits: false)
        }
        var raw = try typesetter.coverage(of: set, rotation: rotation)
        var variants: [SeriesExtent.Variant] = []
        if let extent {
            (raw, variants) = try extent.union(
                word, size: key.size, set: set, raw: raw, angle: angle, vertical: vertical, typesetter: typesetter)
        }
        let grown = raw.dilated(by: margin).bits
        let search = prefetch && raw.bits.width > 0 ? SearchMask(grown) : nil
        let coarse = raw.bits.width > 0 ? grown.downsampled(by: PlacementArea.coarse) : nil
        return Entry(key: key, set: set, raw: raw, grown: grown, search: search, coarse: coarse, variants: variants)
    }

    /// The entry of `word`, made here if nobody has it yet.
    func entry<T: Typesetter & GlyphRasterizer>(
        index: Int, word: StyledWord, size: Double, angle: Double, margin: Int,
        typesetter: T, room: (width: Int, height: Int)? = nil, extent: SeriesExtent? = nil
    ) throws(CoreError) -> Entry {
        // Never nil: only a prefetch gives way to a claim.
        try entry(
            index: index, word: word, size: size, angle: angle, margin: margin, typesetter: typesetter,
            room: room, unlessClaimed: false, extent: extent)!
    }
}
