import Foundation

/// The server's one network thread: a poll() loop over the listening socket, every connection and
/// the mailbox. It accepts, reads and parses requests and writes answers, all nonblocking, so no
/// client can hold it up however slowly it sends or reads; each complete request goes to the
/// router on a worker (`EventLoop+Requests.swift`), so no layout can hold it up either. Its state
/// is touched only on its own thread (hence unchecked: the thread that starts it only hands it over).
final class EventLoop: @unchecked Sendable {
    /// The limits against slow, many and large clients.
    let limits: HTTPLimits
    /// Answers complete requests, on workers.
    let router: Router
    /// How workers and the server's owner reach the loop.
    let mailbox: Mailbox
    /// Gets one line per answer; nil with `--quiet`.
    let log: (@Sendable (String) -> Void)?
    private let listener: Listener
    /// Open connections by id.
    var connections: [UInt64: Connection] = [:]
    /// Open connections by client address, for the per-address limit.
    private var perAddress: [IPAddress: Int] = [:]
    private var nextID: UInt64 = 1
    /// Bytes of request bodies held now (declared lengths of those over `limits.smallBody`).
    var bodyBytes = 0
    /// Bytes of answers waiting in outboxes (`HTTPLimits.outboxBudget`).
    var outboxBytes = 0
    /// Requests with the router now.
    var working = 0
    /// When the last answer came back.
    var lastAnswer = Socket.now()
    /// Whether memory was returned to the system since the last request.
    var trimmed = true
    /// Until when accepting pauses after the process ran out of descriptors (else poll would spin).
    private var acceptPausedUntil = 0.0
    private var running = true
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// A loop over `listener`'s connections.
    init(
        listener: Listener, router: Router, limits: HTTPLimits, mailbox: Mailbox, log: (@Sendable (String) -> Void)?
    ) {
        self.listener = listener
        self.router = router
        self.limits = limits
        self.mailbox = mailbox
        self.log = log
    }

    /// Runs until a `stop` message; then every connection is closed.
    func run() {
        while running {
            let now = Socket.now()
            var fds = [pollfd(fd: mailbox.pollDescriptor, events: Int16(POLLIN), revents: 0)]
            let listening = listener.fd >= 0 && now >= acceptPausedUntil
            fds.append(pollfd(fd: listening ? listener.fd : -1, events: Int16(POLLIN), revents: 0))
            let order = Array(connections.values)
            for c in order {
                var events: Int16 = 0
                if c.phase == .reading || c.phase == .lingering { events |= Int16(POLLIN) }
                if c.hasOutput { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: c.fd, events: events, revents: 0))
            }
            // Woken at the next deadline, at the end of a pause in accepting, and at least once a
            // second (the idle memory trim).
            let next = min(
                order.map(\.deadline).min() ?? .infinity, listener.fd >= 0 && !listening ? acceptPausedUntil : .infinity)
            let wait = min(1.0, max(0, next - now))
            _ = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            if fds[0].revents != 0 { handle(mailbox.take()) }
            if fds[1].revents != 0 { acceptAll() }
            for (c, p) in zip(order, fds.dropFirst(2)) where p.revents != 0 && connections[c.id] === c {
                service(c, p.revents)
            }
            expire(Socket.now())
        }
        for c in Array(connections.values) { drop(c) }
        listener.close()
    }

    private func handle(_ messages: [Mailbox.Message]) {
        for message in messages {
            switch message {
            case .answered(let id, let bytes, let keepAlive, let reserved): answered(id, bytes, keepAlive, reserved)
            case .stopAccepting: listener.close()
            case .stop: running = false
            }
        }
    }

    /// One connection's poll events.
    private func service(_ c: Connection, _ events: Int16) {
        if events & Int16(POLLOUT) != 0 { write(c) }
        guard connections[c.id] === c else { return }
        if events & Int16(POLLIN) != 0 {
            read(c)
        } else if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            drop(c)
        }
    }

    // MARK: Accepting

    private func acceptAll() {
        for _ in 0..<64 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener.fd, $0, &length) }
            }
            if fd < 0 {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    acceptPausedUntil = Socket.now() + 0.1
                }
                return
            }
            Socket.prepare(fd)
            let peer = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { IPAddress($0) }
            }
            admit(fd, peer: peer)
        }
    }

    /// Takes a new connection in, or refuses it: past its address's limit, or at the cap when no
    /// open connection is still waiting for a header section (the one that began longest ago is
    /// evicted to make room).
    private func admit(_ fd: Int32, peer: IPAddress?) {
        let counted = peer.map { !$0.isLoopback || limits.perAddressOnLoopback } ?? false
        if counted, let peer, perAddress[peer, default: 0] >= limits.perAddress {
            return refuse(fd, "too many connections from your address (at most \(limits.perAddress) at once)")
        }
        if connections.count >= limits.connectionCap {
            guard let slowest = connections.values.filter(\.isWaitingForHead).min(by: { $0.waitingSince < $1.waitingSince })
            else { return refuse(fd, "the server has too many connections open; try again in a moment") }
            drop(slowest)
        }
        let now = Socket.now()
        let c = Connection(id: nextID, fd: fd, peer: peer, counted: counted, limits: limits, now: now)
        nextID += 1
        connections[c.id] = c
        if counted, let peer { perAddress[peer, default: 0] += 1 }
    }

    /// Answers 503 at once, as far as the socket takes it without waiting, and closes.
    private func refuse(_ fd: Int32, _ message: String) {
        let bytes = ResponseEncoder.encode(HTTPFailure(503, message).response, keepAlive: false)
        _ = bytes.withUnsafeBytes { Socket.send(fd, $0) }
        shutdown(fd, Int32(SHUT_WR))
        close(fd)
    }

    /// Closes `c` at once and forgets it; a body's budget is freed unless a worker holds it.
    func drop(_ c: Connection) {
        guard connections.removeValue(forKey: c.id) != nil else { return }
        close(c.fd)
        bodyBytes -= c.reserved
        c.reserved = 0
        outboxBytes -= c.outboxCharged
        c.outboxCharged = 0
        if c.counted, let peer = c.peer {
            perAddress[peer, default: 1] -= 1
            if perAddress[peer] == 0 { perAddress[peer] = nil }
        }
    }

    // MARK: Reading and writing

    private func read(_ c: Connection) {
        let n = buffer.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && Socket.wouldBlock { return }
        guard n > 0 else { return drop(c) }
        if c.phase == .lingering {
            c.dropped += n
            if c.dropped > 1 << 20 { drop(c) }
            return
        }
        let bytes = Array(buffer[0..<n])
        consume(c, bytes)
    }

    /// Writes what the socket takes of `c`'s outbox; when the answer is all written, the
    /// connection closes or waits for its next request.
    func write(_ c: Connection) {
        while c.hasOutput {
            let n = c.outbox.withUnsafeBytes { Socket.send(c.fd, UnsafeRawBufferPointer(rebasing: $0[c.sent...])) }
            if n < 0 && Socket.wouldBlock { return }
            guard n > 0 else { return drop(c) }
            c.sent += n
        }
        c.outbox = []
        c.sent = 0
        outboxBytes -= c.outboxCharged
        c.outboxCharged = 0
        guard c.phase == .writing else { return }
        let now = Socket.now()
        if c.closeAfterWrite {
            shutdown(c.fd, Int32(SHUT_WR))
            c.phase = .lingering
            c.deadline = now + limits.lingerSeconds
            return
        }
        c.phase = .reading
        c.parser.reset()
        c.head = nil
        c.waitingSince = now
        c.deadline = now + limits.headerSeconds
        if !c.leftover.isEmpty {
            let next = c.leftover
            c.leftover = []
            consume(c, next)
        }
    }

    // MARK: Time

    /// Ends the steps past their deadline: a request too slow to arrive gets 408; an idle
    /// connection, an answer not read in time and a lingering close end quietly. Then, when the
    /// server has been idle a while, returns freed memory to the system.
    private func expire(_ now: Double) {
        for c in Array(connections.values) where c.deadline <= now {
            switch c.phase {
            case .reading where c.parser.hasStarted || c.parser.isReadingBody:
                let part = c.parser.isReadingBody ? "body" : "header section"
                fail(c, HTTPFailure(408, "the request's \(part) did not arrive in time: the connection was too slow"))
            case .working: break
            default: drop(c)
            }
        }
        if working == 0 && !trimmed && now - lastAnswer >= limits.idleTrimSeconds {
            trimmed = true
            DispatchQueue.global(qos: .utility).async { MemoryTrim.now() }
        }
    }
}
