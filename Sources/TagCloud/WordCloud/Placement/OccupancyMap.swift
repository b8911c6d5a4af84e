/// The canvas as a bitmap of taken pixels, in the same `UInt64` rows as word masks, plus a pyramid
/// of vertical summaries: level `k` holds, for each row, the OR of `2^k` rows starting there. Two
/// overlapping windows of a level answer "is this column free for L rows?" for 64 positions at a
/// time, which lets a search skip regions that cannot take a word without testing it pixel by pixel.
/// A second pyramid does the same along the rows: it answers "is this row free for L columns?", which
/// rejects the positions that sit in a narrow vertical gap between words, where columns alone pass.
public struct OccupancyMap: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Words per row.
    let stride: Int
    /// Words per level.
    let levelSize: Int
    /// All levels, one after another. First the vertical pyramid: level 0 is the occupancy itself;
    /// level `k`, row `y` is the OR of rows `y ..< y + 2^k` of level 0 (rows past the bottom count as
    /// taken). Then levels 1... of the horizontal pyramid, from `rowPyramidStart`: level `k`, row
    /// `y`, bit `x` is the OR of pixels `x ..< x + 2^k` of that row (past the last word: taken). One
    /// array, so a search reads every window it needs through one pointer.
    private(set) var pyramid: [UInt64]
    /// Pixels taken by words (not by the shape mask), for the fill ratio.
    public private(set) var inkPixels = 0
    /// The free room at each row of each word column (64 columns), `roomHeights` levels: level
    /// `k`, word `w`, row `y` is the widest run of free pixels, 2^k rows tall, whose top-left pixel
    /// lies in row `y` of word `w` (up to `roomCap`; pixels past the right or bottom edge count as
    /// taken), at `(k * stride + w) * roomRows + y`, so the 8 rows of a tile are 8 bytes in a row.
    /// Empty when the map keeps no room. A mask's solid cores (`SearchMask.Core`) need runs as wide
    /// as themselves, so a search skips a whole tile of positions when the rows under a core, for
    /// every position of the tile, have no run that wide: in a crowded map most tiles a search
    /// visits have no room, and this tells so at a few looks instead of a probe test per row. The
    /// room only shrinks as words are placed, so what it rules out stays ruled out.
    var room: [UInt8]
    /// Rows per word column of `room`: the map's, then zero rows, so that the 8 rows read from any
    /// row of the map lie inside.
    var roomRows: Int { height + 8 }
    /// Rows per search tile: 8, so the room of a tile's rows is one 8-byte read.
    static let blockHeight = 8

    /// Number of pyramid levels above the base: windows up to 16 rows (a probe's two windows cover
    /// up to 32). Every word placed updates every level, so a higher level costs more in updates
    /// than its wider windows save in searching, and a lower one lets through more positions the
    /// pixel test must reject: four costs the fewest instructions on the bench's cloud workloads.
    static let topLevel = 4

    /// Where level `k` (1...) of the horizontal pyramid starts in `pyramid`.
    @inline(__always)
    func rowLevelStart(_ k: Int) -> Int { (Self.topLevel + k) * levelSize }

    /// An empty canvas, optionally with the pixels of `forbidden` already taken (outside a shape).
    /// `keepsRoom`: whether the map keeps its room for searches to skip crowded tiles by;
    /// a map only ever searched in small windows around a known fit spares the upkeep.
    public init(width: Int, height: Int, forbidden: BitMask? = nil, keepsRoom: Bool = true) {
        precondition(width > 0 && height > 0, "canvas must not be empty")
        self.width = width
        self.height = height
        stride = (width + 63) >> 6
        levelSize = stride * height
        pyramid = [UInt64](repeating: 0, count: levelSize * (2 * Self.topLevel + 1))

        if let f = forbidden {
            precondition(f.width == width && f.height == height, "mask must match the canvas")
            pyramid.replaceSubrange(0..<levelSize, with: f.words)
        }
        room = keepsRoom ? [UInt8](repeating: 0, count: Self.roomHeights * stride * (height + 8)) : []
        updatePyramid(rows: 0..<height, words: 0..<stride)
        updateRowPyramid(rows: 0..<height, words: 0..<stride)
        updateRoom(rows: 0..<height, words: 0..<stride)
    }

    /// Recomputes the horizontal pyramid for `rows`, in the given word columns (a pixel changed in
    /// word `w` reaches back into word `w - 1` at the higher levels, which the caller includes).
    private mutating func updateRowPyramid(rows: Range<Int>, words: Range<Int>) {
        guard !words.isEmpty else { return }
        let stride = self.stride, top = Self.topLevel
        let starts = (0...top).map { $0 == 0 ? 0 : rowLevelStart($0) }
        pyramid.withUnsafeMutableBufferPointer { p in
            starts.withUnsafeBufferPointer { starts in
                // Word w of level k needs word w + 1 of level k - 1, so each row is done right to
                // left, every level of a word at once, carrying the word to the right in registers
                // (the one past the range is unchanged: it is read from the pyramid).
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: top) { right in
                    for y in rows {
                        let row = y &* stride
                        let after = words.upperBound
                        for k in 0..<top { right[k] = after < stride ? p[starts[k] &+ row &+ after] : ~0 }
                        var w = after &- 1
                        while w >= words.lowerBound {
                            var below = p[row &+ w]
                            for k in 1...top {
                                let s = UInt64(1 << (k - 1))
                                let here = below | (below >> s) | (right[k - 1] << (64 - s))
                                right[k - 1] = below
                                p[starts[k] &+ row &+ w] = here
                                below = here
                            }
                            w &-= 1
                        }
                    }
                }
            }
        }
    }

    /// Recomputes levels 1... for `rows` of level 0 that changed, in the given word columns.
    private mutating func updatePyramid(rows changed: Range<Int>, words: Range<Int>) {
        let stride = self.stride, height = self.height, levelSize = self.levelSize
        pyramid.withUnsafeMutableBufferPointer { p in
            for k in 1...Self.topLevel {
                let half = 1 << (k - 1), span = 1 << k
                let below = (k - 1) * levelSize, here = k * levelSize
                let first = max(0, changed.lowerBound - span + 1), end = changed.upperBound
                // Rows whose second window row lies past the bottom are taken whatever lies above.
                let inside = max(first, min(end, height - half))
                // Column by column: a word's handful of columns makes a short loop across, its rows a long one down.
                for w in words {
                    var i = first &* stride &+ w
                    for _ in first..<inside {
                        p[here &+ i] = p[below &+ i] | p[below &+ i &+ half &* stride]
                        i &+= stride
                    }
                    for _ in inside..<end {
                        p[here &+ i] = ~0
                        i &+= stride
                    }
                }
            }
        }
    }

    /// Whether `mask` with its top-left at (`x`, `y`) touches a taken pixel. The mask must lie inside.
    public func collides(_ mask: BitMask, x: Int, y: Int) -> Bool {
        collides(mask, x: x, y: y, rows: 0..<mask.height)
    }

    /// The pixel test over the mask's `rows`, in the order given (a search visits the densest rows
    /// first, so a position that collides is usually rejected after a row or two).
    @inline(__always)
    func collides<Rows: Sequence>(_ mask: BitMask, x: Int, y: Int, rows: Rows) -> Bool where Rows.Element: BinaryInteger {
        let q = x >> 6, s = UInt64(x & 63)
        let mw = mask.wordsPerRow, stride = self.stride
        return pyramid.withUnsafeBufferPointer { occ in
            mask.words.withUnsafeBufferPointer { m in
                for rr in rows {
                    let r = Int(rr)
                    let row = (y + r) * stride + q
                    let mrow = r * mw
                    for j in 0..<mw {
                        let w = m[mrow + j]
                        if w == 0 { continue }
                        if occ[row + j] & (w << s) != 0 { return true }
                        if s != 0 {
                            let hi = w >> (64 - s)
                            if hi != 0 && occ[row + j + 1] & hi != 0 { return true }
                        }
                    }
                }
                return false
            }
        }
    }

    /// Marks the pixels of `mask` at (`x`, `y`) as taken and updates the pyramid around them.
    public mutating func insert(_ mask: BitMask, x: Int, y: Int, countsAsInk: Bool = true) {
        guard mask.width > 0, mask.height > 0 else { return }
        let q = x >> 6, s = UInt64(x & 63)
        let mw = mask.wordsPerRow, stride = self.stride
        pyramid.withUnsafeMutableBufferPointer { occ in
            mask.words.withUnsafeBufferPointer { m in
                for r in 0..<mask.height {
                    let row = (y + r) * stride + q
                    for j in 0..<mw {
                        let w = m[r * mw + j]
                        if w == 0 { continue }
                        occ[row + j] |= w << s
                        if s != 0 {
                            let hi = w >> (64 - s)
                            if hi != 0 { occ[row + j + 1] |= hi }
                        }
                    }
                }
            }
        }
        if countsAsInk { inkPixels += mask.popCount }
        updatePyramid(rows: y..<min(height, y + mask.height), words: q..<min(stride, q + mw + 1))
        updateRowPyramid(rows: y..<min(height, y + mask.height), words: max(0, q - 1)..<min(stride, q + mw + 1))
        updateRoom(rows: y..<min(height, y + mask.height), words: q..<min(stride, q + mw + 1))
    }

    /// The taken pixels (the forbidden ones and those of every word inserted) as a mask.
    public var taken: BitMask { BitMask(width: width, height: height, words: Array(pyramid[0..<levelSize])) }

    /// Fraction of the canvas covered by word ink.
    public var fillRatio: Double { Double(inkPixels) / Double(width * height) }

    /// Whether a pixel is taken.
    public func isTaken(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return true }
        return pyramid[y * stride + x >> 6] >> UInt64(x & 63) & 1 == 1
    }
}
