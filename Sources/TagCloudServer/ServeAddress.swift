import Foundation

/// The address `tagcloud serve` binds: an IPv4 or IPv6 literal (`localhost` is 127.0.0.1) and a port.
struct ServeAddress {
    /// The address, parsed: every spelling of it is the same value.
    let ip: IPAddress
    /// The port; 0 lets the system choose.
    var port: UInt16

    /// Parses `host`; nil when it is not an IP address.
    init?(host given: String, port: UInt16) {
        guard let ip = IPAddress(given.lowercased() == "localhost" ? "127.0.0.1" : given) else { return nil }
        self.ip = ip
        self.port = port
    }

    /// The address in its standard spelling (an IPv4-mapped IPv6 address as the IPv4 address it is,
    /// which is also the family it is bound in: a mapped address cannot be bound in IPv6).
    var host: String { ip.description }

    /// Whether `host` is an IPv6 address.
    var isIPv6: Bool { !ip.isIPv4 }

    /// Whether only this machine can reach the address.
    var isLoopback: Bool { ip.isLoopback }

    /// Whether the address is every address of the machine (0.0.0.0 or ::).
    var isWildcard: Bool { ip.isWildcard }

    /// `HOST:PORT`, with an IPv6 address in brackets, as a URL and a `Host` header write it.
    var display: String { (isIPv6 ? "[\(host)]" : host) + ":\(port)" }
}

/// A failure of `tagcloud serve` before it serves: one line for the user.
public struct ServeError: Error, CustomStringConvertible {
    /// The line, without the `tagcloud: error:` the command puts before it.
    public let description: String
    /// A failure saying `description`.
    init(_ description: String) { self.description = description }
}
