import TagCloud

/// What a finished layout says to its user: the line of how many words were placed, shrunk, left
/// out and kept in place, and the error of a cloud bound to place every word that did not.
package enum PlacementReport {
    /// The line that says how many words were placed, shrunk and left out.
    package static func cloudLine(_ layout: CloudLayout, _ s: WordCloudLayout.Statistics, repeated: Bool) -> String {
        var line = "placed \(s.placed) of \(s.requested) words (\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
        if repeated {
            // Repeats are placements, not words: "placed 300 of 6 words" would read as nonsense.
            let distinct = Set(layout.placed.map { $0.index }).count
            line =
                "placed \(distinct) of \(s.requested) words, \(s.placed) times with --repeat "
                + "(\(s.shrunk) shrunk, \(s.unplaced) unplaced)"
        }
        let beyond = layout.unplaced.filter { $0.reason == .maxWords }.count
        if beyond > 0 { line += "; \(beyond) more beyond --max-words" }
        if s.scale < 1 { line += "; scaled to \(NumberText.percent(s.scale)) to fit all" }
        if let c = s.continuity { line += continuityText(c) }
        return line
    }

    /// How a layout kept to an earlier one, as the placement lines of clouds and flows end:
    /// `; 12 stayed, 3 moved (largest 40 pt), 2 new, 1 gone`.
    static func continuityText(_ c: WordCloudLayout.Continuity) -> String {
        let largest = c.moved > 0 ? " (largest \(NumberText.plain(c.largestMove.rounded())) pt)" : ""
        var text = "; \(c.stayed) stayed, \(c.moved) moved\(largest), \(c.new) new"
        if c.removed > 0 { text += ", \(c.removed) gone" }
        return text
    }

    /// The line that says how many tags were placed, hidden and left empty, and how they kept to
    /// an earlier layout.
    package static func flowLine(_ layout: CloudLayout, terms: Int, hidden: Int, continuity c: FlowLayout.Continuity?) -> String?
    {
        // Said only when some tag is not shown or an earlier flow was kept to.
        guard !layout.unplaced.isEmpty || c != nil else { return nil }
        var line = "placed \(layout.placed.count) of \(terms) tags"
        if !layout.unplaced.isEmpty {
            line += "; \(hidden) hidden by --max-rows, \(layout.unplaced.count - hidden) empty"
        }
        if let c { line += continuityText(c) }
        return line
    }

    /// The error of a cloud that was to place every word and left `unplaced` over (under --fit
    /// all and --sizes exact), nil when it placed them all or was not bound to.
    package static func incomplete(_ options: WordCloudOptions, unplaced: Int) -> RecipeError? {
        guard unplaced > 0 else { return nil }
        if options.sizes == .exact && !options.scalesToFit {
            return RecipeError.unplaced(
                "--weight-range keeps one size scale: \(unplaced) words fit nowhere at their sizes; use a smaller --max-size, a larger canvas or fewer words (--max-words), or --fit all to scale this cloud down"
            )
        }
        guard options.fit == .all || options.sizes == .exact else { return nil }
        let mode = options.fit == .all ? "--fit all" : "--sizes exact"
        return RecipeError.unplaced(
            "\(mode): \(unplaced) words fit nowhere even at the smallest size; use a larger canvas, fewer words (--max-words) or a smaller --min-size"
        )
    }
}
