/// A concrete font: the file and face the typesetter chose for a word (after any fallback).
///
/// Its fields live in one shared box: every placed word names its font, and the words of a layout
/// share a handful, so a word holds a reference (8 bytes) instead of the fields (56).
public struct ResolvedFont: Hashable, Sendable {
    /// The family name the font file declares.
    public var family: String {
        get { box.value.family }
        set { update { $0.family = newValue } }
    }
    /// Path of the font file.
    public var file: String {
        get { box.value.file }
        set { update { $0.file = newValue } }
    }
    /// Face index inside a collection file (.ttc), 0 otherwise.
    public var faceIndex: Int {
        get { box.value.faceIndex }
        set { update { $0.faceIndex = newValue } }
    }
    /// CSS weight of the face.
    public var weight: Int {
        get { box.value.weight }
        set { update { $0.weight = newValue } }
    }
    /// Style of the face.
    public var style: FontStyle {
        get { box.value.style }
        set { update { $0.style = newValue } }
    }

    private var box: SharedBox<Fields>

    /// Creates a resolved font.
    public init(family: String, file: String, faceIndex: Int = 0, weight: Int = 400, style: FontStyle = .normal) {
        box = SharedBox(Fields(family: family, file: file, faceIndex: faceIndex, weight: weight, style: style))
    }

    /// The fields, as the JSON holds them.
    fileprivate struct Fields: Hashable, Sendable {
        var family: String
        var file: String
        var faceIndex: Int
        var weight: Int
        var style: FontStyle
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.value
        change(&fields)
        box = SharedBox(fields)
    }

    #if !hasFeature(Embedded)
    /// Decodes a font from its fields (`family`, `file`, `faceIndex`, `weight`, `style`).
    public init(from decoder: any Decoder) throws { box = SharedBox(try Fields(from: decoder)) }

    /// Encodes the font's fields, as `init(from:)` reads them.
    public func encode(to encoder: any Encoder) throws { try box.value.encode(to: encoder) }
    #endif
}

extension Array where Element == ResolvedFont {
    /// The font numbered `index` in a word whose main font is `main` and whose fallback fonts are
    /// this array (0 = `main`); an index out of range gives `main`, so a damaged layout still draws.
    public func font(at index: Int, main: ResolvedFont) -> ResolvedFont {
        index >= 1 && index <= count ? self[index - 1] : main
    }
}

#if !hasFeature(Embedded)
extension ResolvedFont: Codable {}
extension ResolvedFont.Fields: Codable {}
#endif
