/// Where a text had bytes that are not UTF-8 (each bad sequence was replaced by U+FFFD).
public struct InvalidUTF8Report: Sendable, Equatable {
    /// The input's name (file path, or `standard input`); the first one with bad bytes.
    public var name: String
    /// The zero-based byte offset of the first bad byte in the input.
    public var firstOffset: Int64
    /// How many bad sequences were replaced.
    public var count: Int
}
