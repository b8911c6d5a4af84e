extension OccupancyMap {
    /// The heights of free room `room` records: 1, 2, 4 and 8 rows (`1 << k`).
    static let roomHeights = 4
    /// The widest run `room` records; wider runs count as this wide.
    static let roomCap = 63

    /// Recomputes the room of `rows` (and of the rows above whose room reaches down into them) in
    /// the given word columns (and the one to their left, whose runs may continue into them).
    mutating func updateRoom(rows: Range<Int>, words: Range<Int>) {
        guard !rows.isEmpty, !words.isEmpty, !room.isEmpty else { return }
        let reach = (1 << (Self.roomHeights - 1)) - 1
        let changed = max(0, rows.lowerBound - reach)..<rows.upperBound
        let columns = max(0, words.lowerBound - 1)..<words.upperBound
        let stride = self.stride, height = self.height, roomRows = self.roomRows
        let pastWidth: UInt64 = width & 63 == 0 ? 0 : ~((UInt64(1) << UInt64(width & 63)) - 1)
        pyramid.withUnsafeBufferPointer { p in
            room.withUnsafeMutableBufferPointer { room in
                // The free pixels of word `w` in row `y`: none past the right or bottom edge.
                @inline(__always) func free(_ y: Int, _ w: Int) -> UInt64 {
                    guard y < height, w < stride else { return 0 }
                    return ~(p[y &* stride &+ w] | (w == stride - 1 ? pastWidth : 0))
                }
                for w in columns {
                    let level0 = w &* roomRows, level = stride &* roomRows
                    for y in changed {
                        // The free pixels of 1, 2, 4 and 8 rows from `y`, AND-ed down; a taller
                        // run is never wider, so the rest is 0 once a height has no room.
                        var widest: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                        var lo = free(y, w), hi = free(y, w + 1)
                        if lo != 0 {
                            widest.0 = Self.widestRun(lo, hi)
                            lo &= free(y + 1, w); hi &= free(y + 1, w + 1)
                        }
                        if lo != 0 {
                            widest.1 = Self.widestRun(lo, hi)
                            for i in 2..<4 { lo &= free(y + i, w); hi &= free(y + i, w + 1) }
                        }
                        if lo != 0 {
                            widest.2 = Self.widestRun(lo, hi)
                            for i in 4..<8 { lo &= free(y + i, w); hi &= free(y + i, w + 1) }
                        }
                        if lo != 0 { widest.3 = Self.widestRun(lo, hi) }
                        let at = level0 &+ y
                        room[at] = widest.0
                        room[at &+ level] = widest.1
                        room[at &+ 2 &* level] = widest.2
                        room[at &+ 3 &* level] = widest.3
                    }
                }
            }
        }
    }

    /// The longest run of set bits that starts in `lo` and may continue into `hi` (bit 0 of `hi`
    /// follows bit 63 of `lo`), up to `roomCap`.
    @inline(__always)
    static func widestRun(_ lo: UInt64, _ hi: UInt64) -> UInt8 {
        if lo == 0 { return 0 }
        if lo == ~0 && hi == ~0 { return UInt8(roomCap) }
        // Starts of runs of at least 2^k, for k = 0...5, as 128-bit pairs.
        var starts: ((UInt64, UInt64), (UInt64, UInt64), (UInt64, UInt64), (UInt64, UInt64), (UInt64, UInt64), (UInt64, UInt64))
        starts.0 = (lo, hi)
        starts.1 = and(starts.0, shifted: 1)
        starts.2 = and(starts.1, shifted: 2)
        starts.3 = and(starts.2, shifted: 4)
        starts.4 = and(starts.3, shifted: 8)
        starts.5 = and(starts.4, shifted: 16)
        // Greedy from the longest step down: a run of `length + step` starts at x when one of
        // `length` does and one of `step` starts at x + length.
        var length = 0
        var current: UInt64 = ~0
        func step(_ s: (UInt64, UInt64), _ size: Int) {
            let candidate = current & low(s, shiftedBy: length)
            if candidate != 0 { current = candidate; length += size }
        }
        step(starts.5, 32); step(starts.4, 16); step(starts.3, 8)
        step(starts.2, 4); step(starts.1, 2); step(starts.0, 1)
        return UInt8(length)
    }

    /// `v AND (v >> s)` for a 128-bit pair (low word first), 0 < s < 64.
    @inline(__always)
    private static func and(_ v: (UInt64, UInt64), shifted s: UInt64) -> (UInt64, UInt64) {
        (v.0 & ((v.0 &>> s) | (v.1 &<< (64 &- s))), v.1 & (v.1 &>> s))
    }

    /// The low word of a 128-bit pair shifted right by `s` (0 ≤ s < 64).
    @inline(__always)
    private static func low(_ v: (UInt64, UInt64), shiftedBy s: Int) -> UInt64 {
        s == 0 ? v.0 : (v.0 &>> UInt64(s)) | (v.1 &<< UInt64(64 &- s))
    }
}
