/// The covered pixels of one glyph at one size, angle and phase, cropped to its ink, placed
/// relative to the (snapped) glyph origin, y down. A class so that caches and the per-word glyph
/// list share it without copying the rows.
final class GlyphBits: Sendable {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let wordsPerRow: Int
    /// `height * wordsPerRow` words, bit `i` of word `k` being column `64k + i`.
    let words: [UInt64]

    init(left: Int, top: Int, width: Int, height: Int, words: [UInt64]) {
        self.left = left; self.top = top; self.width = width; self.height = height
        self.wordsPerRow = (width + 63) >> 6
        self.words = words
    }

    var isEmpty: Bool { width == 0 }

    static let empty = GlyphBits(left: 0, top: 0, width: 0, height: 0, words: [])
}
