/// The text of a term is one line: no tab, no line break, no control character. Word-pattern matches,
/// protected phrases and the tags of CSV and JSON lists can hold them, and a tab or a line break in a
/// term would split a `word<TAB>count` line of `tagcloud count` (and any tag list written from the
/// terms) into wrong rows, while other controls (ESC, BEL) would reach the terminal.
///
/// The rule: inside a text, each run of line-breaking and control characters becomes one space
/// when it holds white space (tab, LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR or a
/// plain space) and disappears when it holds only other controls (C0, DEL, C1: `a<ESC>b` is `ab`);
/// such runs at the start or end disappear. Other spaces (no-break, ideographic, en spaces) are
/// ordinary characters of the text and stay as they are.
public enum TermText {
    /// `text` by the rule above.
    public static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { classify($0.value) != .other }) else { return text }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch classify(scalar.value) {
            case .space: pendingSpace = true
            case .control: continue
            case .other:
                if pendingSpace && !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Rewrites the UTF-8 text `p[0..<n]` (valid UTF-8) in place by the rule above and returns its
    /// new length (never more than `n`; 0 when nothing but spaces and controls was there).
    static func normalize(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int {
        var read = 0, write = 0
        var pendingSpace = false
        while read < n {
            let (scalar, length) = decodeScalar(UnsafePointer(p), read)
            switch classify(scalar) {
            case .space: pendingSpace = true
            case .control: break
            case .other:
                if pendingSpace && write > 0 { p[write] = 0x20; write += 1 }
                pendingSpace = false
                if write != read { for k in 0..<length { p[write + k] = p[read + k] } }
                write += length
            }
            read += length
        }
        return write
    }

    /// Whether the UTF-8 text `p[0..<n]` needs `normalize` (holds a byte of a character it changes).
    static func needsNormalizing(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        for i in 0..<n {
            let b = p[i]
            // ASCII controls and space; C2 80-9F (C1 controls); E2 80 A8-A9 (line and paragraph separators).
            if b <= 0x20 || b == 0x7F || b == 0xC2 || b == 0xE2 { return true }
        }
        return false
    }

    private enum Kind { case space, control, other }

    private static func classify(_ v: UInt32) -> Kind {
        switch v {
        case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029: return .space
        case 0x00...0x1F, 0x7F...0x9F: return .control
        default: return .other
        }
    }
}
