/// A concrete font: the file and face the typesetter chose for a word (after any fallback).
public struct ResolvedFont: Hashable, Codable, Sendable {
    /// The family name the font file declares.
    public var family: String
    /// Path of the font file.
    public var file: String
    /// Face index inside a collection file (.ttc), 0 otherwise.
    public var faceIndex: Int
    /// CSS weight of the face.
    public var weight: Int
    /// Style of the face.
    public var style: FontStyle

    /// Creates a resolved font.
    public init(family: String, file: String, faceIndex: Int = 0, weight: Int = 400, style: FontStyle = .normal) {
        self.family = family; self.file = file; self.faceIndex = faceIndex
        self.weight = weight; self.style = style
    }
}

extension Array where Element == ResolvedFont {
    /// The font numbered `index` in a word whose main font is `main` and whose fallback fonts are
    /// this array (0 = `main`); an index out of range gives `main`, so a damaged layout still draws.
    public func font(at index: Int, main: ResolvedFont) -> ResolvedFont {
        index >= 1 && index <= count ? self[index - 1] : main
    }
}
