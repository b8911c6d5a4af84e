import Foundation

/// Reads a whole file. `FileManager.contents(atPath:)` leaks a buffer on empty files in this
/// Foundation (found by the config fuzzer under LeakSanitizer), so files are read through a handle.
func readWholeFile(_ path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return try? handle.readToEnd() ?? Data()
}
