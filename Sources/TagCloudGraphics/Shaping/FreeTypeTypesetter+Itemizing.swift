import TagCloud

extension FreeTypeTypesetter {
    /// The runs of `text` by font, in logical order, as UTF-8 byte ranges.
    ///
    /// Per grapheme cluster: the requested font when it has every character that needs a glyph;
    /// otherwise a fallback font already used in this word, or the one fontconfig finds, that has
    /// them all; failing that the font with the most of them, so no cluster is split across fonts.
    /// Clusters of only spaces or invisible marks are decided last: between two runs of one
    /// outline font that has them they join it (a space does not split a run of Chinese), else
    /// they go to the requested font when it has them (a colour emoji font's space is a whole em
    /// wide, too wide between emoji and text), else to a neighbour.
    func itemize(_ text: String, requested: ResolvedFont) throws(GraphicsError) -> [Run] {
        var used: [ResolvedFont] = [requested]
        var clusters: [(blank: [Unicode.Scalar], font: ResolvedFont?, length: Int)] = []
        for cluster in text {
            let visible = Array(cluster.unicodeScalars.filter(needsGlyph))
            if visible.isEmpty {
                // A font must still have the spaces (a missing one draws a box), never the marks.
                let spaces = cluster.unicodeScalars.filter {
                    !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
                }
                clusters.append((Array(spaces), nil, cluster.utf8.count))
                continue
            }
            let chosen: ResolvedFont
            if wantsEmojiPresentation(cluster), try openFace(requested).isScalable, let emoji = try emojiFont(),
                try covers(emoji, visible)
            {
                chosen = emoji
                if !used.contains(emoji) { used.append(emoji) }
            } else if try covers(requested, visible) {
                chosen = requested
            } else if let known = try firstCovering(used, visible) {
                chosen = known
            } else if let found = library.fallback(for: String(cluster), preferring: requested),
                (try? openFace(found)) != nil
            {
                chosen = found
                used.append(found)
            } else {
                // No installed font has any of it: the requested font draws its .notdef box.
                chosen = requested
            }
            clusters.append(([], chosen, cluster.utf8.count))
        }
        var runs: [Run] = []
        var offset = 0
        for i in clusters.indices {
            var chosen = clusters[i].font
            if chosen == nil {
                let blank = clusters[i].blank
                let before = clusters[..<i].last(where: { $0.font != nil })?.font
                let after = clusters[(i + 1)...].first(where: { $0.font != nil })?.font
                if let before, before == after, try openFace(before).isScalable, try covers(before, blank) {
                    chosen = before
                } else if try covers(requested, blank) {
                    chosen = requested
                } else if let before, try covers(before, blank) {
                    chosen = before
                } else if let after, try covers(after, blank) {
                    chosen = after
                } else {
                    chosen = before ?? after ?? requested
                }
                clusters[i].font = chosen
            }
            let font = chosen ?? requested
            let length = clusters[i].length
            if let last = runs.last, last.font == font {
                runs[runs.count - 1].end = offset + length
            } else {
                runs.append(Run(font: font, start: offset, end: offset + length))
            }
            offset += length
        }
        return runs
    }

    /// The colour emoji font fontconfig gives for its generic family `emoji`, or nil when it gives a
    /// font with outlines (no colour emoji font installed: the text fonts' glyphs then serve).
    private func emojiFont() throws(GraphicsError) -> ResolvedFont? {
        if emojiLookedUp { return emoji }
        emojiLookedUp = true
        guard let font = try? resolve(FontDescriptor(family: "emoji")) else { return nil }
        emoji = try openFace(font).isScalable ? nil : font
        return emoji
    }

    /// The first of `fonts` with a glyph for every one of `scalars`.
    private func firstCovering(_ fonts: [ResolvedFont], _ scalars: [Unicode.Scalar]) throws(GraphicsError) -> ResolvedFont? {
        for font in fonts where try covers(font, scalars) { return font }
        return nil
    }

    /// Whether `font` has a glyph for every one of `scalars`.
    private func covers(_ font: ResolvedFont, _ scalars: [Unicode.Scalar]) throws(GraphicsError) -> Bool {
        let face = try openFace(font)
        return scalars.allSatisfy(face.covers)
    }
}
