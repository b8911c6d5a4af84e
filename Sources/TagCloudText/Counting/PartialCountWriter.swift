import Foundation

/// Writes a `PartialCount` as lines (format 3 of docs/counting-at-scale.md): a header, then one
/// record per line, its fields separated by tabs, the first field saying what it is and the fields
/// before the counts being its key, so that Spark and friends can add records up by key, and last
/// the end record, without which a reader takes the file for one cut short.
///
///     tagcloud-partial  3  {settings as JSON}
///     n  NAME  VALUE                                      a total: bytes, too-long, invalid-utf8
///     s  KEY  SEALED  BREAK  PREVIOUS  N  HEAD×N  FLAGS  TAIL×len(FLAGS)   a shard's boundary
///     w  WORD  COUNT  KIND  SHARD  RANK                  a word as written, where first read
///     f  PHRASE  COUNT                                   a protected phrase's finds
///     p  FIRST  SECOND  COUNT                            a pair of adjacent kept words
///     e  RECORDS  CHECKSUM                               the records above and their CRC-32
///
/// Texts escape `\` as `\\`, a tab as `\t`, a line feed as `\n` and a carriage return as `\r`.
/// The records come in that order, shards by key, words in first-read order, pairs by their words'
/// order: the same counts give the same bytes, whatever order they were merged in.
public enum PartialCountWriter {
    /// The first field of the header line.
    public static let magic = "tagcloud-partial"

    /// The partial count as the bytes of a file.
    public static func data(_ partial: PartialCount) throws -> Data {
        var data = Data()
        try write(partial) { data.append(contentsOf: $0) }
        return data
    }

    /// Writes the partial count to `sink` in pieces of about 1 MB, so a large one is never held
    /// whole in memory. Throws what `sink` throws, or `TextError.temporaryFile` when spilled pairs
    /// could not be read back.
    public static func write(_ partial: PartialCount, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { try write(partial, Output(sink: $0)) }
    }

    private static func write(_ partial: PartialCount, _ output: Output) throws {
        var out = output
        out.text(magic); out.tab(); out.number(PartialCountSettings.formatVersion); out.tab()
        // JSON holds no raw tab or line break, and its own escapes must stay as they are.
        out.bytes.append(contentsOf: partial.settings.json().utf8); out.newline()
        out.checksummedFrom = out.bytes.count
        for (name, value) in [
            ("bytes", Int(partial.bytes)), ("too-long", partial.tooLong), ("invalid-utf8", partial.invalidUTF8),
        ] {
            out.record("n"); out.text(name); out.tab(); out.number(value); out.newline()
        }
        for s in partial.shardOrder() {
            guard let boundary = partial.boundaries[s] else { continue }
            shard(partial.shardKeys[s], boundary, partial, &out)
        }
        let order = partial.readingOrder()
        for i in order {
            let index = Int(i)
            out.record("w"); out.word(partial, i); out.tab()
            out.number(partial.counts[index]); out.tab()
            out.bytes.append(kindLetter(partial.kinds[index])); out.tab()
            out.text(partial.shardKeys[Int(partial.firstShard[index])]); out.tab()
            out.number(Int(partial.firstRank[index])); out.newline()
            try out.flushIfFull()
        }
        for (text, n) in partial.phraseCounts.sorted(by: { TermOrder.utf8Precedes($0.key, $1.key) }) {
            out.record("f"); out.text(text); out.tab(); out.number(n); out.newline()
        }
        try pairs(partial, order, &out)
        try out.flush()
        out.bytes.append(contentsOf: out.end.line.utf8)
        out.checksummedFrom = out.bytes.count
        try out.flush()
    }

    /// The pair records, by their words' places in `order`: the pairs are re-keyed by place and
    /// sorted (`PairSorter`, on disk past the pair limit).
    private static func pairs(_ partial: PartialCount, _ order: [Int32], _ out: inout Output) throws {
        var place = [UInt32](repeating: 0, count: partial.wordCount)
        for (k, i) in order.enumerated() { place[Int(i)] = UInt32(k) }
        let limit = partial.options.bigramLimit
        let byPlace = PairSorter(limit: partial.pairs.hasSpilled ? limit : min(partial.pairCount, limit))
        partial.pairs.forEach { key, n in
            byPlace.add(UInt64(place[Int(key >> 32)]) << 32 | UInt64(place[Int(key & 0xFFFF_FFFF)]), n)
        }
        try partial.pairs.checkSpills()
        var failure: Error?
        byPlace.forEachInKeyOrder { key, n in
            guard failure == nil else { return }
            out.record("p"); out.word(partial, order[Int(key >> 32)]); out.tab()
            out.word(partial, order[Int(key & 0xFFFF_FFFF)]); out.tab(); out.number(Int(n)); out.newline()
            do { try out.flushIfFull() } catch { failure = error }
        }
        if let failure { throw failure }
        if let reason = byPlace.readFailure { throw TextError.temporaryFile(reason: reason) }
    }

    private static func shard(_ key: String, _ b: ShardBoundary, _ partial: PartialCount, _ out: inout Output) {
        out.record("s"); out.text(key); out.tab()
        out.text(b.sealed ? "1" : "0"); out.tab(); out.text(b.pendingBreak ? "1" : "0"); out.tab()
        if b.previous >= 0 { out.word(partial, b.previous) }
        out.tab(); out.number(b.head.count)
        for w in b.head { out.tab(); out.word(partial, w) }
        out.tab(); out.text(String(b.tailBreaks.map { $0 ? "1" : "0" }))
        for w in b.tail { out.tab(); out.word(partial, w) }
        out.newline()
    }

    /// The letter a word record gives its kind.
    static func kindLetter(_ kind: WordKind) -> UInt8 {
        switch kind {
        case .number: return UInt8(ascii: "n")
        case .letter: return UInt8(ascii: "l")
        case .kana: return UInt8(ascii: "k")
        case .ideograph: return UInt8(ascii: "i")
        }
    }

    /// The bytes being written, handed to `sink` a piece at a time.
    private struct Output {
        var bytes: [UInt8] = []
        let sink: (UnsafeRawBufferPointer) throws -> Void
        /// The records written and their checksum, for the end record.
        var end = PartialCountEnd()
        /// Where in `bytes` the records start (after the header, before the end record).
        var checksummedFrom = 0
        /// Records in `bytes`, not yet in `end`.
        var records = 0

        init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
            self.sink = sink
            bytes.reserveCapacity(Self.piece + 4096)
        }

        /// The bytes gathered before they go to the sink.
        static let piece = 1 << 20

        mutating func flushIfFull() throws { if bytes.count >= Self.piece { try flush() } }

        mutating func flush() throws {
            bytes.withUnsafeBufferPointer { end.add(UnsafeBufferPointer(rebasing: $0[checksummedFrom...]), records: records) }
            try bytes.withUnsafeBytes { try sink($0) }
            bytes.removeAll(keepingCapacity: true)
            checksummedFrom = 0
            records = 0
        }

        mutating func tab() { bytes.append(9) }
        mutating func newline() { bytes.append(10) }
        mutating func record(_ type: String) {
            records += 1
            text(type); tab()
        }
        mutating func word(_ partial: PartialCount, _ index: Int32) { escaped(partial.words.bytes(Int(index))) }

        mutating func text(_ s: String) {
            var s = s
            s.withUTF8 { escaped($0) }
        }

        mutating func escaped(_ field: UnsafeBufferPointer<UInt8>) {
            for b in field {
                switch b {
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 9: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
                case 10: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
                case 13: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
                default: bytes.append(b)
                }
            }
        }

        mutating func number(_ n: Int) {
            var v = max(n, 0)
            let start = bytes.count
            repeat {
                bytes.append(UInt8(48 + v % 10))
                v /= 10
            } while v > 0
            bytes[start...].reverse()
        }
    }
}
