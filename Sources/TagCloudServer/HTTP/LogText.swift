/// Text from a request made safe for a log line on a terminal: anyone who can make a browser send
/// a request (any web page) chooses its path, so escapes there would retitle or clear the terminal
/// and newlines would forge log lines.
enum LogText {
    /// `text` with control and other non-printing characters escaped (`\x1b`, `\n`, `\t`, `\\`,
    /// `\u{202e}`), cut with `…` where the escaped text would pass `limit` characters.
    static func escape(_ text: String, limit: Int = 200) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece = escaped(scalar)
            count += piece.unicodeScalars.count
            if count > limit {
                out += "…"
                break
            }
            out += piece
        }
        return out
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\\": return "\\\\"
        default: break
        }
        if scalar.value < 0x20 || scalar.value == 0x7f {
            let hex = String(scalar.value, radix: 16)
            return "\\x" + (hex.count < 2 ? "0" + hex : hex)
        }
        // C1 controls, format characters (bidirectional overrides, zero widths), separators other
        // than the space, unassigned and private-use code points: none prints as itself.
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .privateUse,
            .surrogate:
            if scalar == " " { return " " }
            return "\\u{\(String(scalar.value, radix: 16))}"
        default: return String(scalar)
        }
    }
}
