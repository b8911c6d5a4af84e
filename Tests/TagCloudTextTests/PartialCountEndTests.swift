import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// The end record (`e RECORDS CHECKSUM`): a partial count cut short, added to or listing something
/// twice is refused, never merged as a smaller or larger count.
@Suite("Partial count end records")
struct PartialCountEndTests {
    static let text = "The White Rabbit ran past Alice. Alice followed the White Rabbit; New York, new york! 1999"

    static func options() -> TextOptions {
        var o = TextOptions()
        o.phrases = ["New York"]
        return o
    }

    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func error(_ data: Data) -> String? { PartialCountFileTests.error(reading: data, options()) }

    /// `data`'s header, the records `change` makes of its records, and an end record that matches them.
    static func rewritten(_ data: Data, _ change: ([String]) -> [String]) -> Data {
        var all = lines(data)
        #expect(all.last?.hasPrefix("e\t") == true)
        all.removeLast()
        let records = change(Array(all.dropFirst()))
        var end = PartialCountEnd()
        for record in records { Array(record.utf8).withUnsafeBufferPointer { end.addLine($0) } }
        return Data((([all[0]] + records).map { $0 + "\n" }.joined() + end.line).utf8)
    }

    @Test("A partial count ends in the end record of its records, and merges to the single count's table")
    func roundTrip() throws {
        let data = try PartialCountFileTests.shard(Self.text, Self.options())
        let lines = Self.lines(data)
        let body = Data(lines.dropFirst().dropLast().map { $0 + "\n" }.joined().utf8)
        let checksum = body.withUnsafeBytes { raw in
            var end = PartialCountEnd()
            end.add(raw.bindMemory(to: UInt8.self), records: lines.count - 2)
            return end.checksum
        }
        #expect(lines.last == "e\t\(lines.count - 2)\t\(checksum)")
        // zlib's CRC-32 is Python's zlib.crc32, which scripts/spark-count.py writes: the check value.
        var check = PartialCountEnd()
        Array("123456789".utf8).withUnsafeBufferPointer { check.add($0, records: 1) }
        #expect(check.checksum == 0xCBF4_3926)
        var partial = PartialCount(options: Self.options(), producer: PartialCountFileTests.producer)
        try PartialCountReader.read(data, name: "x.counts", into: &partial)
        let merged = try partial.analyze()
        let single = try TermCounter(Self.options()).analyze(Self.text)
        #expect(PartialCountTests.table(merged.terms) == PartialCountTests.table(single.terms))
        #expect(merged.terms.contains { $0.text == "New York" && $0.weight == 2 })
    }

    @Test("Cut at any line boundary, down to the header alone, it is refused in one line")
    func cutAtLineBoundaries() throws {
        let data = try PartialCountFileTests.shard(Self.text, Self.options())
        let lines = Self.lines(data)
        for keep in 1..<lines.count {
            let cut = Data(lines.prefix(keep).map { $0 + "\n" }.joined().utf8)
            let error = Self.error(cut)
            let records = keep - 1
            #expect(
                error
                    == "x.counts: ends after \(records) record\(records == 1 ? "" : "s") without its end record (e), "
                    + "so it was cut short; write it again with tagcloud count --partial", "keeping \(keep) lines")
        }
        // Without the last line break the file is whole.
        #expect(Self.error(data.dropLast()) == nil)
    }

    @Test("Records lost, added or changed between the header and the end record are refused")
    func changedRecords() throws {
        let data = try PartialCountFileTests.shard(Self.text, Self.options())
        var lines = Self.lines(data)
        let n = lines.count
        var lost = lines
        lost.remove(at: 5)
        #expect(
            Self.error(Data(lost.map { $0 + "\n" }.joined().utf8))
                == "x.counts: holds \(n - 3) records where its end record (line \(n - 1)) says \(n - 2), so it is damaged; "
                + "write it again with tagcloud count --partial")
        let w = try #require(lines.firstIndex { $0.hasPrefix("w\tAlice\t") })
        var fields = lines[w].split(separator: "\t").map(String.init)
        fields[2] = String(Int(fields[2])! + 1)
        lines[w] = fields.joined(separator: "\t")
        #expect(
            Self.error(Data(lines.map { $0 + "\n" }.joined().utf8))?.hasPrefix(
                "x.counts: has records that do not match the checksum of its end record (line \(n))") == true)
        let added = Data((Self.lines(data).map { $0 + "\n" }.joined() + "w\tmore\t1\tl\ta\t99\n").utf8)
        #expect(Self.error(added)?.hasPrefix("x.counts:\(n + 1):1: a record after the end record (e)") == true)
    }

    @Test(
        "A word, pair, phrase or total listed twice in one part is refused, not summed",
        arguments: [
            ("w\tAlice\t", "the word \"Alice\" is listed twice"),
            ("p\tWhite\tRabbit\t", "x.counts: lists the pair \"White Rabbit\" twice in one part"),
            ("f\tNew York\t", "the phrase \"New York\" is listed twice"),
            ("n\tbytes\t", "the total \"bytes\" is listed twice"),
        ])
    func listedTwice(prefix: String, message: String) throws {
        let data = try PartialCountFileTests.shard(Self.text, Self.options())
        let twice = Self.rewritten(data) { records in
            let record = records.first { $0.hasPrefix(prefix) }!
            return records + [record]
        }
        let error = try #require(Self.error(twice))
        #expect(error.contains(message), "\(error)")
        #expect(!error.contains("\n"))
        // The same records once each, rewritten, read.
        #expect(Self.error(Self.rewritten(data) { $0.reversed() }) == nil)
    }

    @Test("Concatenated partial counts are one; the same word in two parts is no duplicate")
    func concatenated() throws {
        let a = try PartialCountFileTests.shard("Alice and the Rabbit. ", key: "a", Self.options())
        let b = try PartialCountFileTests.shard("Alice and the Queen.", key: "b", Self.options())
        var partial = PartialCount(options: Self.options(), producer: PartialCountFileTests.producer)
        try PartialCountReader.read(a + b, name: "ab.counts", into: &partial)
        let table = PartialCountTests.table(try partial.analyze().terms)
        let single = try TermCounter(Self.options()).analyze("Alice and the Rabbit. Alice and the Queen.")
        #expect(table == PartialCountTests.table(single.terms))
        // The first part cut short before the second header.
        let cut = Data(Self.lines(a).dropLast().map { $0 + "\n" }.joined().utf8) + b
        #expect(Self.error(cut)?.contains("without its end record (e), so it was cut short") == true)
    }

    @Test("A partial count of an older format is refused with the fix: count again with this version")
    func olderFormat() throws {
        let data = try PartialCountFileTests.shard(Self.text, Self.options())
        var lines = Self.lines(data)
        lines[0] = lines[0].replacingOccurrences(of: "tagcloud-partial\t3\t", with: "tagcloud-partial\t2\t")
        lines.removeLast()
        #expect(
            Self.error(Data(lines.map { $0 + "\n" }.joined().utf8))
                == "x.counts: a partial count of format 2, and this tagcloud reads format 3; count its shards again with this tagcloud"
        )
    }
}
