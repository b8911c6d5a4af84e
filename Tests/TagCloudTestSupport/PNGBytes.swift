import CZlib

/// PNG files built byte by byte, so a test can declare any size and damage any part.
public enum PNGBytes {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `v` as four bytes, most significant first.
    public static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A chunk with its length and a correct CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    /// An IHDR chunk.
    public static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, color: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, color, 0, 0, 0])
    }

    /// A PNG of `width` × `height` whose scanlines (without their filter bytes) are `rows`, of
    /// colour type `color` at `depth` bits, with a palette and transparency when given.
    public static func image(
        width: UInt32, height: UInt32, depth: UInt8, color: UInt8, rows: [[UInt8]], palette: [UInt8]? = nil,
        transparency: [UInt8]? = nil
    ) -> [UInt8] {
        let raw = Array(rows.map { [0] + $0 }.joined())
        var chunks = header(width: width, height: height, depth: depth, color: color)
        if let palette { chunks += chunk("PLTE", palette) }
        if let transparency { chunks += chunk("tRNS", transparency) }
        return signature + chunks + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
    }

    /// `raw` compressed as a zlib stream.
    public static func zlib(_ raw: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress(&out, &size, raw, uLong(raw.count))
        precondition(status == Z_OK)
        return Array(out.prefix(Int(size)))
    }

    /// A `width` × `height` 8-bit RGBA PNG whose rows all hold `pixel` (RGBA bytes); with `rows`,
    /// only that many rows of data follow the header (a small file declaring a large image).
    public static func image(
        width: UInt32, height: UInt32, depth: UInt8 = 8, pixel: [UInt8] = [255, 0, 0, 255],
        rows: Int? = nil
    ) -> [UInt8] {
        let row = [0] + Array([[UInt8]](repeating: pixel, count: Int(width)).joined())
        let raw = Array([[UInt8]](repeating: row, count: rows ?? Int(height)).joined())
        return signature + header(width: width, height: height, depth: depth) + chunk("IDAT", zlib(raw)) + chunk("IEND", [])
    }
}
