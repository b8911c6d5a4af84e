extension OccupancyMap {
    /// One 64-bit window a probe reads, for positions in row 0 and word column 0: where it starts in
    /// `pyramid`, the word column it reads (to treat words past the right edge as taken) and the
    /// bit shift within the word. Positions in row `y`, word column `t` read `y * stride + t` further.
    struct Window {
        var offset: Int
        var word: Int
        var shift: UInt64
    }

    /// Calls `body` with the windows of `search`'s probes on this map, row probes first (the longest
    /// row run is the probe most often blocked in a crowded region), then the column probes. The
    /// list lives on the stack for the call: a search makes it every time, and a new array each
    /// time would cost a look-up of the array's type in the runtime besides the allocation.
    func withWindows<R>(_ search: SearchMask, _ body: (UnsafeBufferPointer<Window>) -> R) -> R {
        let count = 2 * (search.rowProbes.count + search.probes.count)
        return withUnsafeTemporaryAllocation(of: Window.self, capacity: count) { out in
            var i = 0
            func put(_ w: Window) { out.baseAddress!.advanced(by: i).initialize(to: w); i += 1 }
            for probe in search.rowProbes {
                let base = rowLevelStart(probe.level) + probe.row * stride
                put(Window(offset: base + (probe.columnA >> 6), word: probe.columnA >> 6, shift: UInt64(probe.columnA & 63)))
                put(Window(offset: base + (probe.columnB >> 6), word: probe.columnB >> 6, shift: UInt64(probe.columnB & 63)))
            }
            for probe in search.probes {
                let base = probe.level * levelSize + (probe.column >> 6)
                let word = probe.column >> 6, shift = UInt64(probe.column & 63)
                put(Window(offset: base + probe.rowA * stride, word: word, shift: shift))
                put(Window(offset: base + probe.rowB * stride, word: word, shift: shift))
            }
            return body(UnsafeBufferPointer(rebasing: out[0..<i]))
        }
    }

    /// The positions `64 t ..< 64 t + n` of row `y` (bit i = position 64 t + i) where every window
    /// finds free pixels; `p` is `pyramid`. `inside` says that every window word and the one after
    /// it lie inside the map (`t` plus the farthest window's word plus one is below `stride`), so no
    /// word past the right edge needs standing in for; callers pass it as a literal, so each use
    /// compiles to a loop of its own.
    @inline(__always)
    static func freeBits(
        _ p: UnsafeBufferPointer<UInt64>, _ windows: UnsafeBufferPointer<Window>, stride: Int,
        row y: Int, tile t: Int, count n: Int, inside: Bool = false
    ) -> UInt64 {
        // Wrapping arithmetic and masking shifts: every index and shift here is in range by
        // construction, and the checks would cost as much as the work.
        var blocked: UInt64 = 0
        let rowOffset = y &* stride &+ t
        for w in windows {
            let q = t &+ w.word, i = w.offset &+ rowOffset
            let lo: UInt64 = inside || q < stride ? p[i] : ~0
            if w.shift == 0 {
                blocked |= lo
            } else {
                let hi: UInt64 = inside || q &+ 1 < stride ? p[i &+ 1] : ~0
                blocked |= (lo &>> w.shift) | (hi &<< (64 &- w.shift))
            }
            if blocked == ~0 { return 0 }
        }
        return n < 64 ? ~blocked & ((UInt64(1) &<< UInt64(n)) &- 1) : ~blocked
    }

    /// The pixel test of `mask` (`m`, its words) at (`x`, `y`) over its rows in the order given;
    /// `p` is `pyramid`. Returns where in `rows` the first colliding row is, or -1 when none collides.
    @inline(__always)
    static func collision(
        _ p: UnsafeBufferPointer<UInt64>, stride: Int, mask m: UnsafeBufferPointer<UInt64>,
        wordsPerRow mw: Int, rows: UnsafeMutableBufferPointer<Int32>, x: Int, y: Int
    ) -> Int {
        let q = x >> 6, s = UInt64(x & 63)
        for index in 0..<rows.count {
            let r = Int(rows[index])
            let row = (y &+ r) &* stride &+ q
            let mrow = r &* mw
            for j in 0..<mw {
                let w = m[mrow &+ j]
                if w == 0 { continue }
                if p[row &+ j] & (w &<< s) != 0 { return index }
                if s != 0 {
                    let hi = w &>> (64 &- s)
                    if hi != 0 && p[row &+ j &+ 1] & hi != 0 { return index }
                }
            }
        }
        return -1
    }
}
