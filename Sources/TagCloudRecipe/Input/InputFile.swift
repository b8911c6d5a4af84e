import Foundation
import TagCloudText

/// A file a command reads, checked before the work starts, so that a missing file is reported
/// before minutes of counting, with the same words whichever option named it.
enum InputFile {
    /// The size in bytes of the file at `path` (0 for a device or FIFO); throws the reason when it
    /// is missing, a folder or not readable.
    static func readableSize(_ path: String) throws(WholeFile.Failure) -> Int64 {
        switch PathKind(path) {
        case .missing: throw .missing
        case .folder: throw .folder
        case .file: break
        }
        // The reason the counter would give when opening it fails.
        guard access(path, R_OK) == 0 else { throw .unreadable("permission denied") }
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// `readableSize`, with the failure as the input error `cannot read PATH: reason`.
    static func checkedSize(_ path: String) throws(RecipeError) -> Int64 {
        do { return try readableSize(path) } catch {
            throw RecipeError.input("cannot read \(path): " + error.reason(kind: "an input", fix: ""))
        }
    }
}
