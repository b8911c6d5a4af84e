import TagCloud

/// Where a typesetter finds fonts: what a `FontDescriptor` names, and which font draws characters
/// another lacks. Natively fontconfig answers (`FontLibrary`); in WebAssembly, where there is no
/// fontconfig, a `FontManifest` made from fontconfig's answers at build time does, so both builds
/// pick the same files.
public protocol FontFinder: AnyObject, Sendable {
    /// The font file `descriptor` names; throws `GraphicsError.unknownFontFamily` (with close
    /// names) for a family that is not there, or a font-file error for a path.
    func resolve(_ descriptor: FontDescriptor) throws(GraphicsError) -> ResolvedFont

    /// A font for `text` when `preferring` lacks some of its characters: the font with the most of
    /// its visible characters, the one closest to `preferring` among equals; `nil` when no font has
    /// any of them.
    func fallback(for text: String, preferring: ResolvedFont) -> ResolvedFont?

    /// The installed families, sorted, as a person picks one.
    func families() -> [String]
}

/// Up to three of `names` close to `name`: those containing it (or contained in it) first, then
/// by edit distance, leaving out names too different to be a plausible typo.
func closeFamilyNames(to name: String, among names: [String]) -> [String] {
    let query = name.lowercased()
    let limit = max(2, query.count / 2)
    var ranked: [(name: String, substring: Bool, distance: Int)] = []
    for candidate in names {
        let lower = candidate.lowercased()
        let substring = contains(lower, query) || contains(query, lower)
        let distance = editDistance(query, lower)
        guard substring || distance <= limit else { continue }
        ranked.append((candidate, substring, distance))
    }
    ranked.sort {
        if $0.substring != $1.substring { return $0.substring }
        if $0.distance != $1.distance { return $0.distance < $1.distance }
        return $0.name < $1.name
    }
    return ranked.prefix(3).map { $0.name }
}

/// Whether `text` contains `part`, byte for byte (Embedded Swift has no `String.contains(_:)` of a
/// string).
private func contains(_ text: String, _ part: String) -> Bool {
    let haystack = Array(text.utf8), needle = Array(part.utf8)
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
}
