import TagCloud

extension SeriesTrack {
    /// The attributes (each with a leading space) of the `<g>` that holds the track's element: what
    /// the page's script needs to draw it in every frame, each value listed once per frame
    /// (separated by spaces, `-` where the word is absent) or once for all frames when it does not
    /// change.
    ///
    /// In frame k the script transforms the group by `translate(c + shift) scale(s) translate(-c)`,
    /// c the centre of the reference word's box: the word grows and shrinks about that centre, and
    /// the reference word's origin lands exactly where frame k puts the word, at frame k's size,
    /// as the SVG of frame k alone draws it (to a hundredth of a point). A pill's
    /// box does not scale with the text (its padding is fixed), so its rectangle, in the group's
    /// coordinates, is listed per frame too.
    var groupAttributes: String {
        let ref = reference
        let centre = Point(x: rounded(ref.frame.center.x), y: rounded(ref.frame.center.y))
        let origin = Point(x: rounded(ref.origin.x), y: rounded(ref.origin.y))
        let size = rounded(ref.fontSize)
        var scale: [String?] = [], shift: [String?] = [], weight: [String?] = [], index: [String?] = []
        var fill: [String?] = [], darkFill: [String?] = [], box: [String?] = []
        for (f, word) in words.enumerated() {
            guard let w = word else {
                scale.append(nil); shift.append(nil); weight.append(nil); index.append(nil)
                fill.append(nil); darkFill.append(nil); box.append(nil)
                continue
            }
            let ratio = rounded(w.fontSize) / size
            let s = Double(formatNumber(ratio.isFinite && ratio > 0 ? ratio : 1, decimals: 5)) ?? 1
            let dx = rounded(w.origin.x) - centre.x - s * (origin.x - centre.x)
            let dy = rounded(w.origin.y) - centre.y - s * (origin.y - centre.y)
            scale.append(formatNumber(s, decimals: 5))
            // To the hundredth of a point: finer is invisible, and it keeps the rounding of the
            // written origin and centre (a thousandth either way) from listing a shift for every
            // word that keeps its centre.
            shift.append("\(formatNumber(dx, decimals: 2)),\(formatNumber(dy, decimals: 2))")
            weight.append(formatNumber(w.weight, decimals: 6))
            index.append("\(w.index)")
            fill.append(Self.css(w.color))
            darkFill.append(dark[f].map(Self.css))
            box.append(w.decoration.map { Self.pillBox(w, $0, centre: centre, shift: Point(x: dx, y: dy), scale: s) })
        }
        var a = " class=\"tc-item\" data-centre=\"\(formatNumber(centre.x)) \(formatNumber(centre.y))\""
        a += " data-scale=\"\(Self.perFrame(scale, absentMatters: true))\""
        if shift.contains(where: { $0 != nil && $0 != "0,0" }) { a += " data-shift=\"\(Self.perFrame(shift))\"" }
        a += " data-weights=\"\(Self.perFrame(weight).xmlEscaped)\" data-indexes=\"\(Self.perFrame(index))\""
        a += " data-fills=\"\(Self.perFrame(fill))\""
        if darkFill.contains(where: { $0 != nil }) { a += " data-dark-fills=\"\(Self.perFrame(darkFill))\"" }
        if ref.decoration != nil { a += " data-boxes=\"\(Self.perFrame(box))\"" }
        if words.first ?? nil == nil { a += " visibility=\"hidden\" opacity=\"0\" aria-hidden=\"true\"" }
        return a
    }

    /// The value lists: the present frames' values joined by spaces with `-` for a frame without
    /// the word, or the one value when every frame that has the word has the same (and, when
    /// `absentMatters`, every frame has it).
    static func perFrame(_ values: [String?], absentMatters: Bool = false) -> String {
        let present = values.compactMap { $0 }
        if let one = present.first, present.allSatisfy({ $0 == one }), !absentMatters || present.count == values.count {
            return one
        }
        return values.map { $0 ?? "-" }.joined(separator: " ")
    }

    /// A colour as CSS: `#rrggbb`, or `#rrggbbaa` when translucent.
    static func css(_ c: Color) -> String { c.hex }

    /// The word's pill in frame k, in the coordinates of the group that frame k's transform
    /// (`translate(centre + shift) scale(s) translate(-centre)`) maps onto the canvas:
    /// `x,y,width,height,rx,stroke-width`.
    static func pillBox(_ w: PlacedWord, _ d: TagDecoration, centre: Point, shift: Point, scale s: Double) -> String {
        let pill = SVGWriter.pill(w, d)
        let x = centre.x + (pill.rect.x - centre.x - shift.x) / s
        let y = centre.y + (pill.rect.y - centre.y - shift.y) / s
        let values = [x, y, pill.rect.width / s, pill.rect.height / s, pill.radius / s, d.borderWidth / s]
        return values.map { formatNumber($0) }.joined(separator: ",")
    }
}

/// `value` as the SVG writer writes it (to the thousandth), read back.
private func rounded(_ value: Double) -> Double { Double(formatNumber(value)) ?? 0 }
