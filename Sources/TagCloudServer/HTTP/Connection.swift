/// One client connection, owned by the event loop thread (nothing else touches it): where its
/// current request stands, the bytes waiting to be written, and the deadline of its current step.
final class Connection {
    /// What the connection is doing.
    enum Phase {
        /// Reading a request (header section or body), or waiting for the next one.
        case reading
        /// The request is with the router on a worker; nothing is read meanwhile.
        case working
        /// Writing the answer.
        case writing
        /// Answered and half-closed: reading and dropping what the client still sends, so the
        /// close does not reset the connection before the client has read the answer.
        case lingering
    }

    /// A number no other connection of this server has had (descriptors are reused).
    let id: UInt64
    /// The socket, nonblocking.
    let fd: Int32
    /// The client's address; nil for a family the server does not know.
    let peer: IPAddress?
    /// Whether the per-address limit counted it.
    let counted: Bool
    /// What the connection is doing.
    var phase = Phase.reading
    /// The request being read.
    var parser: RequestParser
    /// The head of the request being read or answered, once complete.
    var head: RequestHead?
    /// When the connection began to wait for its current request's head (accept, or the end of the
    /// previous answer): the slowest connection at the cap is the one that began longest ago.
    var waitingSince: Double
    /// When the current request's head was complete (the log's time is counted from it).
    var requestStart: Double = 0
    /// When the current step must end; `.infinity` while the router works.
    var deadline: Double
    /// Bytes to write (a `100 Continue`, an answer).
    var outbox: [UInt8] = []
    /// How many bytes of `outbox` are written.
    var sent = 0
    /// How many bytes of `outbox` are counted against the outbox budget (an answer, not a `100 Continue`).
    var outboxCharged = 0
    /// Whether to close once the outbox is written.
    var closeAfterWrite = false
    /// Bytes read after the current request (a pipelined next one), read once it is answered.
    var leftover: [UInt8] = []
    /// Body budget held for the request being read.
    var reserved = 0
    /// Bytes dropped while lingering.
    var dropped = 0

    /// A connection accepted at `now`.
    init(id: UInt64, fd: Int32, peer: IPAddress?, counted: Bool, limits: HTTPLimits, now: Double) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.counted = counted
        parser = RequestParser(limits: limits)
        waitingSince = now
        deadline = now + limits.headerSeconds
    }

    /// Whether bytes are waiting to be written.
    var hasOutput: Bool { sent < outbox.count }

    /// Whether the connection is waiting for a request's header section (a candidate for eviction).
    var isWaitingForHead: Bool { phase == .reading && !parser.isReadingBody }
}
