import Foundation

/// What the loop does with the requests it reads: checks each head against the limits and the
/// body budget, hands complete requests to the router on a worker, and queues the answers.
extension EventLoop {
    /// A worker for one request: a serial queue of its own. Serial queues run on libdispatch's
    /// overcommitting thread pool, which takes a thread whenever every one is busy; the router
    /// blocks while the layout pool works, and a concurrent or global queue (about one thread per
    /// core) would hold quick requests, a 503 "busy" among them, behind the slow ones.
    static func worker() -> DispatchQueue { DispatchQueue(label: "tagcloud.serve.request") }

    /// Reads `bytes` into `c`'s current request, acting on each event of the parser.
    func consume(_ c: Connection, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while connections[c.id] === c && c.phase == .reading {
                switch c.parser.feed(raw, offset: &offset) {
                case .needMore: return
                case .head(let head): begin(c, head)
                case .body(let body):
                    c.leftover = Array(raw[offset...])
                    dispatch(c, body)
                case .failed(let failure): fail(c, failure)
                }
            }
        }
    }

    /// A complete head: holds the body's budget, asks for the body (`100 Continue`) and sets the
    /// body's deadline; a body the budget cannot hold gets 503 before it is sent.
    private func begin(_ c: Connection, _ head: RequestHead) {
        let now = Socket.now()
        c.head = head
        c.requestStart = now
        let length = head.contentLength ?? 0
        if length > limits.smallBody {
            guard bodyBytes + length <= limits.bodyBudget else {
                return fail(
                    c,
                    HTTPFailure(
                        503, "the server is receiving too many large request bodies at once; try again in a moment"))
            }
            bodyBytes += length
            c.reserved = length
        }
        if head.expectsContinue && length > 0 {
            c.outbox += Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            write(c)
        }
        c.deadline = now + limits.transferSeconds(length)
        c.parser.beginBody(length: length)
    }

    /// Hands the complete request to the router on a worker; the answer comes back by the mailbox.
    private func dispatch(_ c: Connection, _ body: Data) {
        guard let head = c.head else { return }
        c.phase = .working
        c.deadline = .infinity
        working += 1
        trimmed = false
        let target = RequestTarget(head.target)
        let request = HTTPRequest(
            method: head.method, path: target.path, format: target.query["format"], host: head.field("host"),
            origin: head.field("origin"), contentType: head.field("content-type"),
            ifNoneMatch: head.field("if-none-match"), body: body)
        let (id, reserved, keepAlive, start, minor) = (c.id, c.reserved, head.keepAlive, c.requestStart, head.minorVersion)
        c.reserved = 0
        let (router, mailbox, log) = (router, mailbox, log)
        Self.worker().async {
            let response = router.respond(request)
            let bytes = ResponseEncoder.encode(
                response, keepAlive: keepAlive, minorVersion: minor, bodyless: request.method == "HEAD")
            log?(Self.logLine(method: request.method, path: request.path, status: response.status, since: start))
            mailbox.post(.answered(id: id, bytes: bytes, keepAlive: keepAlive, reserved: reserved))
        }
    }

    /// A worker's answer: frees the body's budget and writes the answer, if the client is still there.
    func answered(_ id: UInt64, _ bytes: [UInt8], _ keepAlive: Bool, _ reserved: Int) {
        working -= 1
        bodyBytes -= reserved
        lastAnswer = Socket.now()
        guard let c = connections[id] else { return }
        guard outboxBytes == 0 || bytes.count <= limits.smallBody || outboxBytes + bytes.count <= limits.outboxBudget else {
            var busy = HTTPResponse.error(503, "busy: the server is sending as much as it may at once; try again in a moment")
            busy.headers.append(("Retry-After", "1"))
            let refused = ResponseEncoder.encode(busy, keepAlive: false, bodyless: c.head?.method == "HEAD")
            return send(c, refused, close: true, charged: false)
        }
        send(c, bytes, close: !keepAlive, charged: true)
    }

    /// Answers `failure` itself and closes the connection after it (what follows on the connection
    /// cannot be trusted to start a request).
    func fail(_ c: Connection, _ failure: HTTPFailure) {
        bodyBytes -= c.reserved
        c.reserved = 0
        let head = c.head
        let bytes = ResponseEncoder.encode(failure.response, keepAlive: false, bodyless: head?.method == "HEAD")
        log?(
            Self.logLine(
                method: head?.method ?? "-", path: head.map { RequestTarget($0.target).path } ?? "-",
                status: failure.status, since: head == nil ? Socket.now() : c.requestStart))
        lastAnswer = Socket.now()
        send(c, bytes, close: true, charged: false)
    }

    /// Queues `bytes` on `c` and writes what the socket takes; `charged`: they count against the
    /// outbox budget until written.
    private func send(_ c: Connection, _ bytes: [UInt8], close: Bool, charged: Bool) {
        if charged {
            c.outboxCharged += bytes.count
            outboxBytes += bytes.count
        }
        c.outbox += bytes
        c.closeAfterWrite = close
        c.phase = .writing
        c.deadline = Socket.now() + limits.transferSeconds(c.outbox.count)
        write(c)
    }

    /// `METHOD PATH STATUS MS ms`, with the method and path escaped (`LogText`): a web page chooses them.
    static func logLine(method: String, path: String, status: Int, since start: Double) -> String {
        let ms = Int(max(0, Socket.now() - start) * 1000)
        return "\(LogText.escape(method, limit: 20)) \(LogText.escape(path)) \(status) \(ms) ms\n"
    }
}
