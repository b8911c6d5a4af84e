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

    /// `text` with C0 controls, DEL and C1 controls spelled out as escapes.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
