/// Keeps every word readable: no word is drawn with less than a minimum WCAG 2 contrast ratio
/// (3:1 by default, the WCAG level for large text and graphics) against what is behind it.
///
/// A colour that falls short keeps its hue and saturation and only moves in lightness, toward black
/// or toward white, by the smallest step that reaches the ratio; colours that already pass are left
/// untouched, so applying the guard twice changes nothing. The result depends only on the two
/// colours, never on a random choice, so the same cloud keeps the same bytes.
///
/// Why on the final `CloudLayout` rather than inside a layout: colours can be decided after styling
/// (a term's own colour, `--color-image`, a pill's fill behind the text), and only the finished
/// layout knows them all. Renderers then draw exactly what the layout holds.
public struct ContrastGuard: Hashable, Sendable {
    /// The WCAG ratio for large text and user-interface graphics; word-cloud words are large text.
    public static let defaultMinimumRatio = 3.0

    /// The smallest contrast ratio a word may have against its background (1–21).
    public var minimumRatio: Double

    /// Creates a guard; `minimumRatio` is clamped to 1–21, the range of WCAG ratios.
    public init(minimumRatio: Double = ContrastGuard.defaultMinimumRatio) {
        self.minimumRatio = minimumRatio.isFinite ? max(1, min(21, minimumRatio)) : Self.defaultMinimumRatio
    }

    /// `color` as drawn over `background`, adjusted when needed so that it contrasts at least
    /// `minimumRatio` with it. A translucent colour is judged as it looks (blended over the
    /// background); when it must change, the result is opaque, because a translucent colour's
    /// contrast depends on whatever is behind it.
    public func adjusted(_ color: Color, against background: Color) -> Color {
        let backdrop = Self.opaque(background, over: .white)
        let seen = Self.opaque(color, over: backdrop)
        if seen.contrastRatio(with: backdrop) >= minimumRatio { return color }
        let (h, s, l) = Self.hsl(seen)
        // The smallest lightness move in each direction that passes; the smaller one wins, and a
        // tie goes toward black on a light background (toward white on a dark one).
        let darker = search(h, s, from: l, to: 0, against: backdrop)
        let lighter = search(h, s, from: l, to: 1, against: backdrop)
        let lightBackground = backdrop.relativeLuminance >= 0.18
        switch (darker, lighter) {
        case let (d?, w?):
            if d.step < w.step || (d.step == w.step && lightBackground) { return d.color }
            return w.color
        case let (d?, nil): return d.color
        case let (nil, w?): return w.color
        case (nil, nil):
            // Unreachable for ratios up to 4.58 (black or white always reach it), possible for
            // stricter ratios against mid greys: the best that exists.
            return Color.black.contrastRatio(with: backdrop) >= Color.white.contrastRatio(with: backdrop)
                ? .black : .white
        }
    }

    /// The layout with every placed word's colour guarded against what is behind it: the pill
    /// (tag decoration) fill when the word has an opaque one, else the canvas background. A
    /// transparent canvas is left alone, since what will be behind it is unknown; pass
    /// `background` to judge against a known backdrop instead (a page colour, a dark theme).
    public func apply(to layout: CloudLayout, background: Color? = nil) -> CloudLayout {
        var out = layout
        apply(to: &out, background: background)
        return out
    }

    /// `apply(to:background:)` in place: a layout held nowhere else is changed without a copy of
    /// its words (a flow of a million tags holds hundreds of megabytes of them).
    public func apply(to out: inout CloudLayout, background: Color? = nil) {
        guard let canvas = background ?? out.background, canvas.alpha > 0 else { return }
        // A palette has a handful of colours and a layout thousands of words: each pair of colours
        // is judged once (its search takes dozens of power functions).
        struct Pair: Hashable { var color: Color; var behind: Color }
        var judged: [Pair: Color] = [:]
        func guardColors(_ words: inout [PlacedWord]) {
            for i in words.indices {
                var behind = canvas
                if let fill = words[i].decoration?.fill, fill.alpha == 255 { behind = fill }
                let pair = Pair(color: words[i].color, behind: behind)
                let color: Color
                if let known = judged[pair] {
                    color = known
                } else {
                    color = adjusted(pair.color, against: behind)
                    judged[pair] = color
                }
                // Written only when it changes, so a layout whose colours all pass is not copied.
                if color != words[i].color { words[i].color = color }
            }
        }
        guardColors(&out.placed)
        // The legend's band has the canvas's background.
        out.legend = out.legend?.mapWords { word in
            var one = [word]
            guardColors(&one)
            word = one[0]
        }
    }

    // MARK: - Colour arithmetic

    /// The smallest move of lightness from `l` toward `target` that passes, found by bisection
    /// on the fraction of the way (the ratio grows monotonically along the way) and confirmed on
    /// the 8-bit colour actually produced.
    private func search(
        _ h: Double, _ s: Double, from l: Double, to target: Double,
        against backdrop: Color
    ) -> (color: Color, step: Double)? {
        func color(_ t: Double) -> Color { Self.rgb(h, s, l + (target - l) * t) }
        func passes(_ t: Double) -> Bool { color(t).contrastRatio(with: backdrop) >= minimumRatio }
        guard passes(1) else { return nil }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if passes(mid) { hi = mid } else { lo = mid }
        }
        return (color(hi), abs(target - l) * hi)
    }

    /// `c` blended over an opaque `base`.
    static func opaque(_ c: Color, over base: Color) -> Color {
        c.alpha == 255
            ? c
            : base.mixed(with: Color(red: c.red, green: c.green, blue: c.blue), c.opacity)
                .withAlpha(255)
    }

    /// Hue (0–1), saturation and lightness of an sRGB colour.
    static func hsl(_ c: Color) -> (Double, Double, Double) {
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        let mx = max(r, g, b), mn = min(r, g, b)
        let l = (mx + mn) / 2
        guard mx > mn else { return (0, 0, l) }
        let d = mx - mn
        let s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn)
        var h: Double
        if mx == r { h = (g - b) / d + (g < b ? 6 : 0) } else if mx == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
        h /= 6
        return (h, s, l)
    }

    /// The opaque sRGB colour of hue, saturation and lightness (each 0–1).
    static func rgb(_ h: Double, _ s: Double, _ l: Double) -> Color {
        let l = max(0, min(1, l))
        func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        guard s > 0 else { return Color(red: channel(l), green: channel(l), blue: channel(l)) }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func hue(_ t0: Double) -> Double {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return Color(red: channel(hue(h + 1.0 / 3)), green: channel(hue(h)), blue: channel(hue(h - 1.0 / 3)))
    }
}

extension Color {
    /// The same colour with another opacity.
    func withAlpha(_ a: UInt8) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
}

extension CloudLayout {
    /// This layout with `ContrastGuard` applied at `minimumRatio` (3:1 unless given): every word
    /// contrasts at least that much with its background. See `ContrastGuard.apply(to:background:)`.
    public func contrastGuarded(minimumRatio: Double = ContrastGuard.defaultMinimumRatio) -> CloudLayout {
        ContrastGuard(minimumRatio: minimumRatio).apply(to: self)
    }

    /// Applies `ContrastGuard` at `minimumRatio` to this layout in place, as `contrastGuarded`.
    public mutating func guardContrast(minimumRatio: Double = ContrastGuard.defaultMinimumRatio) {
        ContrastGuard(minimumRatio: minimumRatio).apply(to: &self)
    }
}
