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
    /// What the browser may run and load for this answer.
    var policy = ContentPolicy.api

    /// The Content-Security-Policy and caching of an answer.
    enum ContentPolicy: Sendable {
        /// The API: no script but the server's own files; answers depend on the
        /// request, so none is cached.
        case api
        /// The WebAssembly engine's static site (`SiteFolder`): its scripts, workers and engine,
        /// compiled from its own files; kept by the browser and checked again by ETag.
        case site

        /// The headers of the policy.
        var headers: [(String, String)] {
            switch self {
            case .api:
                return [
                    (
                        "Content-Security-Policy",
                        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                            + "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
                    ),
                    ("Cache-Control", "no-store"),
                ]
            case .site:
                return [
                    (
                        "Content-Security-Policy",
                        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
                            + "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; "
                            + "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
                    ),
                    ("Cache-Control", "no-cache"),
                ]
            }
        }
    }

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

    /// The headers every answer carries besides its policy's: no sniffing of types, no referrer
    /// sent on.
    static let securityHeaders: [(String, String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]
}
