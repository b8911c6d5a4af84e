import TagCloud

/// The table `tagcloud count` writes: `word<TAB>count` lines, in the order of the terms (most
/// frequent first), the count a whole number.
package enum CountTable {
    /// The table of `terms`.
    package static func text(_ terms: [Term]) -> String {
        var out = ""
        out.reserveCapacity(terms.count * 16)
        for t in terms {
            out += t.text
            out += "\t"
            out += String(Int64(t.weight))
            out += "\n"
        }
        return out
    }
}
