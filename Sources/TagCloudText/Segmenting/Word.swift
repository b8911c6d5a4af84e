/// A word found in a text.
public struct Word: Sendable, Equatable, CustomStringConvertible {
    /// The word as written (not normalised).
    public var text: String
    /// What it is made of.
    public var kind: WordKind
    /// Creates a word.
    public init(_ text: String, kind: WordKind) { self.text = text; self.kind = kind }
    /// The text.
    public var description: String { text }
}
