/// How requests and responses cross between the engine and its host: byte frames of
/// little-endian 32-bit lengths, so that files (a PNG some day) pass as they are, without JSON's
/// escaping.
///
/// A request: the number of arguments, each argument (length, UTF-8); the number of files, each
/// file (path length, path, length, bytes); optionally the number of further formats the same
/// layout is also written in, each format's name (length, UTF-8). A response: the total length, the
/// exit status, the messages (length, lines joined by newlines), the output's path (length,
/// UTF-8), the output (length, bytes), and each further format's bytes (length, bytes).
package enum EngineFrames {
    /// A request's command line and files.
    package struct Request {
        /// The command and its arguments.
        package var arguments: [String]
        /// The files the command may read, by path.
        package var files: [String: [UInt8]]
        /// Formats the same layout is also written in (`svg` beside the layout JSON, for a page).
        package var alsoFormats: [String] = []
    }

    /// The request `bytes` hold, nil when they are cut short or claim more than they hold.
    package static func request(_ bytes: UnsafeRawBufferPointer) -> Request? {
        var reader = Reader(bytes: bytes)
        guard let argc = reader.length() else { return nil }
        var arguments: [String] = []
        for _ in 0..<argc {
            guard let argument = reader.chunk() else { return nil }
            arguments.append(String(decoding: argument, as: UTF8.self))
        }
        guard let fileCount = reader.length() else { return nil }
        var files: [String: [UInt8]] = [:]
        for _ in 0..<fileCount {
            guard let path = reader.chunk(), let contents = reader.chunk() else { return nil }
            files[String(decoding: path, as: UTF8.self)] = contents
        }
        var also: [String] = []
        if reader.offset < bytes.count {
            guard let count = reader.length() else { return nil }
            for _ in 0..<count {
                guard let name = reader.chunk() else { return nil }
                also.append(String(decoding: name, as: UTF8.self))
            }
        }
        return reader.offset == bytes.count ? Request(arguments: arguments, files: files, alsoFormats: also) : nil
    }

    /// The frame of `result`, its total length first.
    package static func response(_ result: EngineRun.Result) -> [UInt8] {
        var out: [UInt8] = [0, 0, 0, 0]
        append(UInt32(bitPattern: result.status), to: &out)
        for chunk in [Array(result.messages.joined(separator: "\n").utf8), Array(result.path.utf8), result.output] + result.also {
            append(UInt32(truncatingIfNeeded: chunk.count), to: &out)
            out += chunk
        }
        let total = UInt32(truncatingIfNeeded: out.count)
        for i in 0..<4 { out[i] = UInt8(truncatingIfNeeded: total >> (8 * UInt32(i))) }
        return out
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    /// Reads lengths and chunks, never past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        /// The next 32-bit length, nil past the end.
        mutating func length() -> Int? {
            guard bytes.count - offset >= 4 else { return nil }
            var value = 0
            for i in 0..<4 { value |= Int(bytes[offset + i]) << (8 * i) }
            offset += 4
            return value
        }

        /// The next length-prefixed chunk, nil when it claims more than is left.
        mutating func chunk() -> [UInt8]? {
            guard let count = length(), count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }
    }
}
