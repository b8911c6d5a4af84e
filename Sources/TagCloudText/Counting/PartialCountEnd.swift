import CZlib

/// What a partial count's end record (`e RECORDS CHECKSUM`) checks: how many records came since
/// the header and the CRC-32 of their bytes, each line with its line feed. zlib's CRC-32, the one
/// Python's `zlib.crc32` computes, so a Spark job can write the end record of what it writes.
///
/// A file cut short at a line boundary, one holding only its header, or one with records lost or
/// changed on the way has no end record or one that does not match, and is refused: a merge never
/// takes part of a count for the whole of it.
struct PartialCountEnd: Equatable {
    /// The records counted so far.
    private(set) var records = 0
    /// The CRC-32 of their bytes so far.
    private(set) var checksum: UInt32 = 0

    /// The first field of the end record.
    static let type = "e"

    /// Adds `bytes`: whole lines, each with its line feed, holding `records` records.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, records: Int) {
        if let base = bytes.baseAddress, !bytes.isEmpty { checksum = UInt32(crc32_z(UInt(checksum), base, bytes.count)) }
        self.records += records
    }

    /// Adds one record line, given without its line feed.
    mutating func addLine(_ line: UnsafeBufferPointer<UInt8>) {
        add(line, records: 1)
        var lineFeed: UInt8 = 10
        checksum = UInt32(crc32_z(UInt(checksum), &lineFeed, 1))
    }

    /// The end record's line, line feed included.
    var line: String { "\(Self.type)\t\(records)\t\(checksum)\n" }
}
