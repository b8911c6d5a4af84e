/// The code point starting at `p[i]` of valid UTF-8, and its length in bytes.
@inline(__always)
func decodeScalar(_ p: UnsafePointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F), 2) }
    if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F), 3) }
    return ((b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F), 4)
}
