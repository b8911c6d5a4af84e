import TagCloud

/// Writes a `CloudLayout` as SVG: one `<text>` element per word (naming the font actually used for
/// it), or, with an outline provider, one `<path>` per word holding the glyph outlines so the file
/// looks the same on machines without the fonts. An upright CJK column is outlines in text mode too
/// when there are `uprightOutlines` (`outlines(for:)`).
public struct SVGWriter {
    /// How words are written.
    public enum Mode {
        /// `<text>` elements: small, selectable, searchable; needs the fonts where it is viewed.
        case text
        /// `<path>` elements with the glyph outlines: looks identical everywhere.
        case outlines(any GlyphOutlineProvider)
    }

    /// How words are written.
    public var mode: Mode
    /// In text mode, embed a subset of each font used as a data URI (`@font-face`), so the file looks
    /// right on machines without the fonts while the words stay selectable text. nil: no embedding.
    public var embeddedFonts: (any FontSubsetProvider)? = nil
    /// In text mode, the glyph outlines an upright word (`PlacedWord.upright`) is drawn with, its
    /// text kept as its `<title>` (see `outlines(for:)`). nil: upright words are vertical text
    /// (`writing-mode="vertical-rl"`), which WebKit sets lower and looser than the layout placed it.
    public var uprightOutlines: (any GlyphOutlineProvider)? = nil

    /// Extra attributes (each with a leading space) for a word's `<text>` or `<path>`: the hook
    /// `HTMLWriter` uses to make words accessible and interactive. `nil` (plain SVG) adds nothing,
    /// so standalone SVG stays exactly as it was.
    var wordAttributes: ((PlacedWord) -> String)? = nil
    /// Extra attributes (each with a leading space) for the `<a>` around a linked word.
    var linkAttributes = ""
    /// When set, each word (with its link and pill) is wrapped in a `<g>` with these attributes
    /// (each with a leading space): the hook `SeriesHTMLWriter` moves and scales words by.
    var wordGroupAttributes: ((PlacedWord) -> String)? = nil
    /// Extra attributes (each with a leading space) for the root `<svg>` element.
    var rootAttributes = ""
    /// Whether the document starts with an XML declaration (not wanted inside HTML).
    var xmlDeclaration = true

    /// Creates a writer.
    public init(
        mode: Mode = .text, embeddedFonts: (any FontSubsetProvider)? = nil,
        uprightOutlines: (any GlyphOutlineProvider)? = nil
    ) {
        self.mode = mode
        self.embeddedFonts = embeddedFonts
        self.uprightOutlines = uprightOutlines
    }

    /// The outlines `word` is drawn with, or nil when it is written as text: every word in outline
    /// mode, and in text mode an upright word when there are `uprightOutlines`. Browsers disagree
    /// on a column of vertical text (WebKit spaces its characters by the line height, starts it
    /// lower and leaves out the vertical forms, ー 、。 and brackets, that the typesetter chose), so
    /// the column is drawn from the glyphs and places the layout recorded, as the PNG draws it.
    func outlines(for word: PlacedWord) -> (any GlyphOutlineProvider)? {
        switch mode {
        case .outlines(let provider): return provider
        case .text: return word.upright ? uprightOutlines : nil
        }
    }

    /// The fonts a layout's text words use, each with the characters drawn in it, in first-use
    /// order; words drawn as outlines (`outlines(for:)`) need no font.
    func fontUsage(_ layout: CloudLayout) -> [(font: ResolvedFont, text: String)] {
        var order: [ResolvedFont] = []
        var texts: [ResolvedFont: Set<Unicode.Scalar>] = [:]
        func add(_ font: ResolvedFont, _ text: String) {
            if texts[font] == nil { order.append(font) }
            texts[font, default: []].formUnion(text.unicodeScalars)
        }
        for word in layout.placed + (layout.legend?.words ?? []) where outlines(for: word) == nil {
            if word.fontRuns.isEmpty { add(word.font, word.text) }
            for run in word.fontRuns { add(word.font(at: run.font), run.text) }
        }
        return order.map { f in (f, String(String.UnicodeScalarView(texts[f, default: []].sorted { $0.value < $1.value }))) }
    }

    /// `@font-face` rules embedding each font's subset, and the family alias each font gets (a name
    /// no installed font has, so the embedded font is the one used, with the real family as fallback).
    private func embeddedFontFaces(_ layout: CloudLayout) throws(CoreError) -> (css: String, aliases: [ResolvedFont: String]) {
        guard let provider = embeddedFonts, case .text = mode else { return ("", [:]) }
        var css = ""
        var aliases: [ResolvedFont: String] = [:]
        for (i, usage) in fontUsage(layout).enumerated() {
            let bytes = try provider.subset(of: usage.font, text: usage.text)
            let alias = "tagcloud-font-\(i)"
            aliases[usage.font] = alias
            css +=
                "@font-face{font-family:\"\(alias)\";font-weight:\(usage.font.weight);font-style:\(usage.font.style.rawValue);"
                + "src:url(data:font/ttf;base64,\(base64(bytes))) format(\"truetype\");}\n"
        }
        return (css, aliases)
    }

    /// The SVG document.
    public func svg(_ layout: CloudLayout) throws(CoreError) -> String {
        // The picture: the canvas and the legend's band below it.
        let w = formatNumber(layout.drawingSize.width), h = formatNumber(layout.drawingSize.height)
        var out = xmlDeclaration ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        out += """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" xml:space="preserve"\(rootAttributes)>

            """
        let faces = try embeddedFontFaces(layout)
        if !faces.css.isEmpty { out += "<defs><style>\n\(faces.css)</style></defs>\n" }
        if let bg = layout.background, bg.alpha > 0 {
            out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\"\(fill(bg))/>\n"
        }
        if let contour = layout.contour { out += contourPath(contour) }
        for word in layout.placed {
            guard let group = wordGroupAttributes else {
                out += try element(word, aliases: faces.aliases)
                continue
            }
            var inner = try element(word, aliases: faces.aliases)
            inner.removeLast()
            out += "<g\(group(word))>\(inner)</g>\n"
        }
        if let legend = layout.legend, !legend.words.isEmpty { out += try legendGroup(legend, aliases: faces.aliases) }
        out += "</svg>\n"
        return out
    }

    /// The size legend as a `<g class="legend">` of plain words below the canvas: each sample
    /// (`legend-sample`, its weight in `data-weight`) and number (`legend-label`), and the caption.
    private func legendGroup(_ legend: SizeLegend, aliases: [ResolvedFont: String]) throws(CoreError) -> String {
        var out = "<g class=\"legend\">\n"
        out += try element(legend.caption, aliases: aliases, plain: " class=\"legend-caption\"")
        for entry in legend.entries {
            let size = " data-font-size=\"\(formatNumber(entry.fontSize))\""
            out += try element(entry.sample, aliases: aliases, plain: " class=\"legend-sample\"\(size)")
            out += try element(entry.label, aliases: aliases, plain: " class=\"legend-label\"")
        }
        return out + "</g>\n"
    }

    /// The SVG document as UTF-8 bytes.
    public func data(_ layout: CloudLayout) throws(CoreError) -> [UInt8] { Array(try svg(layout).utf8) }

    private func fill(_ c: Color, attribute: String = "fill") -> String {
        var s = " \(attribute)=\"\(c.hexRGB)\""
        if c.alpha < 255 { s += " \(attribute)-opacity=\"\(formatNumber(c.opacity))\"" }
        return s
    }

    /// The shape's outline as one unfilled `<path class="contour">`, or nothing when there is nothing to
    /// stroke (no polygon of two or more finite points, or a width that is not above 0).
    private func contourPath(_ contour: Contour) -> String {
        guard contour.width.isFinite, contour.width > 0 else { return "" }
        var d: [String] = []
        for polygon in contour.polygons where polygon.count >= 2 {
            guard polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            for (k, p) in polygon.enumerated() {
                d.append("\(k == 0 ? "M" : "L") \(formatNumber(p.x)) \(formatNumber(p.y))")
            }
            d.append("Z")
        }
        guard !d.isEmpty else { return "" }
        return "<path class=\"contour\" d=\"\(d.joined(separator: " "))\" fill=\"none\""
            + fill(contour.color, attribute: "stroke")
            + " stroke-width=\"\(formatNumber(contour.width))\" stroke-linejoin=\"round\"/>\n"
    }

    /// The `font-family` value for a font: its family, behind its embedded alias when there is one.
    private func family(_ font: ResolvedFont, _ aliases: [ResolvedFont: String]) -> String {
        guard let alias = aliases[font] else { return font.family.xmlEscaped }
        return "\(alias), \(font.family.xmlEscaped)"
    }

    /// The rectangle and corner radius a word's pill is drawn with: the word's frame, inset by half
    /// the border so the stroke stays inside it, the radius clamped to half the smaller side.
    static func pill(_ word: PlacedWord, _ d: TagDecoration) -> (rect: Rect, radius: Double) {
        let r = min(d.cornerRadius, word.frame.width / 2, word.frame.height / 2)
        let inset = d.border == nil ? 0 : d.borderWidth / 2
        let rect = Rect(
            x: word.frame.x + inset, y: word.frame.y + inset,
            width: word.frame.width - 2 * inset, height: word.frame.height - 2 * inset)
        return (rect, max(0, r - inset))
    }

    /// A word's element; `plain`, when given, replaces the extra attributes (`wordAttributes`) with
    /// these: a legend's words are not the cloud's.
    private func element(_ word: PlacedWord, aliases: [ResolvedFont: String], plain: String? = nil) throws(CoreError) -> String {
        var s = ""
        var close = ""
        // A link a browser could run as script (or that is otherwise refused) is left out: the
        // word is written without it.
        if let link = word.link.flatMap(SafeLink.sanitized) {
            s += "<a href=\"\(link.xmlEscaped)\" xlink:href=\"\(link.xmlEscaped)\"\(linkAttributes)>"
            close = "</a>"
        }
        if let d = word.decoration {
            let box = Self.pill(word, d)
            s += "<rect class=\"tag\" x=\"\(formatNumber(box.rect.x))\" y=\"\(formatNumber(box.rect.y))\""
            s += " width=\"\(formatNumber(box.rect.width))\" height=\"\(formatNumber(box.rect.height))\""
            s += " rx=\"\(formatNumber(box.radius))\""
            s += d.fill.map { fill($0) } ?? " fill=\"none\""
            if let b = d.border { s += fill(b, attribute: "stroke") + " stroke-width=\"\(formatNumber(d.borderWidth))\"" }
            s += "/>"
        }
        let x = formatNumber(word.origin.x), y = formatNumber(word.origin.y)
        let turn = word.glyphRotation
        let rotate = turn == 0 ? "" : " transform=\"rotate(\(formatNumber(turn)) \(x) \(y))\""
        var attrs = ""
        if let id = word.id { attrs += " data-id=\"\(id.xmlEscaped)\"" }
        attrs += " data-weight=\"\(formatNumber(word.weight, decimals: 6))\""
        if let plain { attrs += plain } else if let extra = wordAttributes { attrs += extra(word) }
        if let provider = outlines(for: word) {
            // The word's text is its <title>, so an outlined word is still read out and found.
            let d = try outlinePath(word, provider: provider)
            s += "<path d=\"\(d)\"\(fill(word.color))\(rotate)\(attrs)><title>\(word.text.xmlEscaped)</title></path>"
            return s + close + "\n"
        }
        var fontAttrs = " font-family=\"\(family(word.font, aliases))\" font-size=\"\(formatNumber(word.fontSize))\""
        if word.font.weight != 400 { fontAttrs += " font-weight=\"\(word.font.weight)\"" }
        if word.font.style != .normal { fontAttrs += " font-style=\"\(word.font.style.rawValue)\"" }
        // A right-to-left word (its first strong letter is) is a right-to-left paragraph, as the
        // typesetter ordered it: "שלום hello" puts the Hebrew on the right. The end of such text
        // is its left edge, so the anchor stays at the origin, as for every other word.
        if word.rightToLeft { fontAttrs += " direction=\"rtl\" text-anchor=\"end\"" }
        // An upright word without outlines is a vertical line of upright glyphs: the viewer
        // centres the column on x and hangs it down from y, where the layout's origin is.
        if word.upright { fontAttrs += " writing-mode=\"vertical-rl\" text-orientation=\"upright\"" }
        s += "<text x=\"\(x)\" y=\"\(y)\"\(fontAttrs)\(fill(word.color))\(rotate)\(attrs)>\(textContent(word, aliases))</text>"
        return s + close + "\n"
    }

    /// The `<text>` content: the escaped text, or for a word set in several fonts one `<tspan>` per
    /// run naming its font, in logical order so the viewer's bidi algorithm orders them as the
    /// typesetter did. The viewer places the runs with its own metrics, as it does whole words.
    private func textContent(_ word: PlacedWord, _ aliases: [ResolvedFont: String]) -> String {
        guard word.fontRuns.count > 1 || (word.fontRuns.count == 1 && word.fontRuns[0].font != 0) else {
            return word.text.xmlEscaped
        }
        var out = ""
        for run in word.fontRuns {
            let font = word.font(at: run.font)
            out += "<tspan font-family=\"\(family(font, aliases))\""
            if font.weight != word.font.weight { out += " font-weight=\"\(font.weight)\"" }
            if font.style != word.font.style { out += " font-style=\"\(font.style.rawValue)\"" }
            out += ">\(run.text.xmlEscaped)</tspan>"
        }
        return out
    }

    /// The word's glyph outlines as one path: each stretch of glyphs in one font is outlined in
    /// that font (a glyph id means nothing in another font). Colour bitmap glyphs have no outline
    /// and add nothing.
    private func outlinePath(_ word: PlacedWord, provider: any GlyphOutlineProvider) throws(CoreError) -> String {
        if word.glyphs.allSatisfy({ $0.font == 0 }) {
            return try provider.pathData(for: word.glyphs, font: word.font, size: word.fontSize, origin: word.origin)
        }
        var parts: [String] = []
        var start = 0
        while start < word.glyphs.count {
            let index = word.glyphs[start].font
            var end = start + 1
            while end < word.glyphs.count, word.glyphs[end].font == index { end += 1 }
            let d = try provider.pathData(
                for: Array(word.glyphs[start..<end]), font: word.font(at: index),
                size: word.fontSize, origin: word.origin)
            if !d.isEmpty { parts.append(d) }
            start = end
        }
        return parts.joined(separator: " ")
    }
}
