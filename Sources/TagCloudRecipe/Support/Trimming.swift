extension StringProtocol {
    /// The text without the spaces and tabs around it: Unicode's space separators and the tab (what
    /// Foundation calls `.whitespaces`), so a value typed as `0, -90` reads as `0` and `-90`.
    func trimmingSpacesAndTabs() -> String {
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        let scalars = Substring(self).unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
