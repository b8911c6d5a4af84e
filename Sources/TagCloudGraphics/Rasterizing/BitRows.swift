/// Bit `i` set for each byte `i` (from the least significant) of `eight` that is not zero.
@inline(__always)
func nonzeroBytes(_ eight: UInt64) -> UInt64 {
    if eight == ~0 { return 0xFF }  // inside a stroke: every byte 255
    // The top bit of each byte set when any of its bits is, then the eight top bits gathered into
    // the top byte by one multiplication (each lands on its own bit: no carries).
    let top = (((eight & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | eight) & 0x8080_8080_8080_8080
    return ((top >> 7) &* 0x0102_0408_1020_4080) >> 56
}

/// Sets bits `from..<to` of a row.
@inline(__always)
func setBits(_ row: UnsafeMutablePointer<UInt64>, from: Int, to: Int) {
    let first = from >> 6, last = (to - 1) >> 6
    let head = ~UInt64(0) << UInt64(from & 63)
    let tail = ~UInt64(0) >> UInt64(63 - ((to - 1) & 63))
    if first == last {
        row[first] |= head & tail
        return
    }
    row[first] |= head
    var k = first + 1
    while k < last { row[k] = ~0; k += 1 }
    row[last] |= tail
}

/// ORs a row of `sourceCount` words into `destination`, moving bit `i` to bit `i + shift`
/// (`shift` may be negative); bits falling outside the destination are dropped.
@inline(__always)
func orRow(
    _ source: UnsafePointer<UInt64>, count sourceCount: Int,
    into destination: UnsafeMutablePointer<UInt64>, count destinationCount: Int, shift: Int
) {
    let wordShift = shift >> 6  // floor division, also for negative shifts
    let bitShift = UInt64(shift & 63)
    for k in 0..<sourceCount {
        let v = source[k]
        if v == 0 { continue }
        let i = k + wordShift
        if bitShift == 0 {
            if i >= 0 && i < destinationCount { destination[i] |= v }
        } else {
            if i >= 0 && i < destinationCount { destination[i] |= v << bitShift }
            let j = i + 1
            if j >= 0 && j < destinationCount { destination[j] |= v >> (64 - bitShift) }
        }
    }
}
