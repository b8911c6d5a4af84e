import Foundation

/// Reads partial counts (the lines `PartialCountWriter` describes) and adds them to a
/// `PartialCount`: reading several files into one merges them. Records may come in any order
/// between the header and the end record (as a Spark job writes them); a header may come again
/// after an end record, as when partial counts are concatenated. Every input is hostile: a damaged
/// line is an error naming the file, the line and the field; another format, version or option set
/// is an error saying which and the fix; a part without its end record, or with one its records do
/// not match, or listing a word, pair, phrase or total twice, is refused as damaged (a merge must
/// never take part of a count for the whole).
public enum PartialCountReader {
    /// Adds the partial count in the file at `path` (`-`: standard input), named `name` in errors.
    public static func read(path: String, name: String, into partial: inout PartialCount) throws {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw TextError.unreadable(name: name, reason: "it cannot be opened")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var parser = PartialCountParser(name: name)
        while true {
            let data: Data
            do { data = try handle.read(upToCount: 1 << 22) ?? Data() } catch {
                throw TextError.unreadable(name: name, reason: "read failed (\(error.localizedDescription))")
            }
            if data.isEmpty { break }
            try data.withUnsafeBytes { try parser.feed($0.bindMemory(to: UInt8.self), into: &partial) }
        }
        try parser.finish(into: &partial)
    }

    /// Adds the partial count `bytes` (a whole file), named `name` in errors, to `partial`.
    public static func read(_ bytes: Data, name: String, into partial: inout PartialCount) throws {
        var parser = PartialCountParser(name: name)
        try bytes.withUnsafeBytes { try parser.feed($0.bindMemory(to: UInt8.self), into: &partial) }
        try parser.finish(into: &partial)
    }
}

/// The state of reading one file: the line being read, what the file named and defined.
struct PartialCountParser {
    let name: String
    private var repair = UTF8Repair()
    /// Repaired bytes not yet parsed: the start of a line whose end has not arrived.
    private var pending: [UInt8] = []
    private(set) var line = 0
    private var headerRead = false
    /// Within a part: after its header, before its end record.
    private var partOpen = false
    /// The records of the open part and their checksum.
    private var end = PartialCountEnd()
    /// The open part's words (by index in the merge) and totals and phrases, each listed once.
    private var wordsListed: [UInt64] = []
    private var totalsListed: Set<String> = []
    private var phrasesListed: Set<String> = []
    /// The open part's pairs, to find one listed twice: sorted at the end record, on disk past the
    /// pair limit as the counts' own pairs are.
    private var pairsListed: PairSorter?
    /// Words named by a pair or a boundary and not yet given by a word record of this file.
    private var unpositioned = 0
    private var shardsNamed: Set<Int32> = []
    private var shardsGiven: Set<Int32> = []
    private var lastKey: [UInt8] = []
    private var lastShard: Int32 = -1
    /// The fields of the line being parsed.
    private(set) var fields: [Range<Int>] = []

    init(name: String) { self.name = name }

    /// Parses the complete lines of `chunk` (the file's next bytes).
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into partial: inout PartialCount) throws {
        try repair.append(chunk, of: name, to: &pending)
        if let bad = repair.report {
            throw TextError.partialCount(
                name: name,
                reason:
                    "not valid UTF-8 at byte offset \(bad.firstOffset), so damaged; write it again with tagcloud count --partial")
        }
        var lines: [UInt8] = []
        swap(&lines, &pending)
        defer { swap(&lines, &pending) }
        var start = 0
        try lines.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            while start < all.count, let found = memchr(base + start, 10, all.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                try parseLine(UnsafeBufferPointer(rebasing: all[start..<end]), into: &partial)
                start = end + 1
            }
        }
        lines.removeSubrange(0..<start)
    }

    /// Ends the file: its last line (when it lacks a line break), then the checks of the whole file.
    mutating func finish(into partial: inout PartialCount) throws {
        repair.endInput(name, text: &pending)
        if !pending.isEmpty {
            let last = pending
            try last.withUnsafeBufferPointer { try parseLine($0, into: &partial) }
        }
        guard headerRead else {
            throw TextError.partialCount(
                name: name, reason: "empty, not a partial count; give files written by tagcloud count --partial")
        }
        if partOpen { throw cutShort() }
        if unpositioned > 0 {
            throw damaged(
                "names \(unpositioned) word\(unpositioned == 1 ? "" : "s") in pairs or shard boundaries without a w record")
        }
        if let s = shardsNamed.subtracting(shardsGiven).first {
            throw damaged("has words of shard \"\(partial.shardKeys[Int(s)])\" but not its s record")
        }
    }

    /// The error of a part that ends (at the end of the file, or where another header starts)
    /// without its end record.
    private func cutShort() -> TextError {
        .partialCount(
            name: name,
            reason: "ends after \(end.records) record\(end.records == 1 ? "" : "s") without its end record (e), "
                + "so it was cut short; write it again with tagcloud count --partial")
    }

    private func damaged(_ what: String) -> TextError {
        .partialCount(name: name, reason: "\(what), so it is damaged; write it again with tagcloud count --partial")
    }

    private mutating func parseLine(_ text: UnsafeBufferPointer<UInt8>, into partial: inout PartialCount) throws {
        line += 1
        fields.removeAll(keepingCapacity: true)
        var s = 0
        for (k, b) in text.enumerated() where b == 9 {
            fields.append(s..<k)
            s = k + 1
        }
        fields.append(s..<text.count)
        let type = field(text, 0)
        if !headerRead || type.elementsEqual(PartialCountWriter.magic.utf8) {
            if partOpen { throw cutShort() }
            try header(text, into: partial)
            partOpen = true
            return
        }
        guard partOpen else { throw bad(1, "a record after the end record (e)") }
        guard type.count == 1 else { throw bad(1, "unknown record type \"\(String(decoding: type, as: UTF8.self))\"") }
        if type[0] == UInt8(ascii: "e") {
            try endRecord(text, partial)
            return
        }
        try record(text, type[0], into: &partial)
        end.addLine(text)
    }

    /// A record other than the header and the end record.
    private mutating func record(
        _ text: UnsafeBufferPointer<UInt8>, _ type: UInt8, into partial: inout PartialCount
    ) throws {
        switch type {
        case UInt8(ascii: "w"): try wordRecord(text, into: &partial)
        case UInt8(ascii: "p"): try pairRecord(text, into: &partial)
        case UInt8(ascii: "s"): try shardRecord(text, into: &partial)
        case UInt8(ascii: "f"):
            try expectFields(3)
            let phrase = String(decoding: try unescaped(text, 1), as: UTF8.self)
            guard phrasesListed.insert(phrase).inserted else { throw listedTwice(2, "the phrase", phrase) }
            partial.phraseCounts[phrase] = PartialCount.sum(partial.phraseCounts[phrase] ?? 0, try number(text, 2))
        case UInt8(ascii: "n"):
            try expectFields(3)
            let value = try number(text, 2)
            let total = String(decoding: field(text, 1), as: UTF8.self)
            guard totalsListed.insert(total).inserted else { throw listedTwice(2, "the total", total) }
            switch total {
            case "bytes": partial.bytes = Int64(PartialCount.sum(Int(partial.bytes), value))
            case "too-long": partial.tooLong = PartialCount.sum(partial.tooLong, value)
            case "invalid-utf8": partial.invalidUTF8 = PartialCount.sum(partial.invalidUTF8, value)
            default: throw bad(2, "unknown total")
            }
        default:
            throw bad(1, "unknown record type \"\(String(UnicodeScalar(type)))\"")
        }
    }

    /// The end record: the open part's records, as many as it says, with its checksum, and no pair
    /// among them listed twice.
    private mutating func endRecord(_ text: UnsafeBufferPointer<UInt8>, _ partial: PartialCount) throws {
        try expectFields(3)
        let records = try number(text, 1)
        let checksum = try number(text, 2)
        if records != end.records {
            throw damaged(
                "holds \(end.records) record\(end.records == 1 ? "" : "s") where its end record (line \(line)) says \(records)")
        }
        if checksum != Int(end.checksum) {
            throw damaged("has records that do not match the checksum of its end record (line \(line))")
        }
        var twice: UInt64?
        pairsListed?.forEachInKeyOrder { key, n in if n > 1 && twice == nil { twice = key } }
        if let reason = pairsListed?.readFailure { throw TextError.temporaryFile(reason: reason) }
        if let key = twice {
            let words = [key >> 32, key & 0xFFFF_FFFF].map { String(decoding: partial.words.bytes(Int($0)), as: UTF8.self) }
            throw damaged("lists the pair \"\(words[0]) \(words[1])\" twice in one part")
        }
        partOpen = false
        end = PartialCountEnd()
        wordsListed.removeAll(keepingCapacity: true)
        totalsListed = []
        phrasesListed = []
        pairsListed = nil
    }

    /// The error of a word, phrase or total listed twice in one part (summing them would count its
    /// text twice).
    private func listedTwice(_ column: Int, _ what: String, _ value: String) -> TextError {
        .badRow(
            name: name, line: line, column: column,
            reason: "\(what) \"\(value)\" is listed twice, so the file is damaged; write it again with tagcloud count --partial")
    }

    /// The header: this format, this version, the same options.
    private mutating func header(_ text: UnsafeBufferPointer<UInt8>, into partial: PartialCount) throws {
        guard fields.count == 3, field(text, 0).elementsEqual(PartialCountWriter.magic.utf8) else {
            throw TextError.partialCount(
                name: name,
                reason:
                    "not a partial count (line \(line) is no tagcloud-partial header); give files written by tagcloud count --partial"
            )
        }
        let version = String(decoding: field(text, 1), as: UTF8.self)
        guard version == String(PartialCountSettings.formatVersion) else {
            throw TextError.partialCount(
                name: name,
                reason:
                    "a partial count of format \(version), and this tagcloud reads format \(PartialCountSettings.formatVersion); count its shards again with this tagcloud"
            )
        }
        guard let settings = PartialCountSettings(json: Array(field(text, 2))) else {
            throw damaged("its header's settings do not read")
        }
        if settings.producer != partial.settings.producer {
            throw TextError.partialCount(
                name: name,
                reason:
                    "made by \(settings.producer), and this is \(partial.settings.producer); count its shards again with this one"
            )
        }
        if let d = partial.settings.firstDifference(from: settings) {
            throw TextError.partialCount(
                name: name,
                reason:
                    "counted with \(d.name) \(d.theirs), and this merge has \(d.name) \(d.mine); give the merge and every partial count the same count options"
            )
        }
        headerRead = true
    }

    private mutating func wordRecord(_ text: UnsafeBufferPointer<UInt8>, into partial: inout PartialCount) throws {
        try expectFields(6)
        let word = try nonEmpty(text, 1)
        let count = try number(text, 2)
        let kind = try kindOf(field(text, 3))
        let key = try unescaped(text, 4)
        if !key.elementsEqual(lastKey) {
            lastKey = Array(key)
            lastShard = partial.shard(String(decoding: key, as: UTF8.self))
            shardsNamed.insert(lastShard)
        }
        let rank = try number(text, 5)
        guard rank <= Int(Int32.max) else { throw bad(6, "the rank is too large") }
        let (index, isNew) = word.withUnsafeBufferPointer { partial.word($0) }
        let slot = Int(index) >> 6, bit = UInt64(1) << UInt64(Int(index) & 63)
        if slot >= wordsListed.count {
            wordsListed += repeatElement(0, count: max(slot + 1, 2 * wordsListed.count) - wordsListed.count)
        }
        if wordsListed[slot] & bit != 0 { throw listedTwice(2, "the word", String(decoding: word, as: UTF8.self)) }
        wordsListed[slot] |= bit
        // Without a first read and not new: named earlier in this file (every earlier file's
        // words got their record), and now given it.
        if !isNew && partial.firstShard[Int(index)] < 0 { unpositioned -= 1 }
        partial.add(word: index, count: count, kind: kind, shard: lastShard, rank: Int32(rank))
    }

    private mutating func pairRecord(_ text: UnsafeBufferPointer<UInt8>, into partial: inout PartialCount) throws {
        try expectFields(4)
        let first = try named(try nonEmpty(text, 1), &partial)
        let second = try named(try nonEmpty(text, 2), &partial)
        let count = try number(text, 3)
        guard count <= Int(UInt32.max) else { throw bad(4, "a pair count above \(UInt32.max)") }
        let key = PairTable.key(first, second)
        if pairsListed == nil { pairsListed = PairSorter(limit: partial.options.bigramLimit) }
        pairsListed?.add(key, 1)
        partial.add(pair: key, count: UInt32(count))
    }

    private mutating func shardRecord(_ text: UnsafeBufferPointer<UInt8>, into partial: inout PartialCount) throws {
        guard fields.count >= 7 else { throw bad(fields.count, "a shard record has at least 7 fields") }
        let key = String(decoding: try unescaped(text, 1), as: UTF8.self)
        var b = ShardBoundary()
        b.sealed = try flag(text, 2)
        b.pendingBreak = try flag(text, 3)
        if !field(text, 4).isEmpty { b.previous = try named(try nonEmpty(text, 4), &partial) }
        let heads = try number(text, 5)
        guard heads <= fields.count - 7 else { throw bad(6, "the shard record has fewer head words than it says") }
        for k in 0..<heads { b.head.append(try named(try nonEmpty(text, 6 + k), &partial)) }
        let flags = field(text, 6 + heads)
        guard fields.count == 7 + heads + flags.count else { throw bad(7 + heads, "the tail flags do not match the tail words") }
        for (k, f) in flags.enumerated() {
            guard f == UInt8(ascii: "0") || f == UInt8(ascii: "1") else { throw bad(7 + heads, "tail flags are 0 or 1") }
            b.tail.append(try named(try nonEmpty(text, 7 + heads + k), &partial))
            b.tailBreaks.append(f == UInt8(ascii: "1"))
        }
        let s = partial.shard(key)
        if partial.boundaries[Int(s)] != nil {
            let other = partial.shardSources[Int(s)]
            throw TextError.partialCount(
                name: name,
                reason:
                    "holds shard \"\(key)\", which \(other == name ? "it" : other) holds too; give each shard its own --shard KEY, and merge each partial count once"
            )
        }
        partial.boundaries[Int(s)] = b
        partial.shardSources[Int(s)] = name
        shardsGiven.insert(s)
    }

    /// The index of a word a pair or boundary names; one new to the merge must get its word record
    /// in this file.
    private mutating func named(_ word: [UInt8], _ partial: inout PartialCount) throws -> Int32 {
        let (index, isNew) = word.withUnsafeBufferPointer { partial.word($0) }
        if isNew { unpositioned += 1 }
        return index
    }
}
