/// Masks that fit nowhere on a map that only fills up. A mask that covers one of them (moved by
/// some offset) fits nowhere either, so it is ruled out without a search: in a crowded shape most
/// words that fail at the minimum size are spared their search of the whole map.
struct FailedMasks {
    /// The masks kept, the most recent last; none covers another.
    private(set) var masks: [BitMask] = []
    /// How many are kept: the most recent failures are the likeliest to rule out the next words.
    static let capacity = 24

    /// Whether `mask` covers a mask known to fit nowhere, and so fits nowhere itself.
    func rulesOut(_ mask: BitMask) -> Bool {
        masks.contains { mask.covers($0) }
    }

    /// Remembers that `mask` fits nowhere, dropping the masks it is contained in (it rules out
    /// everything they did). Masks wider than 64 pixels are not kept: `covers` compares single words.
    mutating func note(_ mask: BitMask) {
        guard mask.wordsPerRow == 1 else { return }
        masks.removeAll { $0.covers(mask) }
        masks.append(mask)
        if masks.count > Self.capacity { masks.removeFirst() }
    }
}
