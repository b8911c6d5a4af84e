extension FlowLayout {
    /// The least height (in points) a flow of `terms` laid out in `width` points can have, found
    /// without shaping a word: a caller refuses an output that even this height makes impossible
    /// (a PNG taller than its limit) before the layout runs.
    ///
    /// Every tag with something to draw goes in a row (or is hidden beyond `maximumRows`); a tag is
    /// at least its padding wide and tall, and tags in a row are `itemSpacing` apart, so a row holds
    /// at most `(available + itemSpacing) / (padding + itemSpacing)` of them, and rows are
    /// `rowSpacing` apart. With `previous`, tags keep earlier places, so nothing is promised (0).
    public func leastHeight(of terms: [Term], width: Double) -> Double {
        guard options.previous == nil, width.isFinite, width > options.insets.horizontal else { return 0 }
        let tags = terms.reduce(0) { $0 + ($1.text.isBlank ? 0 : 1) }
        guard tags > 0 else { return 0 }
        let available = width - options.insets.horizontal
        let pitch = options.padding.horizontal + options.itemSpacing
        let perRow = pitch > 0 ? max(1, Int(min((available + options.itemSpacing) / pitch, Double(tags)))) : tags
        var rows = (tags + perRow - 1) / perRow
        if let limit = options.maximumRows { rows = min(rows, limit) }
        let content = Double(rows) * options.padding.vertical + Double(rows - 1) * options.rowSpacing
        return options.insets.vertical + content
    }
}
