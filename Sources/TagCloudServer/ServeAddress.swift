import Foundation

/// The address `tagcloud serve` binds: an IPv4 or IPv6 literal (`localhost` is 127.0.0.1) and a port.
struct ServeAddress {
    /// The address as given (`localhost` as 127.0.0.1).
    let host: String
    /// The port; 0 lets the system choose.
    var port: UInt16
    /// Whether `host` is an IPv6 address.
    let isIPv6: Bool

    /// Parses `host`; nil when it is not an IP address.
    init?(host given: String, port: UInt16) {
        let host = given.lowercased() == "localhost" ? "127.0.0.1" : given
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            isIPv6 = true
        } else {
            return nil
        }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach the address.
    var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// Whether the address is every address of the machine (0.0.0.0 or ::).
    var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// `HOST:PORT`, with an IPv6 address in brackets, as a URL and a `Host` header write it.
    var display: String { (isIPv6 ? "[\(host)]" : host) + ":\(port)" }

    /// The `Host` header values that name this server: its address, and `localhost` on a loopback
    /// address; nil (any) when it listens on every address.
    var allowedHosts: Set<String>? {
        if isWildcard { return nil }
        var hosts: Set<String> = [display.lowercased()]
        if isLoopback { hosts.insert("localhost:\(port)") }
        return hosts
    }

    /// Calls `body` with the address as a `sockaddr`.
    func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        if isIPv6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &a.sin6_addr)
            return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &a.sin_addr)
        return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}

/// A failure of `tagcloud serve` before it serves: one line for the user.
struct ServeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
