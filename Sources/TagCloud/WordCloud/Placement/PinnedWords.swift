/// The pinned words of a layout, placed where their pins say before any other word is searched
/// for. Worked out and checked once per layout: pinned words keep their size when `fit = .all`
/// scales the cloud, so every attempt starts from the same pinned words.
struct PinnedWords {
    /// The pinned words' placements, heaviest first.
    private(set) var placements: [Placement] = []
    /// Pinned words without ink: there is nothing to place, so they are reported unplaced.
    private(set) var failed: [Int] = []
    /// Whether each word (by its index in the layout) is pinned; empty when none is.
    private var pinned: [Bool] = []

    /// No pinned words.
    init() {}

    /// The pinned words of `context`, each at its pin's size (or the size the sizing gives it at
    /// full scale, the heaviest word at most `maximumSize`) and angle. Throws when a pinned word's
    /// ink leaves the canvas or the area, or when two pinned words' masks, grown by the margin, meet.
    init<T: Typesetter & GlyphRasterizer>(_ context: PlacementContext<T>, maximumSize: Double) throws(CoreError) {
        let styled = context.styled
        guard styled.contains(where: { $0.term.pin != nil }) else { return }
        let options = context.options, d = context.dilation
        let sizing = WordSizing(styled, options: options, scale: 1, maximumSize: maximumSize)
        pinned = styled.map { $0.term.pin != nil }
        // The pins placed so far, on a map `d` pixels larger on every side, so that a grown mask
        // fits on it wherever its ink lies on the canvas.
        var taken = OccupancyMap(width: options.width + 2 * d, height: options.height + 2 * d)
        for (i, word) in styled.enumerated() {
            guard let pin = word.term.pin else { continue }
            try context.cancellation?.check()
            let e = try context.cache.entry(
                index: i, word: word, size: pin.size ?? sizing.predicted[i], angle: pin.angle, margin: d,
                typesetter: context.typesetter, room: (taken.width, taken.height),
                extent: context.extents.isEmpty ? nil : context.extents[i])
            guard e.fits else { throw TagCloudError.pinOutside(text: word.term.text, area: "the canvas") }
            guard e.hasInk else { failed.append(i); continue }
            let p = try Self.place(i, pin: pin, entry: e, context: context)
            // In a series, words placed in earlier frames are pinned, and two of them that share
            // no frame may overlap: the series keeps its own guarantee.
            if !context.extents.isEmpty {
                placements.append(p)
                continue
            }
            // The grown mask's top-left is `d` pixels above and left of the ink's, which is where
            // the larger map has it.
            if taken.collides(e.grown, x: p.x, y: p.y) {
                let other = placements.first { Self.touch($0, p, dilation: d) }
                throw TagCloudError.pinsOverlap(
                    first: other.map { styled[$0.word].term.text } ?? "?", second: word.term.text,
                    margin: options.margin)
            }
            taken.insert(p.raw.bits, x: p.x + d, y: p.y + d)
            placements.append(p)
        }
    }

    /// Whether word `i` is pinned.
    func contains(_ i: Int) -> Bool { i < pinned.count && pinned[i] }

    /// The first word no pin places (the index past the last word when every word is pinned).
    var firstUnpinned: Int { pinned.firstIndex(of: false) ?? pinned.count }

    /// Word `i` with the frame of its ink centred on `pin` (to the nearest whole pixel), checked to
    /// lie on the canvas and inside the area.
    private static func place<T: Typesetter & GlyphRasterizer>(
        _ i: Int, pin: Pin, entry e: MaskCache.Entry, context: PlacementContext<T>
    ) throws(CoreError) -> Placement {
        let options = context.options, text = context.styled[i].term.text
        let bits = e.raw.bits
        let left = (pin.x - Double(bits.width) / 2).rounded(), top = (pin.y - Double(bits.height) / 2).rounded()
        // Checked before converting: a pin far off the canvas is an error, never a trap.
        guard left >= 0, top >= 0, left + Double(bits.width) <= Double(options.width),
            top + Double(bits.height) <= Double(options.height)
        else { throw TagCloudError.pinOutside(text: text, area: "the canvas") }
        let x = Int(left), y = Int(top)
        if let forbidden = context.area.forbidden, inkMeets(bits, x: x, y: y, forbidden) {
            let area: String
            switch options.area {
            case .shape(let shape): area = "the shape \(shape.rawValue)"
            case .mask: area = "the mask"
            case .canvas: area = "the canvas"
            }
            throw TagCloudError.pinOutside(text: text, area: area)
        }
        return Placement(
            word: i, x: x, y: y, angle: pin.angle, set: e.set, raw: e.raw, shrunk: false, weightFactor: 1)
    }

    /// Whether any pixel of `bits` with its top-left at (`x`, `y`) is set in `other`.
    private static func inkMeets(_ bits: BitMask, x: Int, y: Int, _ other: BitMask) -> Bool {
        for r in 0..<bits.height {
            for j in 0..<bits.wordsPerRow {
                var w = bits.words[r * bits.wordsPerRow + j]
                while w != 0 {
                    if other[x &+ j &* 64 + w.trailingZeroBitCount, y + r] { return true }
                    w &= w - 1
                }
            }
        }
        return false
    }

    /// Whether the ink of `a` meets the mask of `b` grown by `dilation`: they are closer than the
    /// margin. Only asked once two pins are known to meet, to name the other one.
    private static func touch(_ a: Placement, _ b: Placement, dilation d: Int) -> Bool {
        let am = a.raw.bits, bm = b.raw.bits.dilated(by: d)
        let dx = a.x - (b.x - d), dy = a.y - (b.y - d)
        guard dx < bm.width, -dx < am.width, dy < bm.height, -dy < am.height else { return false }
        for y in 0..<am.height {
            for x in 0..<am.width where am[x, y] && bm[x + dx, y + dy] { return true }
        }
        return false
    }
}
