/// A request the server answers itself, before or instead of the router: bad framing, a body too
/// large or over the budget, a client too slow. The connection is closed after the answer, as
/// what follows on it cannot be trusted to start a request.
struct HTTPFailure: Error, Equatable, Sendable {
    /// The HTTP status.
    let status: Int
    /// The message of the JSON error body.
    let message: String

    /// A failure with `status` and `message`.
    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The answer: the router's JSON error shape (with `Retry-After` on 503), security headers
    /// added when it is written.
    var response: HTTPResponse { .error(status, message) }
}
