extension FlowLayout {
    /// `layout` with its size legend when `options.legend` asks for one: the weights of the
    /// style's range (else those of `terms`), each at the size the weight scale gives it, in the
    /// first font, below the rows.
    func addingLegend(to layout: CloudLayout, terms: [Term], typesetter: some Typesetter) throws(CoreError) -> CloudLayout {
        guard options.legend else { return layout }
        let style = options.style
        let range = style.range(of: terms)
        var out = layout
        out.legend = try LegendBand.legend(
            range: range, size: { style.scaledSize(for: $0, in: range) ?? 0 }, font: style.fonts[0],
            background: style.background, canvas: layout.size, typesetter: typesetter)
        return out
    }
}
