import Foundation
import TagCloudRecipe

/// An answer of the server: status, body and the headers particular to it (the security headers
/// every answer carries are added by `ResponseEncoder` as it writes the answer).
struct HTTPResponse: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The body.
    var body: Data
    /// The media type of the body.
    var contentType: String
    /// Further headers, such as `Content-Disposition` or `Retry-After`.
    var headers: [(String, String)] = []

    /// A JSON answer.
    static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: body, contentType: "application/json; charset=utf-8")
    }

    /// The JSON error answer `{"error": "...", "key": "width"}`.
    static func error(_ e: ServiceError) -> HTTPResponse {
        var r = json(Data((e.json + "\n").utf8), status: e.status)
        if e.status == 503 { r.headers.append(("Retry-After", "1")) }
        return r
    }

    /// A JSON error answer with `status`.
    static func error(_ status: Int, _ message: String, key: String? = nil) -> HTTPResponse {
        error(ServiceError(status: status, message, key: key))
    }

    /// The headers every answer carries: no script but the server's own files, no sniffing of
    /// types, no referrer sent on, no caching of answers that depend on the request.
    static let securityHeaders: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                + "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]
}
