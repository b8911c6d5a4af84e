/// What a PNG file says about itself in its first 33 bytes (the signature and the IHDR chunk),
/// read and checked before any pixel is decoded: its size decides whether decoding is affordable.
struct PNGHeader: Equatable, Sendable {
    /// Width in pixels, 1 to 2³¹−1.
    var width: Int
    /// Height in pixels, 1 to 2³¹−1.
    var height: Int
    /// Bits per sample (or per palette index): 1, 2, 4, 8 or 16.
    var bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey with alpha, 6 RGB with alpha.
    var colorType: Int
    /// Whether the rows are stored Adam7-interlaced.
    var interlaced: Bool

    /// The signature, the IHDR chunk's length and type, its 13 bytes of data and its CRC.
    static let byteCount = 33
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The bit depths each colour type allows (PNG specification, table 11.1).
    private static let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]

    /// Parses the first `byteCount` bytes of a file (fewer when the file is shorter).
    init(_ bytes: [UInt8]) throws(PNGFault) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else {
            throw .invalid("it does not start with the PNG signature")
        }
        guard bytes.count >= Self.byteCount else {
            throw .invalid("truncated (the file ends at byte \(bytes.count), inside its IHDR header chunk)")
        }
        guard Self.uint32(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .invalid("its first chunk is not a 13-byte IHDR header")
        }
        guard PNGFault.crc(of: bytes[12..<29]) == Self.uint32(bytes, 29) else {
            throw .invalid("bad CRC in its IHDR header chunk")
        }
        let width = Self.uint32(bytes, 16), height = Self.uint32(bytes, 20)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .invalid("its header gives a size of \(width)×\(height) pixels (each side must be 1 to 2147483647)")
        }
        let depth = Int(bytes[24]), color = Int(bytes[25])
        guard let allowed = Self.depths[color] else { throw .invalid("its header gives an unknown colour type \(color)") }
        guard allowed.contains(depth) else {
            throw .invalid("its header gives bit depth \(depth), which colour type \(color) does not allow")
        }
        guard bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else {
            throw .invalid("its header gives an unknown compression, filter or interlace method")
        }
        self.width = Int(width); self.height = Int(height)
        bitDepth = depth; colorType = color; interlaced = bytes[28] == 1
    }

    /// The big-endian 32-bit number at `offset`.
    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
