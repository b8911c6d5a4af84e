/// The limits that keep slow, many or large clients from locking the server up: how long a client
/// may take over each part of a request, how many connections it may hold, how much request body
/// the server holds at once, and how large the framing may be. One value, so tests can shrink them.
struct HTTPLimits: Sendable {
    /// The largest request body (`--max-body`); a larger declared one gets 413 before it is read.
    var maximumBody: Int
    /// Bytes of request bodies being received or worked on at once, summed over every connection
    /// (by their declared length); a body that does not fit gets 503 with `Retry-After`.
    var bodyBudget: Int
    /// Bodies up to this size are not counted against the budget: the connection cap already
    /// bounds them, and a small request is never refused because large ones are arriving.
    var smallBody = 64 * 1024
    /// Bytes of answers waiting to be written, summed over every connection. An answer that would
    /// pass it while others wait gets 503 with `Retry-After` instead (the first always goes, and
    /// so does one within `smallBody`): large answers (a site's fonts, big renders) to clients
    /// that read slowly cannot pile up in memory.
    var outboxBudget = 512 << 20
    /// Seconds from the opening of a connection (or the end of the previous answer on it) to the
    /// end of the request's header section; past it the connection is answered 408 and closed.
    var headerSeconds = 10.0
    /// Bytes a second a body and an answer must move at least, after the first `headerSeconds`:
    /// a body of N bytes has `max(headerSeconds, N / minimumRate)` seconds to arrive.
    var minimumRate = 64.0 * 1024
    /// Open connections at most; at the cap a new one evicts the one that is still sending its
    /// header section and began it longest ago (a slow client, or an idle kept-alive connection).
    var connectionCap = 512
    /// Open connections from one address at most; further ones are refused with 503.
    var perAddress = 32
    /// Whether `perAddress` applies to loopback peers: not by default, as they are this machine's
    /// own user (a browser opens six connections per origin, and tabs add up); tests turn it on.
    var perAddressOnLoopback = false
    /// The longest request line; a longer one gets 414.
    var requestLine = 8 * 1024
    /// The longest header section, request line included; a longer one gets 431.
    var headerSection = 32 * 1024
    /// The most header fields; more get 431.
    var headerFields = 100
    /// Seconds without requests after which the server returns freed memory to the system.
    var idleTrimSeconds = 5.0
    /// Seconds a connection closed after an error answer keeps reading (and dropping) what the
    /// client still sends, so the client reads the answer before the connection is reset.
    var lingerSeconds = 2.0

    /// The limits of a server whose body limit is `maximumBody`: a budget of four such bodies,
    /// at least one and at most 256 MiB unless one body needs more.
    init(maximumBody: Int) {
        self.maximumBody = maximumBody
        bodyBudget = max(maximumBody, min(4 * maximumBody, 256 << 20))
    }

    /// Seconds allowed for moving `bytes` of body or answer.
    func transferSeconds(_ bytes: Int) -> Double {
        max(headerSeconds, Double(bytes) / minimumRate)
    }
}
