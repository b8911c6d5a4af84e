import Foundation

/// Which `Host` headers name this server, compared as parsed addresses and ports, not as strings:
/// a web page whose name was re-pointed at this machine (DNS rebinding) sends its own name and is
/// refused, while every spelling of the server's address is taken.
///
/// - On a specific address: that address (any spelling, IPv6 in brackets), and `localhost` when it
///   is a loopback address.
/// - On a wildcard (0.0.0.0, `::`): `localhost`, the machine's own names (`gethostname`, and that
///   name under `.local`, its mDNS name) and its own addresses (`getifaddrs`, read when needed, as
///   interfaces come and go) — never any name, which would let a rebound page in.
///
/// The port must be the server's; a `Host` without one means port 80, as browsers leave it out there.
struct HostCheck: Sendable {
    /// The address the server is bound to.
    let address: IPAddress
    /// The port it listens on.
    let port: UInt16
    /// Names of this machine, lower-case, taken on a wildcard address.
    let machineNames: Set<String>
    /// The machine's addresses now (getifaddrs; injectable for tests).
    let machineAddresses: @Sendable () -> [IPAddress]

    /// The check for a server on `address` and `port`.
    init(
        address: IPAddress, port: UInt16, machineNames: Set<String>? = nil,
        machineAddresses: @escaping @Sendable () -> [IPAddress] = IPAddress.machineAddresses
    ) {
        self.address = address
        self.port = port
        self.machineNames = machineNames ?? Self.ownNames()
        self.machineAddresses = machineAddresses
    }

    /// Whether the `Host` header `host` names this server.
    func accepts(_ host: String) -> Bool {
        guard let parsed = Self.parse(host), parsed.port == port else { return false }
        switch parsed.name {
        case .address(let literal):
            if literal == address { return true }
            return address.isWildcard && (literal.isLoopback || machineAddresses().contains(literal))
        case .name(let name):
            if name == "localhost" { return address.isLoopback || address.isWildcard }
            return address.isWildcard && machineNames.contains(name)
        }
    }

    /// What a `Host` header names.
    enum Name: Equatable {
        case address(IPAddress)
        case name(String)
    }

    /// Splits `host` into its name or address and its port (80 when left out); nil when it is not
    /// a valid `Host` (brackets not closed, a bad port, an IPv6 address without brackets, a zone).
    static func parse(_ host: String) -> (name: Name, port: UInt16)? {
        let text = host.lowercased()
        var name: Name
        var rest: Substring
        if text.hasPrefix("[") {
            // Brackets hold an IPv6 literal only (`[::ffff:127.0.0.1]` is one; `[127.0.0.1]` is not).
            guard let close = text.firstIndex(of: "]") else { return nil }
            let inside = text[text.index(after: text.startIndex)..<close]
            guard inside.contains(":"), let ip = IPAddress(String(inside)) else { return nil }
            name = .address(ip)
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            var label = text[..<colon]
            if label.hasSuffix(".") { label = label.dropLast() }
            guard !label.isEmpty, label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
            else { return nil }
            name = IPAddress(String(label)).map { .address($0) } ?? .name(String(label))
            rest = text[colon...]
        }
        if rest.isEmpty { return (name, 80) }
        guard rest.first == ":" else { return nil }
        let digits = rest.dropFirst()
        if digits.isEmpty { return (name, 80) }
        guard digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(digits) else {
            return nil
        }
        return (name, port)
    }

    /// `gethostname`, its first label, and each under `.local`, lower-case.
    static func ownNames() -> Set<String> {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
        let full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        guard !full.isEmpty else { return [] }
        var names: Set<String> = [full]
        if let short = full.split(separator: ".").first {
            names.insert(String(short))
            names.insert(short + ".local")
        }
        return names
    }
}
