/// The rule for which links a cloud may carry into its outputs: http, https, mailto, or a relative
/// link (one with no scheme). Anything else — `javascript:`, `vbscript:`, `data:`, `file:`, any
/// other scheme — could run script or reach the reader's machine when a word is clicked, so it
/// is refused and the word is written without its link.
///
/// A link is judged the way a browser reads it (the WHATWG URL parser): leading and trailing C0
/// controls and spaces are stripped, ASCII tabs and newlines are removed wherever they are, and
/// the scheme is compared without regard to case. So `" JavaScript:…"` and `"java\tscript:…"`
/// are both `javascript:`. A link that still holds a control character or a character XML cannot
/// carry (U+FFFE, U+FFFF) is refused too: the writers drop such characters, and dropping them
/// from `"java\u{1}script:"` would make a live scheme of what the browser reads as a relative
/// link.
///
/// The interactive HTML page applies the same rule in its own script before it navigates.
public enum SafeLink {
    /// The schemes a link may have (lowercase); a link with no scheme is relative and allowed.
    public static let allowedSchemes: [String] = ["http", "https", "mailto"]

    /// Why a link was refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The link's scheme (lowercase, as the browser reads it) is not an allowed one.
        case scheme(String)
        /// A control character, or U+FFFE or U+FFFF (which XML cannot carry), is left inside the link.
        case controlCharacter
        /// Nothing is left of the link once stripped.
        case empty

        /// The reason as a phrase for a message, e.g. `scheme "javascript:" is not allowed (only
        /// http, https, mailto or a relative link)`. It never quotes the link itself: a scheme is
        /// made of ASCII letters, digits, `+`, `-` and `.` only, and is cut to 40 characters.
        public var description: String {
            switch self {
            case .scheme(let scheme):
                let shown = scheme.count > 40 ? String(scheme.prefix(40)) + "…" : scheme
                return "scheme \"\(shown):\" is not allowed (only http, https, mailto or a relative link)"
            case .controlCharacter:
                return "it contains a control character or U+FFFE/U+FFFF"
            case .empty:
                return "it is empty"
            }
        }
    }

    /// The verdict on a link: the text to write (stripped as the browser strips it), or why not.
    public static func check(_ link: String) -> Result<String, Refusal> {
        let scalars = stripped(link)
        if scalars.isEmpty { return .failure(.empty) }
        if scalars.contains(where: isForbidden) { return .failure(.controlCharacter) }
        if let scheme = scheme(of: scalars), !allowedSchemes.contains(scheme) {
            return .failure(.scheme(scheme))
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return .success(text)
    }

    /// The link to write (stripped as the browser strips it), or nil when it is refused.
    public static func sanitized(_ link: String) -> String? {
        if case .success(let text) = check(link) { return text }
        return nil
    }

    /// Why a link is refused, or nil when it is allowed.
    public static func refusal(_ link: String) -> Refusal? {
        if case .failure(let reason) = check(link) { return reason }
        return nil
    }

    /// The link without leading and trailing C0 controls and spaces, and without any ASCII tab
    /// or newline: the first two steps of the WHATWG URL parser.
    static func stripped(_ link: String) -> [Unicode.Scalar] {
        var scalars = Array(link.unicodeScalars)
        let isC0OrSpace = { (s: Unicode.Scalar) in s.value <= 0x20 }
        while let last = scalars.last, isC0OrSpace(last) { scalars.removeLast() }
        let start = scalars.firstIndex { !isC0OrSpace($0) } ?? scalars.endIndex
        return scalars[start...].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }

    /// C0 and C1 controls, DEL, and the two characters XML 1.0 forbids outside the surrogates
    /// (which a Swift string cannot hold).
    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0xFFFE || s.value == 0xFFFF
    }

    /// The scheme as the WHATWG parser reads it, lowercased: an ASCII letter, then ASCII letters,
    /// digits, `+`, `-` or `.`, then `:`. nil when the link has none (it is relative).
    static func scheme(of scalars: [Unicode.Scalar]) -> String? {
        guard let first = scalars.first, isASCIILetter(first) else { return nil }
        var scheme = ""
        for s in scalars {
            if s == ":" { return scheme }
            if isASCIILetter(s) {
                scheme.unicodeScalars.append(Unicode.Scalar(UInt8(s.value) | 0x20))  // lowercase
            } else if ("0"..."9").contains(s) || s == "+" || s == "-" || s == "." {
                scheme.unicodeScalars.append(s)
            } else {
                return nil
            }
        }
        return nil
    }

    /// A–Z or a–z: nothing else counts as a letter in a URL scheme.
    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(s) || ("a"..."z").contains(s)
    }
}
