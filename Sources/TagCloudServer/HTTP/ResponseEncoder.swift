import Foundation

/// Writes an answer as HTTP/1.1 bytes: status line, the security headers every answer carries,
/// its own headers, `Content-Length` and `Connection`, and the body (none for HEAD).
enum ResponseEncoder {
    /// The bytes of `response`; `keepAlive` false adds `Connection: close`, and true for an
    /// HTTP/1.0 client (`minorVersion` 0) `Connection: keep-alive`, without which it would wait
    /// for the connection to close to know where the answer ends.
    static func encode(_ response: HTTPResponse, keepAlive: Bool, minorVersion: Int = 1, bodyless: Bool = false)
        -> [UInt8]
    {
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        for (name, value) in HTTPResponse.securityHeaders + response.policy.headers + [("Content-Type", response.contentType)]
            + response.headers
        {
            // Values are the server's own; a line break in one would still end the header early.
            head += "\(name): \(value.filter { $0 != "\r" && $0 != "\n" })\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\n"
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if minorVersion == 0 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !bodyless { bytes.append(contentsOf: response.body) }
        return bytes
    }

    /// The reason phrase of `status` (clients ignore it; people reading a trace do not).
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
