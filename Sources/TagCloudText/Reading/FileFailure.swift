/// Why a file could not be read (`WholeFile.Failure`), in words for a user.
public enum FileFailure: Error, Equatable, Sendable {
    /// Nothing at the path.
    case missing
    /// The path is a folder.
    case folder
    /// It could not be opened or read (permissions, I/O error); the system's reason.
    case unreadable(String)
    /// It holds more than the limit, in bytes.
    case tooLarge(limit: Int)

    /// The reason for a user, to follow `cannot read PATH: `; a file over the limit is named as
    /// `kind` ("a tag list"), with the limit in megabytes and `fix`.
    public func reason(kind: String, fix: String) -> String {
        switch self {
        case .missing: return "no such file"
        case .folder: return "it is a folder, not a file"
        case .unreadable(let reason): return reason
        case .tooLarge(let limit): return "it holds more than \(limit >> 20) MB, the most read for \(kind); \(fix)"
        }
    }
}
