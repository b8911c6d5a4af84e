/// English plural merging: a plural counts under its singular when both occur ("rabbits" under
/// "rabbit"), and a possessive under its base ("Alice's" under "Alice").
extension CanonicalForms {
    /// Merges plurals and possessives. `foldedCount` grows with the bases of possessives that never
    /// occur alone (interned into the vocabulary here) and receives the possessives' counts;
    /// `stopWords` drops a possessive whose base is one.
    mutating func mergePlurals(foldedCount: inout [Int], stopWords: Set<String>) {
        for f in 0..<foldedCount.count where canonical[f] >= 0 {
            let w = vocabulary.folded[f]
            guard Plural.isPossessive(w), w.count > 2 else { continue }
            let base = String(w.dropLast(2))
            if stopWords.contains(base) { canonical[f] = -1; continue }
            let b = vocabulary.foldedID(base, kind: vocabulary.foldedKind[f])
            grow(foldedCount: &foldedCount)
            canonical[f] = b
            strip[f] = 2
            foldedCount[Int(b)] += foldedCount[f]
        }
        for f in 0..<vocabulary.folded.count where canonical[f] == Int32(f) && foldedCount[f] > 0 {
            let w = vocabulary.folded[f]
            guard Plural.endsInSingleS(w), w.count > 2,
                let b = vocabulary.foldedLookup(String(w.dropLast())), canonical[Int(b)] == b, foldedCount[Int(b)] > 0
            else { continue }
            canonical[f] = b
            strip[f] = 1
        }
        // Possessives of plurals follow their base to the singular.
        for f in 0..<vocabulary.folded.count where canonical[f] >= 0 && canonical[Int(canonical[f])] != canonical[f] {
            canonical[f] = canonical[Int(canonical[f])]
        }
    }
}

/// Suffix tests of English plural merging, on UTF-8 bytes: `String.hasSuffix` compares by grapheme,
/// far too slow to run over every word of the vocabulary.
enum Plural {
    /// Ends in `'s` or `’s`.
    static func isPossessive(_ w: String) -> Bool {
        let u = w.utf8
        guard u.last == UInt8(ascii: "s") else { return false }
        let rest = u.dropLast()
        return rest.last == UInt8(ascii: "'") || rest.suffix(3).elementsEqual([0xE2, 0x80, 0x99])
    }

    /// Ends in one `s` (not `ss`).
    static func endsInSingleS(_ w: String) -> Bool {
        let u = w.utf8
        return u.last == UInt8(ascii: "s") && u.dropLast().last != UInt8(ascii: "s")
    }
}
