/// A bitmap packed into `UInt64` rows: bit `i` of word `k` in a row is pixel `x = 64k + i`.
/// Word masks and the canvas occupancy share this layout, so a collision test is a shifted AND.
public struct BitMask: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// 64-bit words per row.
    public let wordsPerRow: Int
    /// The rows, `height * wordsPerRow` words; bits past `width` are always zero.
    public internal(set) var words: [UInt64]

    /// An all-clear mask.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        self.width = width
        self.height = height
        self.wordsPerRow = (width + 63) >> 6
        self.words = [UInt64](specializedRepeating: 0, count: wordsPerRow * height)
    }

    /// A mask from its rows, `height * ((width + 63) / 64)` words laid out as in `words`. Bits past
    /// `width` are cleared, so the mask keeps the invariant whatever the caller passes.
    public init(width: Int, height: Int, words: [UInt64]) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        let wordsPerRow = (width + 63) >> 6
        precondition(words.count == wordsPerRow * height, "a mask needs one run of words per row")
        self.width = width
        self.height = height
        self.wordsPerRow = wordsPerRow
        self.words = words
        let tail = width & 63
        if tail != 0 {
            let keep = (UInt64(1) << UInt64(tail)) - 1
            // Most callers pass clean rows: the words are only written (and copied) when one is not.
            let clean = words.withUnsafeBufferPointer { w in
                (0..<height).allSatisfy { w[$0 &* wordsPerRow &+ wordsPerRow &- 1] & ~keep == 0 }
            }
            if !clean {
                self.words.withUnsafeMutableBufferPointer { w in
                    for y in 0..<height { w[y &* wordsPerRow &+ wordsPerRow &- 1] &= keep }
                }
            }
        }
    }

    /// A mask from a predicate on pixel coordinates.
    public init(width: Int, height: Int, where isSet: (Int, Int) -> Bool) {
        self.init(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where isSet(x, y) { self[x, y] = true }
        }
    }

    /// One pixel.
    public subscript(x: Int, y: Int) -> Bool {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return false }
            return words[y * wordsPerRow + x >> 6] >> UInt64(x & 63) & 1 == 1
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = y * wordsPerRow + x >> 6
            let bit = UInt64(1) << UInt64(x & 63)
            if newValue { words[i] |= bit } else { words[i] &= ~bit }
        }
    }

    /// Sets pixels `x0..<x1` of row `y` (clipped to the mask).
    public mutating func setRun(y: Int, from x0: Int, to x1: Int) {
        guard y >= 0, y < height else { return }
        var x = max(0, x0)
        let end = min(width, x1)
        while x < end {
            let k = x >> 6, b = x & 63
            let n = min(64 - b, end - x)
            let run: UInt64 = n == 64 ? ~0 : ((UInt64(1) << UInt64(n)) - 1) << UInt64(b)
            words[y * wordsPerRow + k] |= run
            x += n
        }
    }

    /// Number of set pixels.
    public var popCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The width and height of the smallest box holding every set pixel (0×0 when none is set).
    var setExtent: (width: Int, height: Int) {
        let b = setBounds
        return (b.width, b.height)
    }

    /// The smallest rectangle holding every set bit (empty, at 0, when none is set).
    var setBounds: (x: Int, y: Int, width: Int, height: Int) {
        var x0 = width, x1 = -1, y0 = height, y1 = -1
        for y in 0..<height {
            for k in 0..<wordsPerRow where words[y * wordsPerRow + k] != 0 {
                let word = words[y * wordsPerRow + k]
                x0 = min(x0, k * 64 + word.trailingZeroBitCount)
                x1 = max(x1, k * 64 + 63 - word.leadingZeroBitCount)
                y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? (0, 0, 0, 0) : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// Whether `other`, moved by some whole offset, lies inside this mask: every bit of it at a set
    /// bit of this one. Masks up to 64 bits wide only (wider ones answer false).
    func covers(_ other: BitMask) -> Bool {
        guard other.width <= width, other.height <= height, wordsPerRow == 1, other.wordsPerRow == 1 else { return false }
        // For each vertical offset, the horizontal offsets that work, all at once: bit `dx` survives
        // when, for every set bit `b` of `other`, bit `b + dx` of the row below it is set.
        let offsets = width - other.width + 1
        let all: UInt64 = offsets == 64 ? ~0 : (UInt64(1) << UInt64(offsets)) - 1
        return words.withUnsafeBufferPointer { big in
            other.words.withUnsafeBufferPointer { small in
                for dy in 0...(height - other.height) {
                    var fits = all
                    for y in 0..<other.height {
                        var row = small[y]
                        let under = big[y + dy]
                        while row != 0 && fits != 0 {
                            fits &= under >> UInt64(row.trailingZeroBitCount)
                            row &= row - 1
                        }
                        if fits == 0 { break }
                    }
                    if fits != 0 { return true }
                }
                return false
            }
        }
    }

    /// Whether no pixel is set.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The mask with every pixel inverted (bits past the width stay clear).
    public func inverted() -> BitMask {
        var m = self
        let tail = width & 63
        let last: UInt64 = tail == 0 ? ~0 : (UInt64(1) << UInt64(tail)) - 1
        for y in 0..<height {
            for k in 0..<wordsPerRow {
                let i = y * wordsPerRow + k
                m.words[i] = ~words[i] & (k == wordsPerRow - 1 ? last : ~0)
            }
        }
        return m
    }

    /// The mask at 1/`factor` resolution: a cell is set when any of its pixels is, with the mask first
    /// shifted right and down by `offsetX`, `offsetY` pixels (its position within a cell).
    public func downsampled(by factor: Int, offsetX: Int = 0, offsetY: Int = 0) -> BitMask {
        var out = BitMask(width: (width + offsetX + factor - 1) / factor, height: (height + offsetY + factor - 1) / factor)
        if (factor == 2 || factor == 4) && offsetX >= 0 && offsetX < factor {
            // Word at a time: OR each group of `factor` bits, then gather every `factor`-th bit into
            // 64 / `factor` bits.
            let sw = (width + offsetX + 63) >> 6, ow = out.wordsPerRow
            let cellsPerWord = 64 / factor
            words.withUnsafeBufferPointer { src in
                out.words.withUnsafeMutableBufferPointer { dst in
                    // The `factor` rows of one output row are ORed first (shifting commutes with OR),
                    // so the bits are gathered once per output row.
                    for cy in 0..<out.height {
                        let y0 = max(0, cy * factor - offsetY), y1 = min(height, cy * factor - offsetY + factor)
                        if y0 >= y1 { continue }
                        var carry: UInt64 = 0
                        for k in 0..<sw {
                            var w: UInt64 = 0
                            if k < wordsPerRow {
                                for y in y0..<y1 { w |= src[y &* wordsPerRow &+ k] }
                            }
                            let shifted = offsetX == 0 ? w : (w << UInt64(offsetX)) | carry
                            carry = offsetX == 0 ? 0 : w >> UInt64(64 - offsetX)
                            if shifted == 0 { continue }
                            var m: UInt64
                            if factor == 4 {
                                m = (shifted | shifted >> 1 | shifted >> 2 | shifted >> 3) & 0x1111_1111_1111_1111
                                m = (m | m >> 3) & 0x0303_0303_0303_0303
                                m = (m | m >> 6) & 0x000F_000F_000F_000F
                                m = (m | m >> 12) & 0x0000_00FF_0000_00FF
                                m = (m | m >> 24) & 0xFFFF
                            } else {
                                m = (shifted | shifted >> 1) & 0x5555_5555_5555_5555
                                m = (m | m >> 1) & 0x3333_3333_3333_3333
                                m = (m | m >> 2) & 0x0F0F_0F0F_0F0F_0F0F
                                m = (m | m >> 4) & 0x00FF_00FF_00FF_00FF
                                m = (m | m >> 8) & 0x0000_FFFF_0000_FFFF
                                m = (m | m >> 16) & 0xFFFF_FFFF
                            }
                            let bit = k * cellsPerWord
                            dst[cy * ow + bit >> 6] |= m << UInt64(bit & 63)
                        }
                    }
                }
            }
            return out
        }
        for y in 0..<height {
            let cy = (y + offsetY) / factor
            for k in 0..<wordsPerRow {
                var w = words[y * wordsPerRow + k]
                while w != 0 {
                    let b = w.trailingZeroBitCount
                    let cx = (k * 64 + b + offsetX) / factor
                    out.words[cy * out.wordsPerRow + cx >> 6] |= UInt64(1) << UInt64(cx & 63)
                    // Skip the rest of this cell's pixels in the word.
                    let next = (cx + 1) * factor - offsetX - k * 64
                    w = next >= 64 ? 0 : w & (~UInt64(0) << UInt64(max(b + 1, next)))
                }
            }
        }
        return out
    }

    /// The mask grown by `radius` pixels in every direction (a square structuring element), with
    /// `radius` extra pixels on each side so nothing is clipped.
    public func dilated(by radius: Int) -> BitMask {
        guard radius > 0 else { return self }
        let span = 2 * radius
        let ow = (width + span + 63) >> 6, iw = wordsPerRow, outHeight = height + span
        var outWords = [UInt64](specializedRepeating: 0, count: ow * outHeight)
        if ow == 1 {
            // The grown mask fits one word per row, as most words' masks do: each row is spread
            // once in a register and OR-ed into the 2r + 1 output rows it reaches.
            outWords.withUnsafeMutableBufferPointer { out in
                words.withUnsafeBufferPointer { src in
                    for y in 0..<height {
                        let w = src[y]
                        if w == 0 { continue }
                        var spread = w
                        for d in 1...span { spread |= w &<< UInt64(d) }
                        for o in y...(y + span) { out[o] |= spread }
                    }
                }
            }
            return BitMask(width: width + span, height: outHeight, words: outWords)
        }
        // Every word mask of a layout is grown here, most of them a few words in all: the row
        // pass works in a scratch block on the stack, and each word is spread in registers.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: ow * height) { scratch in
            guard let wide = scratch.baseAddress else { return }
            wide.initialize(repeating: 0, count: ow * height)
            words.withUnsafeBufferPointer { src in
                // Row pass: each row OR-ed with itself shifted by 1...2r bits, carried across words.
                for y in 0..<height {
                    let row = wide + y * ow
                    for k in 0..<iw {
                        let w = src[y * iw + k]
                        if w == 0 { continue }
                        if span < 64 {
                            var lo = w, hi: UInt64 = 0
                            for d in 1...span {
                                lo |= w << UInt64(d)
                                hi |= w >> UInt64(64 - d)
                            }
                            row[k] |= lo
                            // Past the last word, nothing: the grown row ends before it.
                            if k + 1 < ow { row[k + 1] |= hi }
                        } else {
                            for d in 0...span {
                                let q = d >> 6, b = UInt64(d & 63)
                                if k + q < ow { row[k + q] |= w << b }
                                if b != 0, k + q + 1 < ow { row[k + q + 1] |= w >> (64 - b) }
                            }
                        }
                    }
                }
            }
            // Column pass: each output row is the OR of the 2r + 1 rows ending at it.
            outWords.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for y in 0..<outHeight {
                    let o = base + y * ow
                    for sy in max(0, y - span)...min(height - 1, y) {
                        let source = wide + sy * ow
                        for k in 0..<ow { o[k] |= source[k] }
                    }
                }
            }
        }
        return BitMask(width: width + span, height: outHeight, words: outWords)
    }
}
