extension WordCloudLayout {
    /// The cloud's size legend: the weights of the style's range (else the words'), each at the
    /// size exact sizes give it at `scale`, the heaviest word at most `maximumSize`; in the first
    /// font, below the canvas. Nil for sizes no weight decides.
    func sizeLegend<T>(_ context: PlacementContext<T>, maximumSize: Double, scale: Double) throws(CoreError) -> SizeLegend? {
        let weights = context.styled.map { $0.term.weight }
        let range = context.weightRange ?? options.style.range(of: weights)
        guard
            let exact = ExactSizing(
                options.style, range: range, maximumSize: maximumSize, minimumSize: options.minimumFontSize,
                scale: scale)
        else { return nil }
        return try LegendBand.legend(
            range: range, size: exact.size(for:), font: options.style.fonts[0], background: options.style.background,
            canvas: Size(width: Double(options.width), height: Double(options.height)), typesetter: context.typesetter)
    }
}
