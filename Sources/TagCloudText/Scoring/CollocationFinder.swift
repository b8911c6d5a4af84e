/// Finds the collocations among the counted word pairs: pairs of raw spellings are added up per pair
/// of canonical words ("The rabbit" and "the rabbit"), scored, and each winner is shown in its most
/// frequent spelling.
///
/// The pairs are gathered into one array and sorted by canonical pair with a radix sort, so adding
/// them up is a linear scan: hashing hundreds of thousands of pairs into a second table (and looking
/// the winners' spellings up in a third) cost more than counting the text.
enum CollocationFinder {
    /// A winning pair: canonical word ids, the summed count, and the raw ids of its shown spelling.
    struct Winner: Equatable {
        var first: Int32
        var second: Int32
        var count: Int
        var rawFirst: Int32
        var rawSecond: Int32
    }

    private struct Entry {
        var key: UInt64  // canonical pair, packed for sorting
        var raw: UInt64  // raw pair, PairTable.key(rawFirst, rawSecond)
        var count: UInt32
    }

    /// The pairs of `pairs` (keyed by raw ids) whose canonical words (`canonicalOfRaw`, -1 for a
    /// dropped word) score above `threshold` with word counts `counts`, in canonical pair order.
    /// Every pair is two counted words, so no canonical pair is counted more often than either of its
    /// words (`counts` of a text always satisfy this). Pairs that spilled to disk are read by
    /// `findSpilled`, in memory bounded by `limit`.
    static func find(
        pairs: PairTable, canonicalOfRaw: [Int32], counts: [Int], threshold: Double, limit: Int = Int.max
    ) -> [Winner] {
        if pairs.hasSpilled {
            return findSpilled(pairs: pairs, canonicalOfRaw: canonicalOfRaw, counts: counts, threshold: threshold, limit: limit)
        }
        let total = counts.reduce(0, +)
        guard total > 0, !counts.isEmpty else { return [] }
        let fewest = Collocation.minimumCount(words: total, threshold: threshold)
        let bits = max(1, Int.bitWidth - (counts.count - 1).leadingZeroBitCount)

        // Plain memory and a local count: appending through a class pays an exclusivity check per pair.
        let capacity = max(1, pairs.count)
        // RawBuffer: large blocks come as huge pages, which the radix sort's scattered writes need.
        let firstBuffer = RawBuffer<Entry>(capacity: capacity), secondBuffer = RawBuffer<Entry>(capacity: capacity)
        let first = firstBuffer.base, second = secondBuffer.base
        // Most pairs are seen once or twice, too few to win: they are left out before the sort.
        let spellings = spellingsPerWord(canonicalOfRaw, words: counts.count)
        var n = 0
        canonicalOfRaw.withUnsafeBufferPointer { canonical in
            spellings.withUnsafeBufferPointer { spellings in
                counts.withUnsafeBufferPointer { counts in
                    pairs.forEach { raw, count in
                        let a = canonical[Int(raw >> 32)], b = canonical[Int(raw & 0xFFFF_FFFF)]
                        guard a >= 0, b >= 0 else { return }
                        if cannotWin(count, Int(a), Int(b), fewest: fewest, counts: counts, spellings: spellings) { return }
                        (first + n).initialize(to: Entry(key: UInt64(a) << UInt64(bits) | UInt64(b), raw: raw, count: count))
                        n += 1
                    }
                }
            }
        }
        let sorted = RadixSort.sort(first, second, n, keyBits: 2 * bits) { $0.key }

        var winners: [Winner] = []
        var i = 0
        while i < n {
            let key = sorted[i].key
            var sum = 0
            var best = sorted[i]
            var j = i
            while j < n && sorted[j].key == key {
                let e = sorted[j]
                sum += Int(e.count)
                // The most frequent spelling; ties go to the one whose words were seen first.
                if e.count > best.count || (e.count == best.count && e.raw < best.raw) { best = e }
                j += 1
            }
            if sum >= Int(fewest) {
                let a = Int(key >> UInt64(bits)), b = Int(key & ((1 << UInt64(bits)) - 1))
                if Collocation.score(bigram: sum, first: counts[a], second: counts[b], words: total) > threshold {
                    winners.append(
                        Winner(
                            first: Int32(a), second: Int32(b), count: sum,
                            rawFirst: Int32(truncatingIfNeeded: best.raw >> 32),
                            rawSecond: Int32(truncatingIfNeeded: best.raw & 0xFFFF_FFFF)))
                }
            }
            i = j
        }
        withExtendedLifetime((firstBuffer, secondBuffer)) {}
        return winners
    }

    /// How many spellings each canonical word has: 1, or 2 for two or more.
    static func spellingsPerWord(_ canonicalOfRaw: [Int32], words: Int) -> [UInt8] {
        var spellings = [UInt8](repeating: 0, count: words)
        for c in canonicalOfRaw where c >= 0 { spellings[Int(c)] = min(spellings[Int(c)], 1) &+ 1 }
        return spellings
    }

    /// Whether a raw pair seen `count` times, of canonical words `a` and `b`, cannot belong to a
    /// winner: its canonical pair cannot add up to `fewest`, because one of its words is seen fewer
    /// times than that, or because both words have a single spelling (so the raw pair is the whole
    /// canonical pair).
    @inline(__always)
    static func cannotWin(
        _ count: UInt32, _ a: Int, _ b: Int, fewest: UInt32, counts: UnsafeBufferPointer<Int>,
        spellings: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        count < fewest && (min(counts[a], counts[b]) < Int(fewest) || (spellings[a] == 1 && spellings[b] == 1))
    }
}
