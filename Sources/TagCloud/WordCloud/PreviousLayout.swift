/// Where the words of an earlier layout were: the positions a word cloud keeps when it is laid out
/// again (`WordCloudOptions.previous`), so that an update moves as few words as it must.
///
/// A word is known by its identity: its term's `id` when it has one, else its text. A word of the
/// new layout that was in the previous one wishes to be where it was: the centre of its frame at
/// `center`, at `angle`, at its old size changed only as its weight changed. Unlike a pin, a wish
/// is never an error: a word that no longer fits there moves to the nearest free position, and one
/// that fits nowhere is reported unplaced.
public struct PreviousLayout: Hashable, Codable, Sendable {
    /// One word's place in the previous layout.
    public struct Word: Hashable, Codable, Sendable {
        /// The word's text.
        public var text: String
        /// The term's id, if it had one; the word is known by it instead of its text.
        public var id: String?
        /// The centre of the word's frame (`PlacedWord.frame`), in canvas points.
        public var center: Point
        /// The word's rotation in degrees, clockwise on screen, as `PlacedWord.rotation`.
        public var angle: Double
        /// The word's font size in points; nil: the size the sizing gives it, as for a new word.
        public var fontSize: Double?
        /// The word's weight then; nil: its size does not follow a change of weight.
        public var weight: Double?
        /// Whether the word had been shrunk to fit (`PlacedWord.shrunk`): a size kept from it is
        /// still smaller than the word's weight asks for.
        public var shrunk: Bool

        /// Creates a word's place.
        public init(
            text: String, id: String? = nil, center: Point, angle: Double, fontSize: Double? = nil,
            weight: Double? = nil, shrunk: Bool = false
        ) {
            self.text = text; self.id = id; self.center = center; self.angle = angle
            self.fontSize = fontSize; self.weight = weight; self.shrunk = shrunk
        }

        /// How words are matched between layouts: by id when the word has one, else by text.
        public var identity: Identity { Identity(text: text, id: id) }
    }

    /// What matches a word of one layout with a word of another: its id, or its text when it has none.
    public enum Identity: Hashable, Sendable {
        /// A term with an id.
        case id(String)
        /// A term without one.
        case text(String)

        /// The identity of a term with `text` and `id`.
        public init(text: String, id: String?) {
            if let id { self = .id(id) } else { self = .text(text) }
        }
    }

    /// The canvas size the previous layout was made for; a cloud keeps to it only on a canvas of
    /// the same size.
    public var size: Size
    /// The words' places. When two share an identity, the first is used.
    public var words: [Word]

    /// Creates a previous layout from its words' places.
    public init(size: Size, words: [Word]) {
        self.size = size
        self.words = words
    }

    /// The places of `layout`'s placed words. A word placed several times (`repeatWords`) is kept
    /// at its heaviest placement, the word itself rather than a smaller repeat.
    public init(_ layout: CloudLayout) {
        var best: [Identity: Int] = [:]
        for (k, w) in layout.placed.enumerated() {
            let identity = Identity(text: w.fullText ?? w.text, id: w.id)
            if let known = best[identity], layout.placed[known].weight >= w.weight { continue }
            best[identity] = k
        }
        let kept = best.values.sorted()
        self.init(
            size: layout.size,
            words: kept.map { k in
                let w = layout.placed[k]
                return Word(
                    text: w.fullText ?? w.text, id: w.id, center: w.frame.center, angle: w.rotation,
                    fontSize: w.fontSize, weight: w.weight, shrunk: w.shrunk)
            })
    }

    /// Checks the previous layout against a `width` × `height` canvas: the same size, at most
    /// `WordCloudOptions.Limits.words` words, each centred on the canvas at an angle within
    /// ±`Pin.angleLimit`, with a usable size and weight. Throws `TagCloudError.previousLayoutSize` or `.previousWordUnusable`.
    public func validate(width: Int, height: Int) throws {
        guard size.width == Double(width), size.height == Double(height) else {
            throw TagCloudError.previousLayoutSize(
                width: size.width, height: size.height, canvasWidth: width, canvasHeight: height)
        }
        guard words.count <= WordCloudOptions.Limits.words else {
            throw TagCloudError.previousWordUnusable(
                text: "", field: "words", value: Double(words.count),
                expected: "at most \(WordCloudOptions.Limits.words) words")
        }
        for w in words {
            for (field, v, side) in [("x", w.center.x, size.width), ("y", w.center.y, size.height)]
            where !(v.isFinite && v >= 0 && v <= side) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: field, value: v, expected: "a centre on the \(width)x\(height) canvas")
            }
            guard w.angle.isFinite, abs(w.angle) <= Pin.angleLimit else {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "angle", value: w.angle,
                    expected: "degrees from -\(Int(Pin.angleLimit)) to \(Int(Pin.angleLimit))")
            }
            if let size = w.fontSize, !(size.isFinite && size >= 0.5 && size <= CloudStyle.fontSizeLimit) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "fontSize", value: size,
                    expected: "a font size in points from 0.5 to \(Int(CloudStyle.fontSizeLimit))")
            }
            if let weight = w.weight, !(weight.isFinite && weight >= 0) {
                throw TagCloudError.previousWordUnusable(
                    text: w.text, field: "weight", value: weight, expected: "a finite weight, not negative")
            }
        }
    }
}
