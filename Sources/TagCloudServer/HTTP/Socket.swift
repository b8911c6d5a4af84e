import Foundation

/// The few socket calls the server makes, spelt once for Linux and macOS.
enum Socket {
    /// SOCK_STREAM as `socket` takes it.
    static var stream: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// Makes `fd` nonblocking and closed on exec (a layout's helper programs must not inherit it).
    static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if !os(Linux)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send` that never raises SIGPIPE on a closed peer (the caller sees EPIPE instead).
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        #if os(Linux)
        return Foundation.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        return Foundation.send(fd, base, bytes.count, 0)
        #endif
    }

    /// Whether the last call failed only because the socket was not ready.
    static var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }

    /// Seconds on the system's monotonic clock.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
