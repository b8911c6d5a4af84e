import CZlib

/// Walks the chunks of a PNG file after its header and checks what a decoder finds out only
/// after it has allocated the whole image: that every chunk is complete with a matching CRC, that
/// a palette image has its palette, and that image data comes before the closing IEND chunk.
///
/// Cairo reports every libpng failure as "out of memory"; a damaged file is caught here instead
/// and described. The walk reads in fixed blocks, so its memory does not grow with the file.
enum PNGChunkWalk {
    /// The largest chunk length the PNG format allows (2³¹−1).
    private static let maximumChunkLength = 0x7FFF_FFFF
    private static let blockSize = 1 << 16

    /// Checks the chunks of `source`, read from just after the header (at byte
    /// `PNGHeader.byteCount`), and returns the offset just past IEND: all the bytes a decoder needs.
    static func check(_ source: inout PNGSource, header: PNGHeader) throws(PNGFault) -> Int {
        var offset = PNGHeader.byteCount
        var sawPalette = false, sawData = false
        var block = [UInt8](repeating: 0, count: blockSize)
        while true {
            let start = offset
            let head = try read(&source, 8, else: "truncated (the file ends at byte \(start) without an IEND chunk)")
            let length = Int(PNGHeader.uint32(head, 0))
            let typeBytes = Array(head[4..<8])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .invalid("the chunk at byte \(start) has no valid type (the file is damaged)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let cutShort = "truncated (the file ends inside its \(type) chunk at byte \(start))"
            guard length <= maximumChunkLength else {
                throw .invalid("its \(type) chunk at byte \(start) gives a length of \(length) bytes, over the PNG limit")
            }
            var crc = crc32(0, typeBytes, 4)
            var remaining = length
            while remaining > 0 {
                let n = min(remaining, blockSize)
                guard try source.read(into: &block, count: n) == n else { throw .invalid(cutShort) }
                crc = block.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt(n)) }
                remaining -= n
            }
            let stored = try read(&source, 4, else: cutShort)
            offset += 12 + length
            guard UInt32(crc) == PNGHeader.uint32(stored, 0) else {
                throw .invalid("bad CRC in its \(type) chunk at byte \(start) (the file is damaged)")
            }
            switch type {
            case "IHDR": throw .invalid("a second IHDR header chunk at byte \(start)")
            case "PLTE": sawPalette = true
            case "IDAT":
                if header.colorType == 3 && !sawPalette { throw .invalid("its image data comes before its palette (PLTE chunk)") }
                sawData = true
            case "IEND":
                guard sawData else { throw .invalid("it has no image data (no IDAT chunk)") }
                return offset
            default: break
            }
        }
    }

    /// Exactly `count` bytes from `source`; when it ends first, the problem `truncated`.
    private static func read(_ source: inout PNGSource, _ count: Int, else truncated: String) throws(PNGFault) -> [UInt8] {
        let bytes = try source.read(upTo: count)
        guard bytes.count == count else { throw .invalid(truncated) }
        return bytes
    }
}
