#if !hasFeature(Embedded)
import Foundation
#endif

/// One input of a count.
public enum TextSource: Sendable, Equatable {
    // WebAssembly has no files nor standard input: its host hands over texts.
    #if !hasFeature(Embedded)
    /// A UTF-8 text file.
    case file(URL)
    /// Standard input, read to its end.
    case standardInput
    #endif
    /// A text in memory; `name` appears in messages.
    case text(String, name: String)
    /// The bytes of a text in memory, as a file holds them: invalid UTF-8 is replaced and noted
    /// (`TextAnalysis.invalidUTF8`) as in a file; `name` appears in messages.
    case bytes([UInt8], name: String)

    /// The name used in messages: the path, `standard input`, or the given name.
    public var name: String {
        switch self {
        #if !hasFeature(Embedded)
        case .file(let url): return url.path
        case .standardInput: return "standard input"
        #endif
        case .text(_, let name), .bytes(_, let name): return name
        }
    }
}
