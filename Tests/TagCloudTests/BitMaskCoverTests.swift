import Testing
@testable import TagCloud

/// `covers` decides that a word fits nowhere without searching, so it must never say yes wrongly.
@Suite("Mask cover")
struct BitMaskCoverTests {
    @Test("covers agrees with trying every offset", arguments: [UInt64(1), 2, 3, 4, 5])
    func coversMatchesBruteForce(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        func random(_ w: Int, _ h: Int, density: Double) -> BitMask {
            BitMask(width: w, height: h) { _, _ in rng.nextUnit() < density }
        }
        for _ in 0..<300 {
            let big = random(1 + rng.nextInt(below: 64), 1 + rng.nextInt(below: 6), density: 0.8)
            let small = random(1 + rng.nextInt(below: big.width), 1 + rng.nextInt(below: big.height), density: 0.5)
            var expected = false
            for dy in 0...(big.height - small.height) {
                for dx in 0...(big.width - small.width) {
                    var inside = true
                    for y in 0..<small.height { for x in 0..<small.width where small[x, y] && !big[x + dx, y + dy] { inside = false } }
                    if inside { expected = true }
                }
            }
            #expect(big.covers(small) == expected)
        }
        // Larger than the mask, or wider than one word: never.
        #expect(!BitMask(width: 3, height: 3) { _, _ in true }.covers(BitMask(width: 4, height: 1) { _, _ in true }))
        #expect(!BitMask(width: 80, height: 2) { _, _ in true }.covers(BitMask(width: 2, height: 2) { _, _ in true }))
    }
}
