extension WordCloudLayout {
    /// How a layout kept to its previous layout (`WordCloudOptions.previous`).
    ///
    /// A word's move is the distance between the centres of its old and new frames. A word that
    /// stayed has its frame centred where it was, to the nearest whole pixel (within half a point
    /// either way), whatever its size now. Pinned words and repeats count in none of these.
    public struct Continuity: Hashable, Sendable {
        /// Words of the previous layout placed where they were.
        public var stayed: Int
        /// Words of the previous layout placed elsewhere, as near as they fit.
        public var moved: Int
        /// The longest move, in points (0 when none moved).
        public var largestMove: Double
        /// The mean move of the words of the previous layout placed (those that stayed count their
        /// rounding to whole pixels), in points; 0 when none was.
        public var meanMove: Double
        /// Words placed that were not in the previous layout.
        public var new: Int
        /// Words of the previous layout that are not in this one (a word of it that is here but fit
        /// nowhere is reported unplaced instead).
        public var removed: Int

        /// Creates the counts.
        public init(stayed: Int, moved: Int, largestMove: Double, meanMove: Double, new: Int, removed: Int) {
            self.stayed = stayed; self.moved = moved; self.largestMove = largestMove
            self.meanMove = meanMove; self.new = new; self.removed = removed
        }

        /// The counts of words placed, each with its offset from where it was (nil for a word not
        /// in the previous layout), and `removed` words gone: a word stayed when its offset is
        /// within half a point either way.
        init(offsets: some Sequence<(dx: Double, dy: Double)?>, removed: Int) {
            var stayed = 0, moved = 0, new = 0
            var largest = 0.0, total = 0.0
            for offset in offsets {
                guard let (dx, dy) = offset else {
                    new += 1
                    continue
                }
                let distance = (dx * dx + dy * dy).squareRoot()
                total += distance
                if abs(dx) <= 0.5 && abs(dy) <= 0.5 {
                    stayed += 1
                } else {
                    moved += 1
                    largest = max(largest, distance)
                }
            }
            let kept = stayed + moved
            self.init(
                stayed: stayed, moved: moved, largestMove: largest, meanMove: kept > 0 ? total / Double(kept) : 0,
                new: new, removed: removed)
        }

        /// The counts of an attempt's `placements` in `context`.
        init<T>(_ placements: [Placement], _ context: PlacementContext<T>) {
            var seen = Set<Int>()
            var offsets: [(dx: Double, dy: Double)?] = []
            for p in placements where !context.pinned.contains(p.word) && seen.insert(p.word).inserted {
                let bits = p.raw.bits
                offsets.append(
                    context.targets[p.word].map {
                        (Double(p.x) + Double(bits.width) / 2 - $0.x, Double(p.y) + Double(bits.height) / 2 - $0.y)
                    })
            }
            self.init(offsets: offsets, removed: context.targets.removed)
        }
    }
}
