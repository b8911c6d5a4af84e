/// Least-significant-digit radix sort of plain records by an integer key: the counter sorts
/// hundreds of thousands of word pairs at a time, where a comparison sort costs several times more.
enum RadixSort {
    /// Sorts the `n` records at `a` by `key` (of which only the low `keyBits` bits may be set),
    /// stably, using `b` (room for `n`) as scratch; returns whichever of the two holds the result.
    @inline(__always)
    static func sort<T>(
        _ a: UnsafeMutablePointer<T>, _ b: UnsafeMutablePointer<T>, _ n: Int, keyBits: Int, key: (T) -> UInt64
    ) -> UnsafeMutablePointer<T> {
        var source = a, target = b
        // Few passes: two of up to 16 bits when the keys need at most 32 (a vocabulary under
        // 65,536), faster than three of 11 despite the wider scatter; three of up to 13 bits to 39.
        let passes = keyBits <= 32 ? 2 : keyBits <= 39 ? 3 : (keyBits + 10) / 11
        let digit = max(1, (keyBits + passes - 1) / passes), buckets = 1 << digit
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: buckets)
        defer { counts.deallocate() }
        var shift = 0
        while shift < keyBits {
            counts.initialize(repeating: 0, count: buckets)
            for k in 0..<n { counts[Int(truncatingIfNeeded: key(source[k]) >> UInt64(shift)) & (buckets - 1)] += 1 }
            var sum = 0
            for d in 0..<buckets {
                let c = counts[d]
                counts[d] = sum
                sum += c
            }
            for k in 0..<n {
                let d = Int(truncatingIfNeeded: key(source[k]) >> UInt64(shift)) & (buckets - 1)
                (target + counts[d]).initialize(to: source[k])
                counts[d] += 1
            }
            swap(&source, &target)
            shift += digit
        }
        return source
    }

    /// The bits needed to write `n` (at least 1).
    static func bits(_ n: UInt64) -> Int { max(1, UInt64.bitWidth - n.leadingZeroBitCount) }
}
