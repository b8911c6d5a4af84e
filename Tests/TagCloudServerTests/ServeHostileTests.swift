import Foundation
import Testing

@testable import TagCloudServer

/// The server under hostile clients, with real sockets against a real server in this process:
/// slow clients, bodies past the budget, bad framing, too many connections. Each test asserts
/// what happens, never how fast: the timeouts are generous and only bound a failing run.
@Suite("tagcloud serve under hostile clients", .serialized)
struct ServeHostileTests {
    /// Clients that each send a piece every `interval` seconds until stopped.
    final class Trickle: @unchecked Sendable {
        let clients: [RawClient]
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        init(_ clients: [RawClient], piece: String, every interval: Double) {
            self.clients = clients
            Thread.detachNewThread { [self] in
                while !lock.withLock({ stopped }) {
                    for c in clients { try? c.send(piece) }
                    usleep(UInt32(interval * 1e6))
                }
                done.signal()
            }
        }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }
    }

    static func post(_ server: TestServer, _ path: String, _ body: String) throws -> RawClient.Answer {
        let c = try server.connect()
        try c.send(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try c.answer()
    }

    /// An answer the server made itself: its status, the security headers, a JSON error, closed after.
    static func expectServerError(_ a: RawClient.Answer, _ status: Int, _ name: String) {
        #expect(a.status == status, "\(name): \(String(decoding: a.body, as: UTF8.self))")
        #expect(a.headers["content-type"]?.hasPrefix("application/json") == true, "\(name)")
        #expect(a.headers["content-security-policy"]?.contains("default-src 'none'") == true, "\(name)")
        #expect(a.headers["x-content-type-options"] == "nosniff", "\(name)")
        #expect(a.headers["cache-control"] == "no-store" && a.headers["referrer-policy"] == "no-referrer", "\(name)")
        #expect((a.json["error"] as? String)?.isEmpty == false, "\(name)")
        #expect(a.headers["connection"] == "close", "\(name)")
    }

    @Test("A normal request answers while 100 slow clients trickle their header lines")
    func slowHeaders() throws {
        let server = try TestServer()
        defer { server.stop() }
        let clients = try (0..<100).map { _ in try server.connect() }
        for c in clients { try c.send("GET /api/shapes HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n") }
        let trickle = Trickle(clients, piece: "X-Slow: 1\r\n", every: 0.5)
        defer { trickle.stop() }
        usleep(1_000_000)
        #expect(try server.get("/api/shapes").status == 200)
        #expect(try Self.post(server, "/api/tags", #"{"data": "swift\t3"}"#).status == 200)
    }

    @Test("A normal request answers while 100 slow clients trickle declared 1 MB bodies")
    func slowBodies() throws {
        let server = try TestServer()
        defer { server.stop() }
        let clients = try (0..<100).map { _ in try server.connect() }
        for c in clients {
            try c.send(
                "POST /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000000\r\n\r\n{")
        }
        let trickle = Trickle(clients, piece: " ", every: 0.5)
        defer { trickle.stop() }
        usleep(1_000_000)
        #expect(try server.get("/api/shapes").status == 200)
        #expect(try Self.post(server, "/api/tags", #"{"data": "swift\t3"}"#).status == 200)
    }

    @Test("A header section or a body past its deadline gets 408; a silent connection is closed")
    func deadlines() throws {
        let server = try TestServer {
            $0.headerSeconds = 1
            $0.minimumRate = 1_000_000
        }
        defer { server.stop() }
        let slowHead = try server.connect()
        try slowHead.send("GET / HTTP/1.1\r\n")
        let slowBody = try server.connect()
        try slowBody.send(
            "POST /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: 500000\r\n\r\n{")
        let silent = try server.connect()
        let trickle = Trickle([slowHead, slowBody], piece: "X", every: 0.2)
        defer { trickle.stop() }
        Self.expectServerError(try slowHead.answer(), 408, "slow header section")
        Self.expectServerError(try slowBody.answer(), 408, "slow body")
        #expect(silent.isClosed())
        #expect(try server.get("/api/shapes").status == 200)
    }

    @Test("Bodies within the budget are read together; one past it gets 503 until memory is free")
    func bodyBudget() throws {
        let server = try TestServer(maximumBody: 1_000_000) { $0.bodyBudget = 2_500_000 }
        defer { server.stop() }
        let json = #"{"data": "swift"}"#
        let body = json + String(repeating: " ", count: 1_000_000 - json.utf8.count)
        let head =
            "POST /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1000000\r\n\r\n"
        let (a, b, c) = (try server.connect(), try server.connect(), try server.connect())
        try a.send(head + body.prefix(100))
        try b.send(head + body.prefix(100))
        usleep(200_000)
        try c.send(head)
        let refused = try c.answer()
        Self.expectServerError(refused, 503, "over the budget")
        #expect(refused.headers["retry-after"] == "1")
        // Small bodies are not counted: the budget never locks out an ordinary request.
        #expect(try Self.post(server, "/api/tags", #"{"data": "rust"}"#).status == 200)
        try a.send(String(body.dropFirst(100)))
        #expect(try a.answer().status == 200)
        let d = try server.connect()
        try d.send(head + body)
        #expect(try d.answer().status == 200)
        try b.send(String(body.dropFirst(100)))
        #expect(try b.answer().status == 200)
        // Over --max-body: refused from the declared length, before any of the body is sent.
        let e = try server.connect()
        try e.send(head.replacingOccurrences(of: "1000000", with: "1000001"))
        Self.expectServerError(try e.answer(), 413, "over --max-body")
    }

    /// Raw requests the server refuses by their framing, with the status each gets.
    static let framing: [(String, String, Int)] = [
        ("two equal lengths", "POST /api/tags HTTP/1.1\r\nHost: H\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", 400),
        ("two lengths", "POST /api/tags HTTP/1.1\r\nHost: H\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400),
        (
            "length and chunked", "POST /api/tags HTTP/1.1\r\nHost: H\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n",
            400
        ),
        ("chunked", "POST /api/tags HTTP/1.1\r\nHost: H\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 411),
        ("no length", "POST /api/tags HTTP/1.1\r\nHost: H\r\n\r\n", 411),
        ("length not a number", "POST /api/tags HTTP/1.1\r\nHost: H\r\nContent-Length: 0x10\r\n\r\n", 400),
        ("length of 2^64", "POST /api/tags HTTP/1.1\r\nHost: H\r\nContent-Length: 18446744073709551616\r\n\r\n", 413),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: H\r\n\r\n", 505),
        ("long target", "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: H\r\n\r\n", 414),
        ("large header section", "GET / HTTP/1.1\r\nHost: H\r\nX-A: \(String(repeating: "a", count: 40000))\r\n\r\n", 431),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: H\r\nX-A: b\r\n c\r\n\r\n", 400),
        ("bare CR", "GET / HTTP/1.1\r\nHost: H\rX-A: b\r\n\r\n", 400),
        ("bare LF", "GET / HTTP/1.1\nHost: H\n\n", 400),
        ("bad request line", "GET/ HTTP/1.1\r\nHost: H\r\n\r\n", 400),
    ]

    @Test("Each framing error gets its status, the security headers and a JSON error; the server answers on")
    func framingErrors() throws {
        let server = try TestServer(maximumBody: 1 << 20)
        defer { server.stop() }
        for (name, text, status) in Self.framing {
            let c = try server.connect()
            try c.send(text.replacingOccurrences(of: "Host: H", with: "Host: 127.0.0.1:\(server.port)"))
            Self.expectServerError(try c.answer(), status, name)
            #expect(c.isClosed(), "\(name)")
        }
        #expect(try server.get("/api/shapes").status == 200)
        // Each is logged once, with its status; refused before a request line was read, as `- -`.
        for (name, _, status) in Self.framing {
            #expect(server.log.contains { $0.hasPrefix("- - \(status) ") }, "\(name): \(server.log)")
        }
        #expect(server.log.filter { $0.hasPrefix("- - ") }.count == Self.framing.count, "\(server.log)")
    }

    @Test("Keep-alive: pipelined requests answered in order, HEAD without a body, Connection: close and HTTP/1.0 close")
    func keepAlive() throws {
        let server = try TestServer()
        defer { server.stop() }
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let c = try server.connect()
        try c.send(
            "GET /api/shapes HTTP/1.1\r\n\(host)\r\nHEAD /api/shapes HTTP/1.1\r\n\(host)\r\nGET /api/palettes HTTP/1.1\r\n\(host)\r\n"
        )
        let first = try c.answer()
        #expect(first.status == 200 && (first.json["shapes"] as? [String])?.contains("heart") == true)
        let head = try c.answer(head: true)
        #expect(head.status == 200 && head.headers["content-length"] == String(first.body.count))
        #expect(try c.answer().json["palettes"] != nil)
        try c.send("GET /api/shapes HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        #expect(try c.answer().headers["connection"] == "close")
        #expect(c.isClosed())
        let old = try server.connect()
        try old.send("GET /api/shapes HTTP/1.0\r\n\(host)\r\n")
        #expect(try old.answer().status == 200)
        #expect(old.isClosed())
        // An HTTP/1.0 client that asks to keep the connection is told it is kept.
        let kept = try server.connect()
        try kept.send("GET /api/shapes HTTP/1.0\r\n\(host)Connection: keep-alive\r\n\r\n")
        #expect(try kept.answer().headers["connection"] == "keep-alive")
        try kept.send("GET /api/shapes HTTP/1.0\r\n\(host)\r\n")
        #expect(try kept.answer().status == 200)
        #expect(kept.isClosed())
    }

    @Test("Expect: 100-continue is answered before the body is sent")
    func expectContinue() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = #"{"data": "swift"}"#
        let c = try server.connect()
        try c.send(
            "POST /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
                + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        #expect(try c.answer().status == 100)
        try c.send(body)
        #expect(try c.answer().status == 200)
    }

    @Test("Past its per-address limit an address gets 503; loopback is not limited unless asked")
    func perAddress() throws {
        let limited = try TestServer {
            $0.perAddress = 3
            $0.perAddressOnLoopback = true
        }
        defer { limited.stop() }
        var open = try (0..<3).map { _ in try limited.connect() }
        for c in open { try c.send("GET / HTTP/1.1\r\n") }
        usleep(200_000)
        let refused = try limited.connect()
        Self.expectServerError(try refused.answer(), 503, "per-address limit")
        open.removeFirst()
        // The server sees the close on its next turn of the loop; under load that may take a while.
        var status = 0
        for _ in 0..<50 where status != 200 {
            usleep(100_000)
            status = try limited.get("/api/shapes").status
        }
        #expect(status == 200)
        let loopback = try TestServer { $0.perAddress = 3 }
        defer { loopback.stop() }
        let many = try (0..<6).map { _ in try loopback.connect() }
        for c in many { try c.send("GET / HTTP/1.1\r\n") }
        usleep(200_000)
        #expect(try loopback.get("/api/shapes").status == 200)
        #expect(open.count == 2 && many.count == 6)
    }

    @Test("At the connection cap a new connection evicts the one waiting longest for its header section")
    func capEvicts() throws {
        let server = try TestServer { $0.connectionCap = 4 }
        defer { server.stop() }
        var waiting: [RawClient] = []
        for _ in 0..<4 {
            let c = try server.connect(timeout: 1)
            try c.send("GET /api/shapes HTTP/1.1\r\n")
            waiting.append(c)
            usleep(100_000)
        }
        #expect(try server.get("/api/shapes").status == 200)
        #expect(waiting[0].isClosed())
        try waiting[3].send("Host: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(try waiting[3].answer().status == 200)
    }

    @Test("Random bytes, alone or after a valid start, get an error answer or a close, never a crash")
    func garbage() throws {
        let server = try TestServer { $0.headerSeconds = 1 }
        defer { server.stop() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let starts = [
            "", "GET / HTTP/1.1\r\n", "POST /api/tags HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 3\r\n",
        ]
        var statuses: Set<Int> = []
        for round in 0..<150 {
            let c = try server.connect(timeout: 5)
            let noise = (0..<Int(next() % 300)).map { _ in UInt8(truncatingIfNeeded: next()) }
            try? c.send(Array(starts[round % starts.count].utf8) + noise + Array("\r\n\r\n".utf8))
            if let answer = try? c.answer() { statuses.insert(answer.status) }
        }
        #expect(statuses.isSubset(of: [200, 400, 403, 404, 405, 408, 411, 413, 414, 415, 431, 505]), "\(statuses)")
        #expect(statuses.contains(400))
        #expect(try server.get("/api/shapes").status == 200)
    }

    @Test("The log line escapes what the request path holds")
    func logEscapes() throws {
        let server = try TestServer()
        defer { server.stop() }
        let answer = try server.get("/%1b]0;HACKED%07%1b[2J%0aGET%20/api/render%20200%205%20ms")
        #expect(answer.status == 404)
        usleep(100_000)
        let line = server.log.last ?? ""
        #expect(line.hasPrefix("GET /\\x1b]0;HACKED\\x07\\x1b[2J\\nGET /api/render 200 5 ms 404 "), "\(line)")
        #expect(!line.contains("\u{1b}") && line.filter { $0 == "\n" }.count == 1)
    }
}
