/// A word's sizes across the frames of a series, as ratios of the size it is placed at. The word
/// is placed as the union of its masks at all of them, centred on one another: wherever that union
/// is free, the word at any of its sizes is clear of every word it shares a frame with, at
/// whatever size that word has there. So one position serves every frame, with no overlap in any.
struct SeriesExtent: Sendable {
    /// The word at one of its sizes, and where its mask lies in the union.
    struct Variant: Sendable {
        /// Its size as a share of the size the word is placed at.
        let ratio: Double
        let set: TypesetWord
        let raw: WordMask
        /// The offset of `raw`'s top-left pixel from the union's.
        let dx: Int
        let dy: Int
    }

    /// The distinct ratios, each in (0, 1], the first 1 (the frame where the word is heaviest).
    let ratios: [Double]
    /// The ratio of each of the word's weights.
    let ratioOf: [Double: Double]
    /// The size ratio 1 stands for before rounding: the curve's size of the word's largest weight.
    /// A word placed at that size, rounded, shows each weight at the curve's size of it, rounded,
    /// so that a weight has one size in every frame (rounding the rounded size times a ratio
    /// could miss it by a point).
    var nominal: Double = 0

    /// The union of `word`'s masks at `size` times each ratio, at `angle`, and the word at each
    /// ratio (set upright or not as `vertical` says); `set` and `raw` are the word at `size`
    /// (ratio 1), already made.
    func union<T: Typesetter & GlyphRasterizer>(
        _ word: StyledWord, size: Double, set: TypesetWord, raw: WordMask, angle: Double, vertical: CJKVertical,
        typesetter: T
    ) throws(CoreError) -> (raw: WordMask, variants: [Variant]) {
        // Sizes in whole points, as a cloud's: ratios that round to one size share its mask.
        var made: [Double: (set: TypesetWord, raw: WordMask)] = [:]
        var parts: [(ratio: Double, set: TypesetWord, raw: WordMask)] = []
        for r in ratios {
            if r == 1 {
                parts.append((r, set, raw))
                continue
            }
            let points = max(1, ((size == nominal.rounded() ? nominal : size) * r).rounded())
            let part: (set: TypesetWord, raw: WordMask)
            if let known = made[points] {
                part = known
            } else {
                let s = try vertical.typeset(word.term.text, font: word.font, size: points, angle: angle, with: typesetter)
                part = (s, try typesetter.coverage(of: s, rotation: s.glyphRotation(at: angle)))
                made[points] = part
            }
            parts.append((r, part.set, part.raw))
        }
        let width = parts.map { $0.raw.bits.width }.max() ?? 0, height = parts.map { $0.raw.bits.height }.max() ?? 0
        var bits = BitMask(width: width, height: height)
        var variants: [Variant] = []
        var nominal = (dx: 0, dy: 0)
        for p in parts {
            let dx = (width - p.raw.bits.width) / 2, dy = (height - p.raw.bits.height) / 2
            bits.formUnion(p.raw.bits, x: dx, y: dy)
            variants.append(Variant(ratio: p.ratio, set: p.set, raw: p.raw, dx: dx, dy: dy))
            if p.ratio == 1 { nominal = (dx, dy) }
        }
        // The union's origin is the word's at `size`, whose mask lies `nominal` inside it.
        return (WordMask(bits: bits, offsetX: raw.offsetX - nominal.dx, offsetY: raw.offsetY - nominal.dy), variants)
    }
}

extension BitMask {
    /// Sets every pixel of `other` placed with its top-left at (`x`, `y`), which must lie inside.
    mutating func formUnion(_ other: BitMask, x: Int, y: Int) {
        precondition(x >= 0 && y >= 0 && x + other.width <= width && y + other.height <= height)
        for row in 0..<other.height {
            let target = (y + row) * wordsPerRow
            for k in 0..<other.wordsPerRow {
                let v = other.words[row * other.wordsPerRow + k]
                if v == 0 { continue }
                let bit = x + 64 * k, w = bit >> 6, shift = bit & 63
                words[target + w] |= v << UInt64(shift)
                if shift != 0 && w + 1 < wordsPerRow { words[target + w + 1] |= v >> UInt64(64 - shift) }
            }
        }
    }
}

/// The sizes of a series' words across its frames, as a word cloud of all its words needs them:
/// every word sized on one curve over the weights of all frames.
struct SeriesSizes: Sendable {
    /// By term index: the word's weights in the frames it appears in, its largest (the term's own
    /// weight) among them.
    var weights: [Int: [Double]]
    /// The weights of every word in every frame: the curve spans them.
    var weightRange: ClosedRange<Double>
    /// The size curve.
    var curve: WeightScale.Curve
    /// By term index: the font and colour of a word drawn in an earlier frame, which it keeps.
    var looks: [Int: Look] = [:]
    /// By term index: the masks of a word placed in an earlier frame, made then.
    var entries: [Int: MaskCache.Entry] = [:]

    /// A word's font and colour.
    struct Look: Sendable {
        var font: FontDescriptor
        var color: Color
    }

    /// The sizes of the word with term index `index` when its largest is on the curve up to
    /// `maximumSize`; nil for a word with one size.
    func extent(of index: Int, maximumSize: Double, minimumSize: Double) -> SeriesExtent? {
        guard let ws = weights[index], let top = ws.max() else { return nil }
        let scale = WeightScale(curve: curve, minimumSize: minimumSize, maximumSize: maximumSize)
        let full = scale.size(for: top, in: weightRange)
        var ratios: [Double] = [1]
        var ratioOf: [Double: Double] = [:]
        for w in ws {
            let r = w == top || full <= 0 ? 1 : min(1, scale.size(for: w, in: weightRange) / full)
            ratioOf[w] = r
            if !ratios.contains(r) { ratios.append(r) }
        }
        return ratios.count > 1 ? SeriesExtent(ratios: ratios, ratioOf: ratioOf, nominal: full) : nil
    }
}
