import TagCloud
import Testing

@testable import TagCloudGraphics

@Suite("Glyph-keyed cache table")
struct GlyphKeyedTableTests {
    @Test("agrees with a dictionary through growth, overwrites and clearing")
    func agreesWithDictionary() {
        var table = GlyphKeyedTable<Int>(capacity: 4)
        var reference: [[UInt64]: Int] = [:]
        var rng = SeededRandom(seed: 7)
        for round in 0..<3 {
            for i in 0..<5_000 {
                // Few distinct highs (sizes) and clustered lows (glyph ids and phases), as the caches use them.
                let key = GlyphKeyedTable<Int>.Key(
                    high: 4_600_000_000_000_000_000 + UInt64(rng.nextInt(below: 6)),
                    low: UInt64(rng.nextInt(below: 3_000)) | UInt64(i % 4) << 32)
                table.set(i + round, for: key)
                reference[[key.high, key.low]] = i + round
            }
            #expect(table.count == reference.count)
            for (k, v) in reference { #expect(table[.init(high: k[0], low: k[1])] == v) }
            var visited: [Int] = []
            table.forEachValue { visited.append($0) }
            #expect(visited.sorted() == reference.values.sorted())
            #expect(table[.init(high: 1, low: 1)] == nil)
            table.removeAll()
            reference.removeAll()
            #expect(table.count == 0)
            #expect(table[.init(high: 4_600_000_000_000_000_000, low: 5)] == nil)
        }
    }

    @Test("an optional value that is nil is still a stored entry")
    func storesNil() {
        var table = GlyphKeyedTable<Rect?>()
        let space = GlyphKeyedTable<Rect?>.Key(high: 12, low: 3)
        #expect(table[space] == nil)
        table.set(nil, for: space)
        #expect(table[space] == .some(nil))
        #expect(table.count == 1)
    }
}
