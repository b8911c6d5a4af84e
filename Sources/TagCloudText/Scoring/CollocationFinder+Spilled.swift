/// Collocations among pairs that spilled to disk (`PairTable.spill`): there may be far more pairs
/// than memory was meant to hold, so they are not gathered. The first reading adds up each canonical
/// pair that can win in an external sort (`PairSorter`, `limit` records in memory) and scores the
/// sums; a second reading of those pairs finds the spelling shown for each winner. Memory stays near
/// the limit plus the winners, and the result is `find`'s (the tests compare the two).
extension CollocationFinder {
    static func findSpilled(
        pairs: PairTable, canonicalOfRaw: [Int32], counts: [Int], threshold: Double, limit: Int
    ) -> [Winner] {
        let total = counts.reduce(0, +)
        guard total > 0, !counts.isEmpty else { return [] }
        let fewest = Collocation.minimumCount(words: total, threshold: threshold)
        let spellings = spellingsPerWord(canonicalOfRaw, words: counts.count)
        func forEachHopeful(_ body: (_ raw: UInt64, _ count: UInt32, _ canonical: UInt64) -> Void) {
            canonicalOfRaw.withUnsafeBufferPointer { canonical in
                spellings.withUnsafeBufferPointer { spellings in
                    counts.withUnsafeBufferPointer { counts in
                        pairs.forEach { raw, count in
                            let a = canonical[Int(raw >> 32)], b = canonical[Int(raw & 0xFFFF_FFFF)]
                            guard a >= 0, b >= 0,
                                !cannotWin(count, Int(a), Int(b), fewest: fewest, counts: counts, spellings: spellings)
                            else { return }
                            body(raw, count, PairTable.key(a, b))
                        }
                    }
                }
            }
        }

        let sums = PairSorter(limit: limit)
        // The pairs that can win are also written aside, in order, for the second reading: one
        // file read straight through instead of every run merged again.
        let hopeful = PairRuns()
        let keptAside = hopeful.append { emit in
            forEachHopeful { raw, count, key in
                sums.add(key, count)
                emit(PairRuns.Record(key: raw, count: count))
            }
        }
        var winners: [Winner] = []
        var place: [UInt64: Int] = [:]
        sums.forEachInKeyOrder { key, sum in
            let a = Int(key >> 32), b = Int(key & 0xFFFF_FFFF)
            guard sum >= fewest,
                Collocation.score(bigram: Int(sum), first: counts[a], second: counts[b], words: total) > threshold
            else { return }
            place[key] = winners.count
            winners.append(Winner(first: Int32(a), second: Int32(b), count: Int(sum), rawFirst: -1, rawSecond: -1))
        }
        pairs.adoptFailure(sums.readFailure)
        guard !winners.isEmpty else { return [] }
        // The most frequent spelling; ties go to the one whose words were seen first.
        var best = [(raw: UInt64, count: UInt32)](repeating: (UInt64.max, 0), count: winners.count)
        func choose(_ raw: UInt64, _ count: UInt32, _ key: UInt64) {
            guard let w = place[key] else { return }
            if count > best[w].count || (count == best[w].count && raw < best[w].raw) { best[w] = (raw, count) }
        }
        if keptAside {
            hopeful.merge(with: UnsafeBufferPointer(start: nil, count: 0)) { raw, count in
                choose(raw, count, PairTable.key(canonicalOfRaw[Int(raw >> 32)], canonicalOfRaw[Int(raw & 0xFFFF_FFFF)]))
            }
            pairs.adoptFailure(hopeful.readFailure)
        } else {
            forEachHopeful(choose)
        }
        for w in winners.indices {
            winners[w].rawFirst = Int32(truncatingIfNeeded: best[w].raw >> 32)
            winners[w].rawSecond = Int32(truncatingIfNeeded: best[w].raw & 0xFFFF_FFFF)
        }
        return winners
    }
}
