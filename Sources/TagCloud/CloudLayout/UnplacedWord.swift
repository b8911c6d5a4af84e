/// A word that is not on the canvas, and why.
public struct UnplacedWord: Hashable, Sendable {
    /// Why a word was left out.
    public enum Reason: String, Hashable, Sendable {
        /// Beyond the maximum number of rows (an app can show "+N more").
        case rowLimit
        /// No free position at any allowed size and orientation.
        case noSpace
        /// The text has nothing to draw.
        case empty
        /// Beyond the maximum number of words (the lightest ones).
        case maxWords
    }

    /// Position of the term in the input.
    public var index: Int
    /// The text.
    public var text: String
    /// The term's id, if any.
    public var id: String?
    /// Why it was left out.
    public var reason: Reason

    /// Creates an unplaced entry.
    public init(index: Int, text: String, id: String?, reason: Reason) {
        self.index = index; self.text = text; self.id = id; self.reason = reason
    }
}

#if !hasFeature(Embedded)
extension UnplacedWord: Codable {}
extension UnplacedWord.Reason: Codable {}
#endif
