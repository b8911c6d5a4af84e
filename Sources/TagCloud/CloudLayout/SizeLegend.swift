/// A key of weights and the font sizes they are drawn at (`WordCloudOptions.legend`,
/// `FlowOptions.legend`): a band below the canvas, as wide as it, in which a few sample weights
/// each show a sample text at the weight's size above the weight's number. A reader holds a word
/// against the samples to read its weight.
///
/// The band lies outside the canvas: `CloudLayout.size` stays the canvas's (what a later layout
/// keeps to), and `CloudLayout.drawingSize` is the picture's.
public struct SizeLegend: Hashable, Decodable, Sendable {
    /// One sample: a weight and the size every word of that weight is drawn at.
    public struct Entry: Hashable, Codable, Sendable {
        /// The weight.
        public var weight: Double
        /// Its font size in points.
        public var fontSize: Double

        /// Creates an entry.
        public init(weight: Double, fontSize: Double) {
            self.weight = weight
            self.fontSize = fontSize
        }
    }

    /// The band's height in points, from the canvas's bottom edge down.
    public var height: Double
    /// The samples, heaviest first.
    public var entries: [Entry]
    /// What the band draws, in the picture's points (below the canvas): each entry's sample text
    /// at its size and its weight's number (`index` the entry's), and the caption before them
    /// (`index` -1). A renderer draws them as it draws placed words.
    public var words: [PlacedWord]

    /// Creates a legend.
    public init(height: Double, entries: [Entry], words: [PlacedWord]) {
        self.height = height
        self.entries = entries
        self.words = words
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
