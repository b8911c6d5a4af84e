import Foundation
import TagCloudTestSupport

@testable import TagCloudServer

/// A server in this process on a free loopback port, with limits a test chooses, and what it logged.
final class TestServer: @unchecked Sendable {
    let server: HTTPServer
    let port: UInt16
    private let lines = Lines()

    /// Starts a server whose limits are `HTTPLimits(maximumBody:)` changed by `adjust`.
    /// `site` is the static site served at `/`.
    init(
        maximumBody: Int = 16 << 20, timeout: Double = 30, site: SiteFolder? = nil,
        _ adjust: (inout HTTPLimits) -> Void = { _ in }
    ) throws {
        let address = ServeAddress(host: "127.0.0.1", port: 0)!
        let listener = try Listener(address)
        port = listener.port
        let router = Router(
            hosts: HostCheck(address: address.ip, port: port), pool: LayoutPool(workers: 2, queue: 8), timeout: timeout,
            site: site)
        var limits = HTTPLimits(maximumBody: maximumBody)
        adjust(&limits)
        let lines = lines
        server = try HTTPServer(listener: listener, router: router, limits: limits, log: { lines.append($0) })
        server.start()
    }

    /// Stops the server.
    func stop() {
        server.stop()
    }

    /// The log lines written so far.
    var log: [String] { lines.all }

    /// A new client connection to the server.
    func connect(timeout: Double = 5) throws -> RawClient { try RawClient(port: port, timeout: timeout) }

    /// `GET path` with a good Host, on a connection of its own; the answer within `timeout` seconds.
    func get(_ path: String, timeout: Double = 5) throws -> RawClient.Answer {
        let client = try connect(timeout: timeout)
        try client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return try client.answer()
    }

    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }
}

/// A blocking client socket that sends any bytes and reads answers one at a time.
final class RawClient: @unchecked Sendable {
    let fd: Int32
    private var pending: [UInt8] = []

    /// An answer: status, headers (lower-case names) and body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    /// Connects to 127.0.0.1:`port`; reads wait at most `timeout` seconds.
    init(port: UInt16, timeout: Double) throws {
        guard let fd = loopbackSocket(port: port) else { throw ClientError("cannot connect to port \(port)") }
        self.fd = fd
        var t = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `text` as UTF-8.
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends `bytes`, all of them.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError("send failed: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// Whether an answer has begun to arrive within `timeout` seconds (nothing of it is read).
    func waitReadable(timeout: Double) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(timeout * 1000)) == 1
    }

    /// Whether the server has closed the connection (reads end of file, or a reset) within the timeout.
    func isClosed() -> Bool {
        var byte: UInt8 = 0
        while true {
            let n = recv(fd, &byte, 1, 0)
            if n == 0 || (n < 0 && errno == ECONNRESET) { return true }
            if n < 0 { return false }
        }
    }

    /// Reads one answer (its head, and a body of its Content-Length; none when `head` is true).
    func answer(head: Bool = false) throws -> Answer {
        var split: Int?
        while split == nil {
            split = find([13, 10, 13, 10])
            if split == nil { try fill() }
        }
        let headText = String(decoding: pending[..<split!], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(split! + 4)
        let parts = headText[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw ClientError("bad status line \(headText[0])") }
        var headers: [String: String] = [:]
        for line in headText.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = head || status == 100 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length { try fill() }
        let body = Array(pending[..<length])
        pending.removeFirst(length)
        return Answer(status: status, headers: headers, body: body)
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count else { return nil }
        return (0...(pending.count - needle.count)).first { pending[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private func fill() throws {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 0 else { throw ClientError(n == 0 ? "closed before an answer" : "no answer in time") }
        pending += buffer[0..<n]
    }
}

/// A failure of the test client.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
