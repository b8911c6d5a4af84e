import Foundation

/// Reading a small file (stop words, tag lists, config files) in one piece, never more than a
/// limit: a path may name `/dev/zero`, a FIFO that never ends or a file of gigabytes, and reading
/// it whole would exhaust memory before any check could refuse it.
public enum WholeFile {
    /// Why a file could not be read (`FileFailure`).
    public typealias Failure = FileFailure

    /// The bytes of the file at `path` (empty for an empty file), at most `limit` of them; throws
    /// `Failure` when it is missing, a folder, unreadable or longer.
    ///
    /// Not `FileManager.contents(atPath:)`: in this Foundation it leaks a buffer on an empty file
    /// (found by the config fuzzer under LeakSanitizer), and a handle read has no such case.
    public static func contents(of path: String, limit: Int) throws(Failure) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        if isFolder.boolValue { throw .folder }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(access(path, R_OK) != 0 ? String(cString: strerror(errno)) : "cannot be opened")
        }
        defer { try? handle.close() }
        return try contents(of: handle, limit: limit)
    }

    /// Standard input to its end, at most `limit` bytes; throws `Failure.tooLarge` beyond.
    public static func standardInput(limit: Int) throws(Failure) -> Data {
        try contents(of: FileHandle.standardInput, limit: limit)
    }

    /// Reads `handle` in blocks until its end or one byte past `limit`.
    private static func contents(of handle: FileHandle, limit: Int) throws(Failure) -> Data {
        var data = Data()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - data.count)) } catch {
                throw .unreadable((error as NSError).localizedDescription)
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > limit { throw .tooLarge(limit: limit) }
        }
    }
}
