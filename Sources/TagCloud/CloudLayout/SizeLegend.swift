/// A key of weights and the font sizes they are drawn at (`WordCloudOptions.legend`,
/// `FlowOptions.legend`): a band below the canvas, as wide as it, in which a few sample weights
/// each show a sample text at the weight's size above the weight's number, after a caption. A
/// reader holds a word against the samples to read its weight.
///
/// The band lies outside the canvas: `CloudLayout.size` stays the canvas's (what a later layout
/// keeps to), and `CloudLayout.drawingSize` is the picture's. Its words are positioned in the
/// picture's points (below the canvas), and a renderer draws them as it draws placed words.
public struct SizeLegend: Hashable, Sendable {
    /// One sample: a weight, the size every word of that weight is drawn at, and how it is shown.
    public struct Entry: Hashable, Sendable {
        /// The weight.
        public var weight: Double
        /// Its font size in points.
        public var fontSize: Double
        /// The sample text at `fontSize`.
        public var sample: PlacedWord
        /// The weight's number, under the sample.
        public var label: PlacedWord

        /// Creates an entry.
        public init(weight: Double, fontSize: Double, sample: PlacedWord, label: PlacedWord) {
            self.weight = weight
            self.fontSize = fontSize
            self.sample = sample
            self.label = label
        }
    }

    /// The band's height in points, from the canvas's bottom edge down.
    public var height: Double
    /// The word before the numbers that says what they are.
    public var caption: PlacedWord
    /// The samples, heaviest first.
    public var entries: [Entry]

    /// Creates a legend.
    public init(height: Double, caption: PlacedWord, entries: [Entry]) {
        self.height = height
        self.caption = caption
        self.entries = entries
    }

    /// Every word the band draws: the caption, then each entry's sample and number.
    public var words: [PlacedWord] { [caption] + entries.flatMap { [$0.sample, $0.label] } }

    /// The legend with `transform` applied to each of its words.
    func mapWords(_ transform: (inout PlacedWord) -> Void) -> SizeLegend {
        var out = self
        transform(&out.caption)
        for k in out.entries.indices {
            transform(&out.entries[k].sample)
            transform(&out.entries[k].label)
        }
        return out
    }
}

extension CloudLayout {
    /// The picture's size in points: the canvas and, below it, the legend's band (a band whose
    /// height is not a positive number adds nothing).
    public var drawingSize: Size {
        let band = legend.map { $0.height.isFinite && $0.height > 0 ? $0.height : 0 } ?? 0
        return Size(width: size.width, height: size.height + band)
    }
}
