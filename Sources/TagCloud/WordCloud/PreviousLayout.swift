/// Where the words of an earlier layout were: the positions a word cloud keeps when it is laid out
/// again (`WordCloudOptions.previous`), so that an update moves as few words as it must.
///
/// A word is known by its identity: its term's `id` when it has one, else its text. A word of the
/// new layout that was in the previous one wishes to be where it was: the centre of its frame at
/// `center`, at `angle`, at its old size changed only as its weight changed. Unlike a pin, a wish
/// is never an error: a word that no longer fits there moves to the nearest free position, and one
/// that fits nowhere is reported unplaced.
public struct PreviousLayout: Hashable, Sendable {
    /// One word's place in the previous layout.
    public struct Word: Hashable, Sendable {
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
        /// The colour the word was drawn in; nil: the colour the style gives it, as for a new word.
        /// A kept word keeps it unless its term has a colour of its own.
        public var color: Color?
        /// The font the word was drawn in; nil: the font the style gives it. A kept word keeps the
        /// style's font that resolves to it, when the style has several.
        public var font: ResolvedFont?
        /// The word's frame (`PlacedWord.frame`), exactly; a flow keeps a tag at it. Nil: a frame of
        /// the tag's size about `center`.
        public var frame: Rect?
        /// The word's baseline (`PlacedWord.baseline`); a flow keeps a tag's row on it.
        public var baseline: Double?
        /// The text drawn when it was cut short to fit (`PlacedWord.text` beside its `fullText`);
        /// a flow cuts a kept tag as before.
        public var truncatedText: String?

        /// Creates a word's place.
        public init(
            text: String, id: String? = nil, center: Point, angle: Double, fontSize: Double? = nil,
            weight: Double? = nil, shrunk: Bool = false, color: Color? = nil, font: ResolvedFont? = nil,
            frame: Rect? = nil, baseline: Double? = nil, truncatedText: String? = nil
        ) {
            self.text = text; self.id = id; self.center = center; self.angle = angle
            self.fontSize = fontSize; self.weight = weight; self.shrunk = shrunk
            self.color = color; self.font = font; self.frame = frame; self.baseline = baseline
            self.truncatedText = truncatedText
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
                    fontSize: w.fontSize, weight: w.weight, shrunk: w.shrunk, color: w.color, font: w.font,
                    frame: w.frame, baseline: w.baseline, truncatedText: w.fullText == nil ? nil : w.text)
            })
    }

    /// For each of `terms`, the index in `words` of its place, nil for a term new to the layout.
    /// A term takes the first place of its identity; a second term of the same identity is new.
    public func matches(_ terms: [Term]) -> [Int?] {
        var byIdentity: [Identity: Int] = [:]
        for (k, w) in words.enumerated() where byIdentity[w.identity] == nil { byIdentity[w.identity] = k }
        var taken = Set<Int>()
        return terms.map { term in
            guard let k = byIdentity[Identity(text: term.text, id: term.id)], taken.insert(k).inserted else { return nil }
            return k
        }
    }
}

#if !hasFeature(Embedded)
extension PreviousLayout: Codable {}
extension PreviousLayout.Word: Codable {}
#endif
