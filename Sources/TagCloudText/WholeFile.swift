import Foundation

/// Reading a small file (stop words, tag lists, config files) in one piece.
public enum WholeFile {
    /// The bytes of the file at `path` (empty for an empty file), or nil when it cannot be opened
    /// or read (missing, a folder, no permission).
    ///
    /// Not `FileManager.contents(atPath:)`: in this Foundation it leaks a buffer on an empty file
    /// (found by the config fuzzer under LeakSanitizer), and a handle read has no such case.
    public static func read(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.readToEnd() ?? Data()
    }
}
