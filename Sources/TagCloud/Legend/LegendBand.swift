/// Lays out a size legend (`SizeLegend`): a caption, then one column per sample weight, its sample
/// text at the weight's size above the weight's number, left to right from the heaviest, in a band
/// as wide as the canvas below it. The samples are at most `sampleCap` points large (a key, not a
/// second cloud), so the heaviest weights may have no sample of their own; the lightest always has.
/// Samples between the ends are left out when the band is too narrow for them all.
struct LegendBand {
    /// The text drawn at each sample's size.
    static let sampleText = "Aa"
    /// The caption before the samples' numbers.
    static let caption = "weight"
    /// The size of the caption and of the numbers, in points.
    static let labelSize = 11.0
    /// Space around the band's content, between the columns, and between a sample and its number.
    static let padding = 8.0
    static let columnGap = 16.0
    static let lineGap = 4.0

    /// The largest sample, in points, below a canvas `width` × `height` points: an eighth of its
    /// shorter side, at least 48.
    static func sampleCap(width: Double, height: Double) -> Double { max(48, min(width, height) / 8) }

    /// The legend of the weights `range` spans, each sample at the size `size` gives it, in
    /// `font`, in a band as wide as the canvas (`canvas`) below it, readable against `background`.
    static func legend(
        range: ClosedRange<Double>, size: (Double) -> Double, font: FontDescriptor, background: Color?,
        canvas: Size, typesetter: some Typesetter
    ) throws(CoreError) -> SizeLegend {
        let width = canvas.width, top = canvas.height
        var entries: [(weight: Double, fontSize: Double)] = []
        let cap = sampleCap(width: canvas.width, height: canvas.height)
        for w in LegendSamples.weights(range, size: size, cap: cap) {
            let s = size(w)
            // A weight drawn at the size of the one before it says nothing new.
            if let last = entries.last, last.fontSize == s { continue }
            entries.append((w, s))
        }
        let ink = textColor(on: background)
        let caption = try typesetter.typeset(Self.caption, font: font, size: labelSize)
        var columns: [(sample: TypesetWord, label: TypesetWord)] = []
        for e in entries {
            columns.append(
                (
                    try typesetter.typeset(sampleText, font: font, size: e.fontSize),
                    try typesetter.typeset(LegendSamples.label(e.weight), font: font, size: labelSize)
                ))
        }
        // The middle samples go first when the band is too narrow.
        func needed() -> Double {
            columns.reduce(2 * padding + caption.layoutBounds.width) { $0 + columnGap + columnWidth($1) }
        }
        while needed() > width && columns.count > 1 {
            let drop = columns.count > 2 ? columns.count - 2 : 1
            columns.remove(at: drop)
            entries.remove(at: drop)
        }
        // The samples' ink, not their fonts' ascent and descent: "Aa" has no descender, and a
        // large sample would otherwise leave a wide gap above its number.
        let sampleAscent = columns.map { -$0.sample.inkBounds.minY }.max() ?? 0
        let sampleDescent = max(0, columns.map { $0.sample.inkBounds.maxY }.max() ?? 0)
        let labelAscent = ([caption] + columns.map { $0.label }).map { -$0.layoutBounds.minY }.max() ?? 0
        let labelDescent = ([caption] + columns.map { $0.label }).map { $0.layoutBounds.maxY }.max() ?? 0
        let sampleBaseline = top + padding + sampleAscent
        let labelBaseline = sampleBaseline + sampleDescent + lineGap + labelAscent
        var placed: [SizeLegend.Entry] = []
        var x = padding + caption.layoutBounds.width
        for (k, column) in columns.enumerated() {
            x += columnGap
            let w = columnWidth(column), weight = entries[k].weight
            func at(_ set: TypesetWord, _ baseline: Double) -> PlacedWord {
                word(set, index: k, weight: weight, x: x + (w - set.layoutBounds.width) / 2, baseline: baseline, color: ink)
            }
            placed.append(
                SizeLegend.Entry(
                    weight: weight, fontSize: entries[k].fontSize, sample: at(column.sample, sampleBaseline),
                    label: at(column.label, labelBaseline)))
            x += w
        }
        // Whole points, so that the picture is a whole number of pixels at any whole scale.
        let height = (labelBaseline + labelDescent + padding - top - 1e-9).rounded(.up)
        let captionWord = word(caption, index: -1, weight: 0, x: padding, baseline: labelBaseline, color: ink)
        return SizeLegend(height: height, caption: captionWord, entries: placed)
    }

    private static func columnWidth(_ c: (sample: TypesetWord, label: TypesetWord)) -> Double {
        max(c.sample.layoutBounds.width, c.label.layoutBounds.width)
    }

    /// Dark grey on a light background (or a transparent one), light grey on a dark one.
    static func textColor(on background: Color?) -> Color {
        let dark = Color(rgb: 0x333333), light = Color(rgb: 0xEEEEEE)
        guard let bg = background, bg.alpha > 0 else { return dark }
        return dark.contrastRatio(with: bg) >= light.contrastRatio(with: bg) ? dark : light
    }

    /// `set` drawn with its box's left edge at `x` and its baseline at `baseline`.
    private static func word(
        _ set: TypesetWord, index: Int, weight: Double, x: Double, baseline: Double, color: Color
    ) -> PlacedWord {
        let b = set.layoutBounds
        let origin = Point(x: x - b.minX, y: baseline)
        return PlacedWord(
            index: index, text: set.text, id: nil, link: nil, weight: weight,
            frame: b.offsetBy(dx: origin.x, dy: origin.y), origin: origin,
            inkBounds: set.inkBounds.offsetBy(dx: origin.x, dy: origin.y), font: set.font, fontSize: set.size,
            color: color, glyphs: set.glyphs, rightToLeft: set.isRightToLeft, fallbackFont: set.usedFallback,
            fallbackFonts: set.fallbackFonts, fontRuns: set.fontRuns)
    }
}
