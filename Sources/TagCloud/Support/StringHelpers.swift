extension String {
    /// The string without leading and trailing spaces, tabs and newlines (Foundation-free).
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }

    /// Whether the string draws nothing: it is empty or only spaces, newlines, control characters
    /// and characters Unicode says to draw as nothing when not otherwise supported (zero-width
    /// spaces and joiners, bidi marks, variation selectors, the byte-order mark). A layout asks it
    /// of every word and reports such a word as empty instead of placing an invisible one.
    var isBlank: Bool {
        unicodeScalars.allSatisfy {
            let p = $0.properties
            return p.isWhitespace || p.isDefaultIgnorableCodePoint || p.generalCategory == .control
        }
    }
}
