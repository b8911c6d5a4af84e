import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// The counter's fast paths (inline-keyed hash table, batched counting, pruning of hopeless pairs,
/// key-based sorting) must give exactly what the plain definitions give.
@Suite("Counting internals")
struct CountingInternalsTests {
    @Test("The byte table tells apart strings that share 16 bytes, a length or a hash bucket")
    func byteTable() {
        let table = ByteTable(capacity: 4)
        var rng = SeededRandom(seed: 9)
        var strings: [[UInt8]] = [[]]
        let stem = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for n in 0...stem.count { strings.append(Array(stem[0..<n])) }
        for n in [15, 16, 17, 24, 33] {
            // Same first 16 bytes (or same length), different tails.
            var s = Array(stem[0..<n]); s[n - 1] = UInt8(ascii: "#"); strings.append(s)
        }
        for _ in 0..<3000 {
            let n = rng.nextInt(below: 40)
            strings.append((0..<n).map { _ in UInt8(97 + rng.nextInt(below: 3)) })
        }
        var expected: [[UInt8]: Int32] = [:]
        for s in strings {
            let (id, isNew) = s.withUnsafeBufferPointer {
                table.intern($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
            }
            if let known = expected[s] {
                #expect(id == known && !isNew)
            } else {
                #expect(isNew && Int(id) == expected.count)
                expected[s] = id
            }
        }
        #expect(table.count == expected.count)
        for (s, id) in expected {
            #expect(Array(table.bytes(Int(id))) == s)
            #expect(s.withUnsafeBufferPointer { table.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) } == id)
        }
        let absent = Array("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz".utf8)
        #expect(absent.withUnsafeBufferPointer { table.find($0.baseAddress!, $0.count) } == nil)
    }

    @Test("Pair counts survive growth, and spills to disk (with their runs merged) lose no count")
    func pairTable() throws {
        let table = PairTable(capacity: 2)
        var reference: [UInt64: UInt32] = [:]
        var rng = SeededRandom(seed: 4)
        for _ in 0..<20_000 {
            let key = PairTable.key(Int32(rng.nextInt(below: 300)), Int32(rng.nextInt(below: 30)))
            table.increment(key)
            reference[key, default: 0] += 1
        }
        var seen: [UInt64: UInt32] = [:]
        table.forEach { seen[$0] = $1 }
        #expect(seen == reference)
        #expect(!table.hasSpilled)
        // 40 spills: more than PairRuns.mostRuns, so runs are merged into one on the way.
        for round in 0..<40 {
            for _ in 0..<500 {
                let key = PairTable.key(Int32(rng.nextInt(below: 400)), Int32(rng.nextInt(below: 40)))
                let n = UInt32(1 + rng.nextInt(below: 3))
                table.add(key, n)
                reference[key, default: 0] += n
            }
            if round == 7 { table.add(PairTable.key(7, 7), UInt32.max - 1) }
            // Every other spill keeps the 50 most frequent pairs in memory.
            let keep = round % 2 == 0 ? 0 : 50
            table.spill(keeping: keep)
            #expect(table.count <= keep)
        }
        table.add(PairTable.key(7, 7), 5)
        reference[PairTable.key(7, 7)] = UInt32.max
        #expect(table.hasSpilled && table.spilledRecords > 0)
        var keys: [UInt64] = []
        seen = [:]
        table.forEach { key, n in
            keys.append(key)
            seen[key] = n
        }
        #expect(seen == reference)
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        try table.checkSpills()
    }

    /// No pair below the minimum count can score above the threshold, whatever its words' counts.
    @Test("Pairs under the minimum count never score above the threshold", arguments: [100, 5_000, 1_000_000, 50_000_000])
    func minimumCount(words n: Int) {
        let fewest = Int(Collocation.minimumCount(words: n, threshold: 30))
        #expect(fewest >= 1)
        #expect(
            Collocation.score(bigram: fewest, first: fewest, second: fewest, words: n) > 30 || fewest >= 1000 || 2 * fewest >= n)
        var rng = SeededRandom(seed: UInt64(n))
        for _ in 0..<20_000 where fewest > 1 {
            let k = 1 + rng.nextInt(below: fewest - 1)
            let c1 = k + rng.nextInt(below: min(n - k, 50 * k)), c2 = k + rng.nextInt(below: min(n - k, 50 * k))
            #expect(Collocation.score(bigram: k, first: c1, second: c2, words: n) <= 30, "k \(k) c1 \(c1) c2 \(c2)")
        }
    }

    @Test("Two common words that are seldom neighbours are no collocation")
    func negativeAssociation() throws {
        // "alpha" and "beta" are each a third of the text but adjacent far less often than chance:
        // the two-sided log-likelihood ratio scores that high; a collocation needs the opposite.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let filler = (0..<60).map { "f" + String(letters[$0 % 26]) + String(letters[$0 / 26]) }
        var words: [String] = []
        for i in 0..<1500 { words += ["alpha", filler[i % 60], "beta", filler[(i * 7 + 3) % 60]] }
        words += ["alpha", "beta"]
        var o = TextOptions()
        o.stopWords = .none
        let analysis = try TermCounter(o).analyze(words.joined(separator: " "))
        #expect(analysis.words == 6002)
        #expect(Collocation.score(bigram: 1, first: 1501, second: 1501, words: 6002) == 0)
        #expect(!analysis.terms.contains { $0.text == "alpha beta" })
    }

    /// Whole-number, fractional and huge weights alike.
    @Test("Terms sort heaviest first, ties in code-point order", arguments: [1.0, 0.5, 1e9])
    func termOrder(unit: Double) {
        var rng = SeededRandom(seed: 2)
        let pool = ["a", "b", "ab", "abcdefgh", "abcdefghi", "abcdefgg", "é", "e\u{301}", "z", "Ω", "北京", "🐇", "abcdefgh!"]
        let terms = (0..<400).map { _ in
            Term(
                pool[rng.nextInt(below: pool.count)] + String(rng.nextInt(below: 3)), weight: Double(rng.nextInt(below: 4)) * unit
            )
        }
        let expected = terms.sorted {
            $0.weight != $1.weight
                ? $0.weight > $1.weight : $0.text.unicodeScalars.lexicographicallyPrecedes($1.text.unicodeScalars)
        }
        #expect(TermOrder.sorted(terms).map(\.text) == expected.map(\.text))
        #expect(TermOrder.sorted(terms).map(\.weight) == expected.map(\.weight))
    }

    @Test("A table that cannot write its temporary files keeps its pairs in memory, every count exact")
    func spillRefused() throws {
        let table = PairTable(capacity: 16, spillFolder: "/nonexistent/tagcloud-test")
        var reference: [UInt64: UInt32] = [:]
        for k in 0..<5_000 {
            let key = PairTable.key(Int32(k % 97), Int32(k % 89))
            table.increment(key)
            reference[key, default: 0] += 1
            if k % 1_000 == 999 { table.spill() }
        }
        #expect(!table.hasSpilled && table.count == reference.count)
        var seen: [UInt64: UInt32] = [:]
        table.forEach { seen[$0] = $1 }
        #expect(seen == reference)
        try table.checkSpills()
    }

    @Test(
        "With a tiny pair limit (pairs spilled to disk), any chunk size gives the counts of the whole text",
        arguments: [1, 3, 64, 4096])
    func pruningIsChunkIndependent(chunkSize: Int) throws {
        var o = TextOptions()
        o.bigramLimit = 64
        var rng = SeededRandom(seed: 12)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let vocabulary = (0..<300).map { "w" + String(letters[$0 % 26]) + String(letters[$0 / 26]) }
        var text = ""
        for i in 0..<20_000 {
            text += vocabulary[min(rng.nextInt(below: 300), rng.nextInt(below: 300))]
            text += i % 17 == 0 ? ". " : " "
        }
        let whole = try TermCounter(o).analyze(text)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-prune-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let streamed = try TermCounter(o).analyze(contentsOf: url, chunkSize: chunkSize)
        #expect(streamed.terms == whole.terms)
        #expect(whole.words == 20_000)
        #expect(try TermCounter().analyze(text).terms == whole.terms)
    }

    /// The radix-sorted scan must find what adding the pairs up in a dictionary finds.
    @Test(
        "Collocations from sorted pairs, and from pairs spilled to disk, equal a plain dictionary's", arguments: [3, 300, 70_000])
    func collocationFinder(vocabulary: Int) {
        var rng = SeededRandom(seed: UInt64(vocabulary))
        let raws = vocabulary * 2
        // Two spellings per word ("The"/"the") in the first half of the raw words, one in the second
        // half; a few words dropped.
        let canonicalOfRaw = (0..<raws).map { r -> Int32 in
            r % 29 == 5 ? -1 : r < raws / 2 ? Int32(r / 2) : Int32(r - raws / 4)
        }
        let table = PairTable(), spilled = PairTable()
        var counts = [Int](repeating: 0, count: raws - raws / 4)
        for k in 0..<60_000 {
            // Skewed choices, and a few planted pairs of rarer words that occur only together, so
            // some pairs win and others fall just short.
            var a = min(rng.nextInt(below: raws), rng.nextInt(below: raws), rng.nextInt(below: raws))
            var b = min(rng.nextInt(below: raws), rng.nextInt(below: raws))
            if rng.nextInt(below: 10) == 0 {
                a = raws - 1 - rng.nextInt(below: max(1, raws / 50))
                b = raws - 1 - a % 7
                if canonicalOfRaw[a] < 0 || canonicalOfRaw[b] < 0 { a = raws - 2; b = raws - 3 }
            }
            table.increment(PairTable.key(Int32(a), Int32(b)))
            spilled.increment(PairTable.key(Int32(a), Int32(b)))
            if k % 5_000 == 4_999 { spilled.spill() }
            // Each pair is two counted words, as in a text: find relies on it to skip hopeless pairs.
            if canonicalOfRaw[a] >= 0 { counts[Int(canonicalOfRaw[a])] += 1 }
            if canonicalOfRaw[b] >= 0 { counts[Int(canonicalOfRaw[b])] += 1 }
        }
        for c in counts.indices { counts[c] += 1 }
        let found = CollocationFinder.find(pairs: table, canonicalOfRaw: canonicalOfRaw, counts: counts, threshold: 30)

        var sums: [UInt64: Int] = [:]
        var best: [UInt64: (count: UInt32, raw: UInt64)] = [:]
        table.forEach { raw, n in
            let a = canonicalOfRaw[Int(raw >> 32)], b = canonicalOfRaw[Int(raw & 0xFFFF_FFFF)]
            guard a >= 0, b >= 0 else { return }
            let key = PairTable.key(a, b)
            sums[key, default: 0] += Int(n)
            if let o = best[key], o.count > n || (o.count == n && o.raw < raw) { return }
            best[key] = (n, raw)
        }
        let total = counts.reduce(0, +)
        let expected = sums.keys.sorted().compactMap { key -> CollocationFinder.Winner? in
            let a = Int(key >> 32), b = Int(key & 0xFFFF_FFFF), n = sums[key]!
            guard Collocation.score(bigram: n, first: counts[a], second: counts[b], words: total) > 30 else { return nil }
            let raw = best[key]!.raw
            return CollocationFinder.Winner(
                first: Int32(a), second: Int32(b), count: n,
                rawFirst: Int32(raw >> 32), rawSecond: Int32(raw & 0xFFFF_FFFF))
        }
        #expect(found == expected)
        #expect(vocabulary > 1000 || !found.isEmpty)
        // Limit 300: the canonical sums spill too.
        #expect(spilled.hasSpilled)
        #expect(
            CollocationFinder.find(pairs: spilled, canonicalOfRaw: canonicalOfRaw, counts: counts, threshold: 30, limit: 300)
                == expected)
    }

    /// Language detection picks its top words by selection, not a sort: the k-th largest must be the sort's.
    @Test("The k-th largest count by selection equals the sorted one", arguments: [UInt64(1), 2, 3])
    func selection(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let n = 1 + rng.nextInt(below: 300)
            // Few distinct values, as word counts are: many ties.
            let values = (0..<n).map { _ in rng.nextInt(below: 1 + rng.nextInt(below: 40)) }
            let k = 1 + rng.nextInt(below: n)
            #expect(StopWords.largest(k, of: values) == values.sorted(by: >)[k - 1], "k \(k) of \(values)")
        }
    }

    /// Only words holding Thai, kana or Han can equal two joined words: curly apostrophes, dashes and
    /// Devanagari (three-byte characters all) must not send a vocabulary through the merging table.
    @Test("Words that may equal a joined pair")
    func mayBeJoined() {
        #expect(NoSpaceScript.mayBeJoined("北京"))
        #expect(NoSpaceScript.mayBeJoined("ภาษา"))
        #expect(NoSpaceScript.mayBeJoined("abcカタ"))
        #expect(!NoSpaceScript.mayBeJoined("ICU’s"))
        #expect(!NoSpaceScript.mayBeJoined("—"))
        #expect(!NoSpaceScript.mayBeJoined("हिन्दी"))
        #expect(!NoSpaceScript.mayBeJoined("rabbit"))
        #expect(NoSpaceScript.joinsWithoutSpace("北京", "大学") && !NoSpaceScript.joinsWithoutSpace("北京", "abc"))
    }
}
