import Foundation

/// Reading a small file (stop words, tag lists, config files) in one piece.
public enum WholeFile {
    /// The bytes of the file at `path` (empty for an empty file), or nil when it cannot be opened
    /// or read (missing, a folder, no permission). Reads to the end however large the file is: a
    /// caller reading input it does not control gives a limit (`read(_:limit:)`).
    ///
    /// Not `FileManager.contents(atPath:)`: in this Foundation it leaks a buffer on an empty file
    /// (found by the config fuzzer under LeakSanitizer), and a handle read has no such case.
    public static func read(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.readToEnd() ?? Data()
    }

    /// Why `read(_:limit:)` returned no bytes.
    public enum Failure: Error, Sendable, Equatable {
        /// The file cannot be opened or read (missing, a folder, no permission).
        case unreadable
        /// It holds more than the limit (a device such as /dev/zero never ends: it is stopped here too).
        case tooLarge
    }

    /// The bytes of the file at `path`, reading no more than `limit` bytes and one more to see that
    /// there are more: memory stays bounded whatever the file is.
    public static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        var data = Data()
        while data.count <= limit {
            let piece: Data?
            do { piece = try handle.read(upToCount: min(1 << 16, limit + 1 - data.count)) } catch { return .failure(.unreadable) }
            guard let piece, !piece.isEmpty else { return .success(data) }
            data.append(piece)
        }
        return .failure(.tooLarge)
    }
}
