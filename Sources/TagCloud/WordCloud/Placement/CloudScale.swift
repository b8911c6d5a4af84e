/// The one place that decides how large a cloud's words may be, for a word cloud and a series of
/// clouds alike: the heaviest word's size before any scaling, and the largest scale of the whole
/// cloud at which every word fits (`fit = .all`, exact sizes without a weight range).
enum CloudScale {
    /// The size at which the heaviest word's ink is measured to find its comfortable size.
    static let probeSize = 100.0

    /// The heaviest word's size before any scaling: the fitted sizing's maximum; with a weight
    /// range, the size of its upper bound (`rangeMaximumSize`); else the size at which the heaviest
    /// word — whose ink at `probeSize` points `heaviestInk` gives — spans a comfortable part of the
    /// area. Under another sizing, `styledMaximum`: the largest size the style gave (nil: measured
    /// as a fitted sizing is).
    static func heaviestSize(
        _ options: WordCloudOptions, styledMaximum: Double?, room: (width: Int, height: Int),
        heaviestInk: () throws(CoreError) -> BitMask
    ) throws(CoreError) -> Double {
        switch options.style.sizing {
        case .fitted(let fitted): if let m = fitted.maximumSize { return m }
        case .scaled, .random: if let styledMaximum { return styledMaximum }
        }
        if options.style.weightRange != nil { return rangeMaximumSize(options) }
        return comfortableSize(of: try heaviestInk(), at: probeSize, room: room, minimum: options.minimumFontSize)
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

    /// The placement at the largest scale in (0, 1] at which it leaves no word over, and that scale.
    /// `place(scale, probe)` places every word at `scale` (a `probe` may stop at its first word
    /// left over); `leftOver` counts the words it left over. The cloud is halved until all fit,
    /// while the heaviest word (`maximumSize` at full scale) stays at least half `minimumSize`, then
    /// bisected back up six times. When nothing fits every word: the full scale or the smallest
    /// tried, whichever leaves fewer over. Without `searching`, the placement at full scale.
    static func largestFitting<Attempt>(
        searching: Bool, maximumSize: Double, minimumSize: Double,
        leftOver: (Attempt) -> Int, place: (_ scale: Double, _ probe: Bool) throws(CoreError) -> Attempt
    ) throws(CoreError) -> (attempt: Attempt, scale: Double) {
        let first = try place(1, searching)
        guard searching && leftOver(first) > 0 else { return (first, 1) }
        var hi = 1.0, lo = 0.5
        var best = first
        var found = false
        while lo * maximumSize >= minimumSize / 2 {
            let a = try place(lo, true)
            if leftOver(a) == 0 { best = a; found = true; break }
            hi = lo
            lo /= 2
        }
        guard found else {
            let full = try place(1, false), smallest = try place(hi, false)
            return leftOver(smallest) < leftOver(full) ? (smallest, hi) : (full, 1)
        }
        for _ in 0..<6 {
            let mid = (lo + hi) / 2
            let a = try place(mid, true)
            if leftOver(a) == 0 { best = a; lo = mid } else { hi = mid }
        }
        return (best, lo)
    }
}
