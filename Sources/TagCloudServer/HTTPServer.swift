import CMicroHTTPD
import Dispatch
import Foundation

/// The HTTP side of `tagcloud serve`, through libmicrohttpd: one thread per connection (a
/// connection waits for its layout without holding up the others), a limit on open connections
/// and an idle timeout against slow clients, the body limit, and one log line per request.
final class HTTPServer: @unchecked Sendable {
    /// Set once the port is known (the Host check needs it), before the address is printed.
    var router: Router?
    private let maximumBody: Int
    private let quiet: Bool
    private var daemon: OpaquePointer?

    /// MHD_RESPMEM_MUST_COPY: the library copies the body, which Swift owns.
    private static let mustCopy = MHD_ResponseMemoryMode(rawValue: 2)!

    /// Open connections at most; beyond it libmicrohttpd refuses new ones until one closes.
    static let connectionLimit: UInt32 = 64

    init(maximumBody: Int, quiet: Bool) {
        self.maximumBody = maximumBody
        self.quiet = quiet
    }

    /// Listens on `address`; returns the port (the one the system chose when it asked for 0).
    func start(_ address: ServeAddress, connectionTimeout: UInt32) throws -> UInt16 {
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_ITC.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = address.withSocketAddress { sa in
            tagcloud_mhd_start(flags, sa, handleRequest, context, requestCompleted, connectionTimeout, Self.connectionLimit)
        }
        guard let daemon else {
            throw ServeError("cannot listen on \(address.display): \(String(cString: strerror(errno))); is the port in use?")
        }
        return tagcloud_mhd_port(daemon)
    }

    /// Stops accepting connections; those open are served on.
    func stopAccepting() {
        guard let daemon else { return }
        let socket = MHD_quiesce_daemon(daemon)
        if socket >= 0 { close(socket) }
    }

    /// Closes every connection and stops the threads.
    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    /// What one connection's current request has received so far.
    final class Exchange {
        var body = Data()
        var tooLarge = false
        var answered = false
        let start = DispatchTime.now()
    }

    /// One step of a request (libmicrohttpd calls it for the headers, each piece of body, and the end).
    fileprivate func step(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = state.pointee else {
            let exchange = Exchange()
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            // A declared length over the limit is refused before the body is read.
            if let length = header(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }), length > maximumBody {
                exchange.answered = true
                return send(connection, tooLarge(), exchange, method: method, url: url)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
        if size.pointee > 0 {
            if !exchange.tooLarge, let upload {
                if exchange.body.count + size.pointee > maximumBody {
                    exchange.tooLarge = true
                    exchange.body = Data()
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                        exchange.body.append($0, count: size.pointee)
                    }
                }
            }
            size.pointee = 0
            return .YES
        }
        if exchange.answered { return .YES }
        exchange.answered = true
        if exchange.tooLarge { return send(connection, tooLarge(), exchange, method: method, url: url) }
        let request = HTTPRequest(
            method: method, path: url, format: header(connection, .GET_ARGUMENT_KIND, "format"),
            host: header(connection, .HEADER_KIND, "Host"), origin: header(connection, .HEADER_KIND, "Origin"),
            contentType: header(connection, .HEADER_KIND, "Content-Type"), body: exchange.body)
        exchange.body = Data()
        let response = router?.respond(request) ?? .error(503, "starting: try again in a moment")
        return send(connection, response, exchange, method: method, url: url)
    }

    private func tooLarge() -> HTTPResponse {
        .error(413, "the request body is larger than the server's limit of \(maximumBody) bytes (--max-body)")
    }

    private func header(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    private func send(_ connection: OpaquePointer, _ r: HTTPResponse, _ exchange: Exchange, method: String, url: String)
        -> MHD_Result
    {
        let response = r.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), Self.mustCopy)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in HTTPResponse.securityHeaders + [("Content-Type", r.contentType)] + r.headers {
            MHD_add_response_header(response, name, value)
        }
        let result = MHD_queue_response(connection, UInt32(r.status), response)
        if !quiet {
            let ms = (DispatchTime.now().uptimeNanoseconds - exchange.start.uptimeNanoseconds) / 1_000_000
            FileHandle.standardError.write(Data("\(method) \(url) \(r.status) \(ms) ms\n".utf8))
        }
        return result
    }
}

/// libmicrohttpd's access handler: hands each step to the server named by `context`.
private func handleRequest(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
    size: UnsafeMutablePointer<Int>?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let size, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.step(
        connection, url: String(cString: url), method: String(cString: method), upload: upload, size: size, state: state)
}

/// libmicrohttpd's completion callback: releases the request's `Exchange`.
private func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_RequestTerminationCode
) {
    guard let state, let exchange = state.pointee else { return }
    Unmanaged<HTTPServer.Exchange>.fromOpaque(exchange).release()
    state.pointee = nil
}
