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
                    for y in 0..<small.height {
                        for x in 0..<small.width where small[x, y] && !big[x + dx, y + dy] { inside = false }
                    }
                    if inside { expected = true }
                }
            }
            #expect(big.covers(small) == expected)
        }
        // Larger than the mask, or wider than one word: never.
        #expect(!BitMask(width: 3, height: 3) { _, _ in true }.covers(BitMask(width: 4, height: 1) { _, _ in true }))
        #expect(!BitMask(width: 80, height: 2) { _, _ in true }.covers(BitMask(width: 2, height: 2) { _, _ in true }))
    }

    @Test("the extent of the set pixels is their bounding box, across word boundaries")
    func setExtentIsTheBoundingBox() {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<200 {
            let w = 1 + rng.nextInt(below: 200), h = 1 + rng.nextInt(below: 20), density = rng.nextUnit() * 0.02
            let m = BitMask(width: w, height: h) { _, _ in rng.nextUnit() < density }
            let xs = (0..<w).filter { x in (0..<h).contains { m[x, $0] } }
            let ys = (0..<h).filter { y in (0..<w).contains { m[$0, y] } }
            let e = m.setExtent
            #expect(e.width == (xs.isEmpty ? 0 : xs.last! - xs.first! + 1))
            #expect(e.height == (ys.isEmpty ? 0 : ys.last! - ys.first! + 1))
        }
    }
}
