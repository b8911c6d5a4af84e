/// A request's line and header section, checked strictly: whatever two parsers could read two ways
/// (obs-fold, bare CR or LF, a space before the colon, two lengths, a length beside a transfer
/// coding) is refused, so no proxy in front and this server can disagree on where a request ends.
struct RequestHead: Sendable, Equatable {
    /// The method, as sent (methods are case-sensitive).
    var method: String
    /// The request target as sent (`/api/render?format=png`), not yet decoded.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// The header fields in order, names lower-case, values without surrounding blanks.
    var fields: [(name: String, value: String)]
    /// The declared body length; nil when there is none.
    var contentLength: Int?

    /// The value of the field `name` (lower-case), if sent.
    func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    var keepAlive: Bool {
        let options = fields.filter { $0.name == "connection" }.flatMap {
            $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: [" ", "\t"]) }
        }
        return minorVersion == 1 ? !options.contains("close") : options.contains("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending its body.
    var expectsContinue: Bool { minorVersion == 1 && field("expect")?.lowercased() == "100-continue" }

    /// Equal heads: the same line and fields in the same order (tuples are not `Equatable`).
    static func == (a: RequestHead, b: RequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.minorVersion == b.minorVersion
            && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
            && a.contentLength == b.contentLength
    }

    /// Parses the header section `bytes` (request line through the last field line, each line
    /// ending in CRLF, without the empty line that ends the section).
    static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPFailure) -> RequestHead {
        var lines = try Self.lines(bytes)
        guard !lines.isEmpty else { throw HTTPFailure(400, "the request has no request line") }
        var head = try requestLine(lines.removeFirst(), limits: limits)
        guard lines.count <= limits.headerFields else {
            throw HTTPFailure(431, "the request has more than \(limits.headerFields) header fields")
        }
        for line in lines { head.fields.append(try field(line)) }
        try checkFraming(&head, limits: limits)
        return head
    }

    /// Splits `bytes` at CRLF; a CR or LF alone is refused (the reader would guess where a line ends).
    private static func lines(_ bytes: ArraySlice<UInt8>) throws(HTTPFailure) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var i = bytes.startIndex
        while i < bytes.endIndex {
            switch bytes[i] {
            case 13:
                guard i + 1 < bytes.endIndex, bytes[i + 1] == 10 else {
                    throw HTTPFailure(400, "a bare CR in the request's header section")
                }
                lines.append(bytes[start..<i])
                i += 2
                start = i
            case 10: throw HTTPFailure(400, "a bare LF in the request's header section: lines end in CRLF")
            default: i += 1
            }
        }
        return lines
    }

    private static func requestLine(_ line: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPFailure) -> RequestHead {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            throw HTTPFailure(400, "the request line is not METHOD TARGET HTTP/VERSION")
        }
        guard parts[1].count <= limits.requestLine else { throw HTTPFailure(414, "the request target is too long") }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw HTTPFailure(400, "the request target must be a path starting with / (no spaces or control characters)")
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == UInt8(ascii: "."),
            isDigit(version[5]), isDigit(version[7])
        else { throw HTTPFailure(400, "the request line does not end with HTTP/1.1 or HTTP/1.0") }
        guard version[5] == UInt8(ascii: "1"), version[7] <= UInt8(ascii: "1") else {
            throw HTTPFailure(505, "only HTTP/1.0 and HTTP/1.1 are served")
        }
        return RequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
            minorVersion: Int(version[7] - UInt8(ascii: "0")), fields: [], contentLength: nil)
    }

    /// One `name: value` line. A line starting with a blank (obs-fold, a continuation) is refused.
    private static func field(_ line: ArraySlice<UInt8>) throws(HTTPFailure) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
            line[..<colon].allSatisfy(isTokenByte)
        else { throw HTTPFailure(400, "a header line is not NAME: VALUE (or is a folded continuation line)") }
        var value = line[(colon + 1)...]
        while let b = value.first, b == 32 || b == 9 { value = value.dropFirst() }
        while let b = value.last, b == 32 || b == 9 { value = value.dropLast() }
        // Field values are visible characters, blanks and bytes of UTF-8 text; no other controls.
        guard value.allSatisfy({ $0 >= 32 && $0 != 127 || $0 == 9 }) else {
            throw HTTPFailure(400, "a header value holds a control character")
        }
        return (String(decoding: line[..<colon], as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
    }

    /// Content-Length, Transfer-Encoding and Host, where a mistake would split requests apart.
    private static func checkFraming(_ head: inout RequestHead, limits: HTTPLimits) throws(HTTPFailure) {
        let lengths = head.fields.filter { $0.name == "content-length" }
        let codings = head.fields.filter { $0.name == "transfer-encoding" }
        guard lengths.count <= 1 else { throw HTTPFailure(400, "the request has more than one Content-Length") }
        guard head.fields.filter({ $0.name == "host" }).count <= 1 else {
            throw HTTPFailure(400, "the request has more than one Host")
        }
        if head.minorVersion == 1 && head.field("host") == nil {
            throw HTTPFailure(400, "an HTTP/1.1 request needs a Host header")
        }
        if !codings.isEmpty {
            if !lengths.isEmpty { throw HTTPFailure(400, "the request has both Content-Length and Transfer-Encoding") }
            throw HTTPFailure(411, "send the body with a Content-Length (Transfer-Encoding is not taken)")
        }
        if let text = lengths.first?.value {
            head.contentLength = try contentLength(text, limits: limits)
        } else if ["POST", "PUT", "PATCH"].contains(head.method) {
            throw HTTPFailure(411, "send the body with a Content-Length")
        }
    }

    /// A plain decimal length; one over the body limit (however many digits) gets 413.
    private static func contentLength(_ text: String, limits: HTTPLimits) throws(HTTPFailure) -> Int {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
            throw HTTPFailure(400, "Content-Length \"\(LogText.escape(text, limit: 40))\" is not a number of bytes")
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        var length = 0
        for d in significant {
            // Past the limit the rest of the digits cannot bring it back: stop before overflowing.
            guard length <= limits.maximumBody else { break }
            length = length * 10 + Int(d - UInt8(ascii: "0"))
        }
        guard length <= limits.maximumBody else {
            throw HTTPFailure(
                413, "the request body is larger than the server's limit of \(limits.maximumBody) bytes (--max-body)")
        }
        return length
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// RFC 9110 token characters, of which methods and field names are made.
    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: return true
        default: return tokenPunctuation.contains(b)
        }
    }

    private static let tokenPunctuation = Set("!#$%&'*+-.^_`|~".utf8)
}
