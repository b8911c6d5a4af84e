import Foundation

/// Reads partial counts (the lines `PartialCountWriter` describes) and adds them to a
/// `PartialCount`: reading several files into one merges them. Records may come in any order
/// after the header (as a Spark job writes them); a header may come again, as when partial counts
/// are concatenated. Every input is hostile: a damaged line is an error naming the file, the line
/// and the field; another format, version or option set is an error saying which and the fix.
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
    private var line = 0
    private var headerRead = false
    /// Words named by a pair or a boundary and not yet given by a word record of this file.
    private var unpositioned = 0
    private var shardsNamed: Set<Int32> = []
    private var shardsGiven: Set<Int32> = []
    private var lastKey: [UInt8] = []
    private var lastShard: Int32 = -1
    private var fields: [Range<Int>] = []

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
        if unpositioned > 0 {
            throw damaged(
                "names \(unpositioned) word\(unpositioned == 1 ? "" : "s") in pairs or shard boundaries without a w record")
        }
        if let s = shardsNamed.subtracting(shardsGiven).first {
            throw damaged("has words of shard \"\(partial.shardKeys[Int(s)])\" but not its s record")
        }
    }

    private func damaged(_ what: String) -> TextError {
        .partialCount(name: name, reason: "\(what), so it is damaged; write it again with tagcloud count --partial")
    }

    private func bad(_ column: Int, _ reason: String) -> TextError {
        .badRow(name: name, line: line, column: column, reason: reason + "; give files written by tagcloud count --partial")
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
            try header(text, into: partial)
            return
        }
        guard type.count == 1 else { throw bad(1, "unknown record type \"\(String(decoding: type, as: UTF8.self))\"") }
        switch type[0] {
        case UInt8(ascii: "w"): try wordRecord(text, into: &partial)
        case UInt8(ascii: "p"): try pairRecord(text, into: &partial)
        case UInt8(ascii: "s"): try shardRecord(text, into: &partial)
        case UInt8(ascii: "f"):
            try expectFields(3)
            let phrase = String(decoding: try unescaped(text, 1), as: UTF8.self)
            partial.phraseCounts[phrase] = PartialCount.sum(partial.phraseCounts[phrase] ?? 0, try number(text, 2))
        case UInt8(ascii: "n"):
            try expectFields(3)
            let value = try number(text, 2)
            switch String(decoding: field(text, 1), as: UTF8.self) {
            case "bytes": partial.bytes = Int64(PartialCount.sum(Int(partial.bytes), value))
            case "too-long": partial.tooLong = PartialCount.sum(partial.tooLong, value)
            case "invalid-utf8": partial.invalidUTF8 = PartialCount.sum(partial.invalidUTF8, value)
            default: throw bad(2, "unknown total")
            }
        default:
            throw bad(1, "unknown record type \"\(String(decoding: type, as: UTF8.self))\"")
        }
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
        partial.add(pair: PairTable.key(first, second), count: UInt32(count))
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

    private func expectFields(_ n: Int) throws {
        guard fields.count == n else { throw bad(min(fields.count, n), "expected \(n) fields, found \(fields.count)") }
    }

    private func field(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[fields[k]])
    }

    private func flag(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> Bool {
        let f = field(text, k)
        guard f.count == 1, f[0] == UInt8(ascii: "0") || f[0] == UInt8(ascii: "1") else { throw bad(k + 1, "expected 0 or 1") }
        return f[0] == UInt8(ascii: "1")
    }

    private func number(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> Int {
        let f = field(text, k)
        guard !f.isEmpty, f.count <= 18, f.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw bad(k + 1, "expected a count (digits only, at most 18)")
        }
        return f.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private func kindOf(_ f: UnsafeBufferPointer<UInt8>) throws -> WordKind {
        guard f.count == 1 else { throw bad(4, "expected a word kind: l, n, k or i") }
        switch f[0] {
        case UInt8(ascii: "l"): return .letter
        case UInt8(ascii: "n"): return .number
        case UInt8(ascii: "k"): return .kana
        case UInt8(ascii: "i"): return .ideograph
        default: throw bad(4, "expected a word kind: l, n, k or i")
        }
    }

    private func nonEmpty(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> [UInt8] {
        let w = try unescaped(text, k)
        guard !w.isEmpty else { throw bad(k + 1, "a word is never empty") }
        return w
    }

    /// Field `k` with its escapes undone.
    private func unescaped(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> [UInt8] {
        let f = field(text, k)
        if !f.contains(0x5C) && !f.contains(0) { return Array(f) }
        var out: [UInt8] = []
        out.reserveCapacity(f.count)
        var escape = false
        for b in f {
            if b == 0 { throw bad(k + 1, "a NUL character") }
            if escape {
                switch b {
                case 0x5C: out.append(0x5C)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                default: throw bad(k + 1, "an unknown escape \\\(Character(Unicode.Scalar(b)))")
                }
                escape = false
            } else if b == 0x5C {
                escape = true
            } else {
                out.append(b)
            }
        }
        if escape { throw bad(k + 1, "a field ends in a lone backslash") }
        return out
    }
}
