extension FlowLayout {
    /// Rows filled greedily: a tag goes on the current row when it fits (or, by the overflow
    /// policy, is shrunk or cut to fit), else starts the next row, while the row limit allows.
    /// Each row is positioned as soon as the next one starts, so only two rows of measured tags
    /// (shaped text, boxes) are held at a time, never the whole flow's.
    struct RowBreaker {
        /// The rows allowed, nil: any number.
        let limit: Int?
        /// Positions the rows closed so far.
        var placer: RowPlacer
        /// Rows closed so far.
        private var closed = 0
        /// The last row closed, positioned once it is known not to be the flow's last (a last
        /// row is never justified).
        private var pending: [Item]?
        private var row: [Item] = []
        /// The width the current row uses, spacing included.
        private var cursor = 0.0

        init(limit: Int?, placer: RowPlacer) {
            self.limit = limit
            self.placer = placer
        }

        /// Adds `item` (no wider than `available`); false when it needs a row past the limit.
        mutating func add(_ item: Item, in flow: FlowLayout, available: Double, typesetter: some Typesetter) throws(CoreError)
            -> Bool
        {
            var item = item
            let options = flow.options
            let gap = row.isEmpty ? 0 : options.itemSpacing
            if cursor + gap + item.width > available + 1e-9 {
                let remaining = available - cursor - gap
                var fitted: Item? = nil
                if remaining >= options.minimumRemainingWidth {
                    switch options.overflow {
                    case .wrap: break
                    case .shrink: fitted = try flow.scaled(item, toWidth: remaining, typesetter: typesetter)
                    case .truncate: fitted = try flow.truncated(item, toWidth: remaining, typesetter: typesetter)
                    }
                }
                if let f = fitted {
                    item = f
                } else {
                    if !row.isEmpty { close(in: flow) }
                    cursor = 0
                    if let limit, closed >= limit { return false }
                }
            }
            cursor += (row.isEmpty ? 0 : options.itemSpacing) + item.width
            row.append(item)
            return true
        }

        private mutating func close(in flow: FlowLayout) {
            if let pending { placer.place(pending, last: false, in: flow) }
            pending = row
            row = []
            closed += 1
        }

        /// Positions the rows still held, the last one as the flow's last, and returns the placer.
        mutating func finish(in flow: FlowLayout) -> RowPlacer {
            if !row.isEmpty { close(in: flow) }
            if let pending { placer.place(pending, last: true, in: flow) }
            pending = nil
            return placer
        }
    }

    /// Rows placed one under another from a top edge, each aligned in `available` points.
    struct RowPlacer {
        /// The width rows are aligned in.
        let available: Double
        /// The top of the next row.
        var top: Double
        /// The words of the rows placed so far.
        var placed: [PlacedWord] = []
        /// The rows' height so far, the spacing between them included.
        private(set) var contentHeight = 0.0
        private var rows = 0

        init(available: Double, top: Double) {
            self.available = available
            self.top = top
        }

        /// Places `row` (`last`: the flow's last row, never justified).
        mutating func place(_ row: [Item], last: Bool, in flow: FlowLayout) {
            let options = flow.options
            let height = flow.rowHeight(row)
            let rowAscent = row.map { $0.ascent }.max() ?? 0
            let used = row.reduce(0) { $0 + $1.width } + options.itemSpacing * Double(row.count - 1)
            let extra = max(0, available - used)
            let justifyRow = options.justify && row.count > 1 && !last
            var x: Double
            switch (justifyRow, options.alignment) {
            case (true, _), (false, .leading): x = 0
            case (false, .center): x = extra / 2
            case (false, .trailing): x = extra
            }
            let gap = justifyRow ? options.itemSpacing + extra / Double(row.count - 1) : options.itemSpacing
            let rtl = options.direction == .rightToLeft
            for (i, item) in row.enumerated() {
                // The last tag of a justified row is pinned to the edge so rounding cannot leave a sliver.
                let left = (justifyRow && i == row.count - 1) ? available - item.width : x
                let frameTop: Double
                switch options.crossAlignment {
                case .top: frameTop = top
                case .center: frameTop = top + (height - item.height) / 2
                case .bottom: frameTop = top + height - item.height
                case .baseline: frameTop = top + rowAscent - item.ascent
                }
                // Right-to-left mirrors the row inside the content area, so the insets keep their sides.
                let frameX = options.insets.left + (rtl ? available - left - item.width : left)
                let frame = Rect(x: frameX, y: frameTop, width: item.width, height: item.height)
                // Under baseline alignment the baseline is computed once per row, so it is exactly equal.
                let baseline = options.crossAlignment == .baseline ? top + rowAscent : frameTop + item.ascent
                placed.append(flow.placedWord(item, frame: frame, baseline: baseline))
                x = left + item.width + gap
            }
            contentHeight += (rows > 0 ? options.rowSpacing : 0) + height
            rows += 1
            top += height + options.rowSpacing
        }
    }
}
