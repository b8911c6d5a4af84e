import Foundation
import TagCloudTestSupport

/// A `tagcloud serve --port 0` process for a test, and a raw HTTP/1.1 client for it (raw, so a
/// test can send any Host and Origin header). Stopped with SIGTERM when the test is done. Requests
/// may be sent from several threads at once: they read only the port, set before any is sent.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The port the server printed.
    private(set) var port: UInt16 = 0

    /// An answer: status, headers (lower-case names) and body.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// Starts `tagcloud serve --port 0` with `arguments` and reads the port from its first line;
    /// `folder`, when given, is its working folder and its temporary folder (TMPDIR).
    init(_ arguments: [String] = [], folder: URL? = nil) throws {
        process.executableURL = try ToolRun.binary
        process.arguments = ["serve", "--port", "0"] + arguments
        if let folder {
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = firstLine(of: output)
        // "Editor at http://127.0.0.1:PORT/ …", or "API at …/api/ …" when no site is found.
        guard let at = text.range(of: "http://127.0.0.1:"),
            let portText = text[at.upperBound...].split(separator: "/").first,
            let port = UInt16(portText)
        else { throw ServeTestError("unexpected first line: \(text)") }
        self.port = port
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Sends SIGTERM and returns the exit status and what the server wrote on standard error.
    func stop() -> (status: Int32, log: String) {
        process.terminate()
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: log, as: UTF8.self))
    }

    /// Sends one request (`Connection: close`) and reads the answer to its end.
    func request(
        _ method: String, _ path: String, body: Data? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        var all = ["Host": "127.0.0.1:\(port)"].merging(headers) { $1 }
        if let body {
            all["Content-Length"] = String(body.count)
            if let contentType { all["Content-Type"] = contentType }
        }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        var bytes = Data((head + "\r\n").utf8)
        if let body { bytes.append(body) }
        return try Self.parse(exchange(bytes))
    }

    /// Runs `send` for 0..<n, each on a thread of its own at the same time; returns the answers in
    /// the order they came back.
    static func concurrently(_ n: Int, _ send: @escaping @Sendable (Int) throws -> Answer) throws -> [Answer] {
        let answers = Answers()
        let group = DispatchGroup()
        for i in 0..<n {
            group.enter()
            Thread.detachNewThread {
                answers.append(Result { try send(i) })
                group.leave()
            }
        }
        group.wait()
        return try answers.list.map { try $0.get() }
    }

    /// Answers collected from several threads.
    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<Answer, Error>] = []
        func append(_ r: Result<Answer, Error>) { lock.withLock { results.append(r) } }
        var list: [Result<Answer, Error>] { lock.withLock { results } }
    }

    /// POSTs a JSON object.
    func post(_ path: String, _ object: [String: Any], headers: [String: String] = [:]) throws -> Answer {
        try request("POST", path, body: JSONSerialization.data(withJSONObject: object), headers: headers)
    }

    /// A connection to the server that has sent `text` and stays open (a slow client); the caller closes it.
    func openConnection(sending text: String) throws -> Int32 {
        let fd = try connect()
        _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    private func exchange(_ bytes: Data) throws -> Data {
        let fd = try connect()
        defer { close(fd) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: buffer[0..<n])
        }
        return answer
    }

    private func connect() throws -> Int32 {
        guard let fd = loopbackSocket(port: port) else { throw ServeTestError("cannot connect to port \(port)") }
        return fd
    }

    private static func parse(_ data: Data) throws -> Answer {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { throw ServeTestError("no answer") }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
            let status = Int(statusLine.split(separator: " ")[1])
        else { throw ServeTestError("bad status line") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: Data(data[split.upperBound...]))
    }
}

/// A failure of the test harness itself.
struct ServeTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
