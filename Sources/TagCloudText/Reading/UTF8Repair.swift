import TagCloud

/// The inputs of a count made valid UTF-8 as their chunks arrive: each invalid sequence becomes
/// U+FFFD (one per maximal subpart, as WHATWG and Swift do), a character cut by the end of a chunk
/// waits for the next chunk, and each input's byte-order mark is dropped. Remembers where the first
/// invalid byte was, for `InvalidUTF8Report`.
struct UTF8Repair {
    /// The bytes fed so far, over all inputs.
    private(set) var offset: Int64 = 0
    /// The start of a character cut by the end of the last chunk.
    private var partial: [UInt8] = []
    /// Whether the current input has given bytes yet (its byte-order mark, if any, is gone).
    private var started = false
    /// Where the current input starts, counted as `offset` counts.
    private var inputStart: Int64 = 0
    private var invalidFirst: Int64 = -1
    private var invalidName = ""
    private var invalidCount = 0

    /// Where the first invalid byte was and how many sequences were replaced; nil when none was.
    var report: InvalidUTF8Report? {
        invalidFirst >= 0 ? InvalidUTF8Report(name: invalidName, firstOffset: invalidFirst, count: invalidCount) : nil
    }

    /// Appends `chunk`, the next bytes of the input `name`, to `text`, repaired. Throws
    /// `TextError.binaryInput` for a NUL byte.
    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, of name: String, to text: inout [UInt8]) throws(TextError) {
        if partial.isEmpty {
            try repair(chunk, base: offset, name: name, into: &text)
        } else {
            let joined = partial + Array(chunk)
            let base = offset - Int64(partial.count)
            partial = []
            try joined.withUnsafeBufferPointer { (bytes) throws(TextError) in
                try repair(bytes, base: base, name: name, into: &text)
            }
        }
        offset += Int64(chunk.count)
        dropByteOrderMark(&text)
    }

    /// Ends the input `name`: a character cut short by its end is invalid.
    mutating func endInput(_ name: String, text: inout [UInt8]) {
        if !partial.isEmpty {
            noteInvalid(at: offset - Int64(partial.count), name: name)
            text += [0xEF, 0xBF, 0xBD]
            partial = []
        }
        dropByteOrderMark(&text)
    }

    /// Starts the next input, which may begin with a byte-order mark of its own.
    mutating func beginInput() {
        started = false
        inputStart = offset
    }

    private mutating func dropByteOrderMark(_ text: inout [UInt8]) {
        guard !started, !text.isEmpty else { return }
        started = true
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    }

    private mutating func noteInvalid(at position: Int64, name: String) {
        if invalidFirst < 0 { invalidFirst = position - inputStart; invalidName = name }
        invalidCount += 1
    }

    /// Appends `bytes` (which start at `base` in the stream) to `text`, replacing each invalid
    /// sequence by U+FFFD and keeping a character cut by the end of `bytes` in `partial`.
    private mutating func repair(
        _ bytes: UnsafeBufferPointer<UInt8>, base: Int64, name: String,
        into text: inout [UInt8]
    ) throws(TextError) {
        let n = bytes.count
        guard let p = bytes.baseAddress, n > 0 else { return }
        text.reserveCapacity(text.count + n)
        var runStart = 0, i = 0
        let raw = UnsafeRawPointer(p)
        while i < n {
            // Eight ASCII bytes at a time, none of them NUL: the common case of most text.
            while i + 8 <= n {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let zeroByte = (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
                guard v & 0x8080_8080_8080_8080 == 0 && zeroByte == 0 else { break }
                i += 8
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                if b == 0 { throw TextError.binaryInput(name: name) }
                i += 1
                continue
            }
            // Expected length and the allowed range of the second byte; length 0: not a lead.
            let (length, second) = UTF8Lead.shape(of: b) ?? (0, 0x80...0xBF)
            var valid = 0  // bytes of a valid prefix
            if length > 0 {
                valid = 1
                while valid < length && i + valid < n {
                    let c = p[i + valid]
                    let ok = valid == 1 ? second.contains(c) : (c & 0xC0 == 0x80)
                    if !ok { break }
                    valid += 1
                }
                if valid == length { i += length; continue }
                if i + valid == n {
                    // Cut by the end of the chunk: wait for the rest.
                    text.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
                    partial = Array(UnsafeBufferPointer(start: p + i, count: n - i))
                    return
                }
            }
            text.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
            text += [0xEF, 0xBF, 0xBD]
            noteInvalid(at: base + Int64(i), name: name)
            i += max(valid, 1)
            runStart = i
        }
        text.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart))
    }
}
