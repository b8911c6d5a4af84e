import Foundation

/// Messages to the user on standard error, prefixed with the program name.
///
/// A message quotes input (tags, file names, lines of a file), and input is hostile: an escape or
/// bell byte from a file could retitle or clear the user's terminal, and a newline would break the
/// one-line message apart. Every message is therefore written with its control characters spelled
/// out (`\n`, `\t`, `\x1B`, `\u{85}`). Standard error that is closed or full is ignored: there is
/// nowhere left to report it.
package enum Console {
    /// An informational line.
    static func note(_ message: String) {
        writeError("tagcloud: \(escapingControls(message))\n")
    }

    /// The one-line error report.
    package static func error(_ message: String) {
        writeError("tagcloud: error: \(escapingControls(message))\n")
    }

    /// Writes `text` to standard error as it is (the progress bar's own control sequences).
    package static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// `text` with control characters escaped (`MessageText.escapingControls`).
    static func escapingControls(_ text: String) -> String { MessageText.escapingControls(text) }
}
