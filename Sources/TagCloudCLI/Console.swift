import Foundation

/// Messages to the user on standard error, prefixed with the program name.
enum Console {
    /// An informational line.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("tagcloud: \(message)\n".utf8))
    }

    /// The one-line error report.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("tagcloud: error: \(message)\n".utf8))
    }
}
