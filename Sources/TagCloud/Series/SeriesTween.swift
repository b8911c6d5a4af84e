/// The clouds between two frames of a `CloudSeries`, for writers that morph one frame into the next
/// (the animated WebP draws one of these for every in-between image).
///
/// At time `t` (0 at frame k, 1 at frame k + 1, eased in and out) a word in both frames sits at its
/// centre with its font size between its two sizes, its glyphs, origin, frame and ink bounds scaled
/// about its frame's centre; a word whose centre or angle differs between the frames moves and turns
/// on the way. A word only in frame k fades out, a word only in frame k + 1 fades in (colour alpha),
/// and colours in between are mixed channel by channel. Words are matched by
/// `CloudSeries.identity(of:)`; the first of several words with one identity is matched, the others
/// fade. Pure: the same frames and time give the same cloud.
public enum SeriesTween {
    /// The cloud at time `t` between frame `index` and frame `index + 1` of `series`, or `nil` when the
    /// series has no such pair of frames. `t` is clamped to 0…1 (not a number counts as 0).
    public static func layout(in series: CloudSeries, after index: Int, at t: Double) -> CloudLayout? {
        guard index >= 0, index < series.frames.count - 1 else { return nil }
        return layout(from: series.frames[index].layout, to: series.frames[index + 1].layout, at: t)
    }

    /// The cloud at time `t` between `from` (t = 0, returned as it is) and `to` (t = 1, returned as
    /// it is). `t` is clamped to 0…1 (not a number counts as 0) and eased by `easeInOut`.
    public static func layout(from a: CloudLayout, to b: CloudLayout, at t: Double) -> CloudLayout {
        let s = easeInOut(t)
        if s <= 0 { return a }
        if s >= 1 { return b }
        // What is not a word (canvas, contour, unplaced list) switches halfway; the background mixes.
        var out = s < 0.5 ? a : b
        out.background = mix(a.background, b.background, s)
        out.placed = words(from: a.placed, to: b.placed, at: s)
        return out
    }

    /// Smoothstep, 3t² − 2t³, of `t` clamped to 0…1: slow at both ends, symmetric about ½, close to
    /// CSS's `ease-in-out`. Not a number counts as 0.
    public static func easeInOut(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        return t * t * (3 - 2 * t)
    }

    // MARK: - Words

    /// Frame k's words (shared ones morphed, the rest fading out) in their order, then the words only
    /// in frame k + 1 fading in, in theirs.
    private static func words(from a: [PlacedWord], to b: [PlacedWord], at s: Double) -> [PlacedWord] {
        var waiting: [PreviousLayout.Identity: [Int]] = [:]
        for (i, word) in b.enumerated() { waiting[CloudSeries.identity(of: word), default: []].append(i) }
        var matched = [Bool](repeating: false, count: b.count)
        var out: [PlacedWord] = []
        out.reserveCapacity(a.count + b.count)
        for word in a {
            let key = CloudSeries.identity(of: word)
            if let j = waiting[key]?.first {
                waiting[key]?.removeFirst()
                matched[j] = true
                out.append(morph(word, into: b[j], at: s))
            } else {
                out.append(faded(word, by: 1 - s))
            }
        }
        for (j, word) in b.enumerated() where !matched[j] { out.append(faded(word, by: s)) }
        return out
    }

    /// A word shown in both frames at `s`: the nearer frame's word (its glyphs, font, text) resized to
    /// the mixed font size about its frame's centre, moved to the mixed centre, turned to the mixed angle.
    static func morph(_ a: PlacedWord, into b: PlacedWord, at s: Double) -> PlacedWord {
        var base = s < 0.5 ? a : b
        let size = lerp(a.fontSize, b.fontSize, s)
        let factor = base.fontSize > 0 && size.isFinite ? size / base.fontSize : 1
        let from = base.frame.center
        let to = Point(x: lerp(a.frame.center.x, b.frame.center.x, s), y: lerp(a.frame.center.y, b.frame.center.y, s))
        let angle = a.rotation + angleDifference(from: a.rotation, to: b.rotation) * s
        // An upright column's glyphs are not turned by its angle, so neither is the column.
        let turn = base.upright ? 0 : angle - base.rotation
        // Origin relative to the centre, scaled and turned; glyph offsets are relative to the origin
        // before rotation, so they only scale.
        let offset = rotate(Point(x: (base.origin.x - from.x) * factor, y: (base.origin.y - from.y) * factor), by: turn)
        base.origin = Point(x: to.x + offset.x, y: to.y + offset.y)
        base.baseline = base.origin.y
        base.glyphs = base.glyphs.map { PositionedGlyph(id: $0.id, x: $0.x * factor, y: $0.y * factor, font: $0.font) }
        base.frame = transformed(base.frame, about: from, to: to, scale: factor, turn: turn)
        base.inkBounds = transformed(base.inkBounds, about: from, to: to, scale: factor, turn: turn)
        base.fontSize = size
        base.rotation = angle
        base.weight = lerp(a.weight, b.weight, s)
        base.color = mix(a.color, b.color, s)
        if let da = a.decoration, let db = b.decoration {
            var d = s < 0.5 ? da : db
            d.fill = mix(da.fill, db.fill, s)
            d.border = mix(da.border, db.border, s)
            d.borderWidth = lerp(da.borderWidth, db.borderWidth, s)
            d.cornerRadius = lerp(da.cornerRadius, db.cornerRadius, s)
            base.decoration = d
        } else if base.decoration != nil {
            // Only one frame draws a tag shape behind the word: it fades with the frame it belongs to.
            base.decoration = base.decoration.map { faded($0, by: s < 0.5 ? 1 - s : s) }
        }
        return base
    }

    /// `word` with its colours' alpha multiplied by `opacity`.
    static func faded(_ word: PlacedWord, by opacity: Double) -> PlacedWord {
        var w = word
        w.color = faded(w.color, by: opacity)
        w.decoration = w.decoration.map { faded($0, by: opacity) }
        return w
    }

    private static func faded(_ d: TagDecoration, by opacity: Double) -> TagDecoration {
        var d = d
        d.fill = d.fill.map { faded($0, by: opacity) }
        d.border = d.border.map { faded($0, by: opacity) }
        return d
    }

    private static func faded(_ c: Color, by opacity: Double) -> Color {
        var c = c
        c.alpha = channel(Double(c.alpha) * opacity)
        return c
    }

    // MARK: - Arithmetic

    /// `a` at 0, `b` at 1; exact at both ends.
    static func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double { a * (1 - s) + b * s }

    /// Two colours mixed channel by channel; a missing colour (no background, no border) is `b`'s or
    /// `a`'s colour made transparent, so it fades rather than jumps.
    static func mix(_ a: Color?, _ b: Color?, _ s: Double) -> Color? {
        switch (a, b) {
        case (nil, nil): return nil
        case (let a?, nil): return faded(a, by: 1 - s)
        case (nil, let b?): return faded(b, by: s)
        case (let a?, let b?): return mix(a, b, s)
        }
    }

    private static func mix(_ a: Color, _ b: Color, _ s: Double) -> Color {
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { channel(lerp(Double(x), Double(y), s)) }
        return Color(red: m(a.red, b.red), green: m(a.green, b.green), blue: m(a.blue, b.blue), alpha: m(a.alpha, b.alpha))
    }

    /// A channel value rounded and clamped to 0…255 (not a number counts as 0).
    private static func channel(_ v: Double) -> UInt8 {
        guard v > 0 else { return 0 }
        return v >= 255 ? 255 : UInt8(v.rounded())
    }

    /// The shortest turn from one angle to another, in degrees, within −180…180 (0 when either is
    /// not finite).
    static func angleDifference(from a: Double, to b: Double) -> Double {
        let d = b - a
        guard d.isFinite else { return 0 }
        var r = d.truncatingRemainder(dividingBy: 360)
        if r > 180 { r -= 360 } else if r <= -180 { r += 360 }
        return r
    }

    /// `p` turned by `degrees` clockwise on screen (y down) about the origin.
    private static func rotate(_ p: Point, by degrees: Double) -> Point {
        guard degrees != 0 else { return p }
        let r = degrees * .pi / 180
        let c = Math.cos(r), s = Math.sin(r)
        return Point(x: p.x * c - p.y * s, y: p.x * s + p.y * c)
    }

    /// The box of `r` scaled by `scale` about `center`, turned by `turn` degrees about it, and moved
    /// so `center` lands on `to` (the bounding box of the turned corners when `turn` is not 0).
    private static func transformed(_ r: Rect, about center: Point, to: Point, scale: Double, turn: Double) -> Rect {
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
            Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY),
        ].map { p in
            let q = rotate(Point(x: (p.x - center.x) * scale, y: (p.y - center.y) * scale), by: turn)
            return Point(x: to.x + q.x, y: to.y + q.y)
        }
        let xs = corners.map { $0.x }, ys = corners.map { $0.y }
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}
