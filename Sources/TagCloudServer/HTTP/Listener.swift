import Foundation

/// The listening socket of the server, bound before the server is built so that the port the
/// system chose (for `--port 0`) is known to the Host check the router is built with.
final class Listener: @unchecked Sendable {
    /// The socket, nonblocking; -1 once closed.
    private(set) var fd: Int32
    /// The port it listens on.
    let port: UInt16

    /// Binds `address` and listens; throws a one-line error when it cannot.
    init(_ address: ServeAddress) throws {
        let family = address.ip.isIPv4 ? AF_INET : AF_INET6
        let fd = socket(family, Socket.stream, 0)
        guard fd >= 0 else { throw ServeError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.ip.withSocketAddress(port: address.port) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 511) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = Foundation.close(fd)
            throw ServeError("cannot listen on \(address.display): \(reason); is the port in use?")
        }
        Socket.prepare(fd)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.fd = fd
    }

    /// Closes the socket: no more connections are accepted.
    func close() {
        if fd >= 0 { _ = Foundation.close(fd) }
        fd = -1
    }

    deinit { close() }
}
