import Foundation

/// One input of a count.
public enum TextSource: Sendable, Equatable {
    /// A UTF-8 text file.
    case file(URL)
    /// Standard input, read to its end.
    case standardInput
    /// A text in memory; `name` appears in messages.
    case text(String, name: String)

    /// The name used in messages: the path, `standard input`, or the given name.
    public var name: String {
        switch self {
        case .file(let url): return url.path
        case .standardInput: return "standard input"
        case .text(_, let name): return name
        }
    }
}
