/// Clouds over time: one word cloud per frame (a year, a chapter, a week), in which every word that
/// appears in several frames has one position and one angle, and a size that follows its weight in
/// each frame on one size scale shared by all frames. `SeriesLayout` makes one; the series writers
/// (a morphing HTML page, per-frame files, an animated WebP) draw it.
///
/// Words are matched between frames as `PreviousLayout` matches them: by the term's id when it has
/// one, else by its full text (`PreviousLayout.Identity`).
public struct CloudSeries: Hashable, Sendable {
    /// One frame: its label and its cloud.
    public struct Frame: Hashable, Sendable {
        /// What the frame is called (the value of the frame column, a file's name, "1", "2", …).
        public var label: String
        /// The frame's cloud, on the series' canvas.
        public var layout: CloudLayout

        /// Creates a frame.
        public init(label: String, layout: CloudLayout) {
            self.label = label
            self.layout = layout
        }
    }

    /// The frames, in order.
    public var frames: [Frame]

    /// Creates a series from its frames.
    public init(frames: [Frame]) {
        self.frames = frames
    }

    /// The canvas size all frames share (the first frame's; zero for an empty series).
    public var size: Size { frames.first?.layout.size ?? .zero }

    /// The identity a word is matched by across frames.
    public static func identity(of word: PlacedWord) -> PreviousLayout.Identity {
        PreviousLayout.Identity(text: word.fullText ?? word.text, id: word.id)
    }
}
