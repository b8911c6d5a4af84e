import Foundation

/// An IPv4 or IPv6 address as its bytes, so that every spelling of one address compares equal
/// (`::1` and `0:0:0:0:0:0:0:1`; `127.0.0.1` and `::ffff:127.0.0.1`). An IPv4 address is kept
/// IPv4-mapped (`::ffff:a.b.c.d`): one form, whatever family it came in.
struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes of the address, IPv4 mapped into IPv6.
    let bytes: [UInt8]

    private static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]

    /// The address written as `text` (dotted IPv4, or IPv6 without brackets); nil for anything else.
    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(ipv4: v4)
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(ipv6: v6)
        } else {
            return nil
        }
    }

    /// An IPv4 address.
    init(ipv4 a: in_addr) {
        var raw = a
        bytes = Self.mappedPrefix + withUnsafeBytes(of: &raw) { Array($0) }
    }

    /// An IPv6 address (IPv4-mapped ones become their IPv4 address).
    init(ipv6 a: in6_addr) {
        var raw = a
        bytes = withUnsafeBytes(of: &raw) { Array($0) }
    }

    /// The address of a socket address (a peer's, or one of the machine's); nil for other families.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let a = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            self.init(ipv4: a)
        case AF_INET6:
            let a = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self.init(ipv6: a)
        default:
            return nil
        }
    }

    /// Whether it is an IPv4 address (written in either family).
    var isIPv4: Bool { bytes.starts(with: Self.mappedPrefix) }

    /// Whether only this machine can reach it: 127.0.0.0/8 or ::1.
    var isLoopback: Bool { isIPv4 ? bytes[12] == 127 : bytes == Array(repeating: 0, count: 15) + [1] }

    /// Whether it stands for every address of the machine: 0.0.0.0 or `::`, however spelt.
    var isWildcard: Bool { isIPv4 ? bytes[12...].allSatisfy { $0 == 0 } : bytes.allSatisfy { $0 == 0 } }

    /// The address in its shortest standard spelling (dotted for IPv4), as inet_ntop writes it.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if isIPv4 {
            var a = in_addr()
            withUnsafeMutableBytes(of: &a) { $0.copyBytes(from: bytes[12...]) }
            _ = inet_ntop(AF_INET, &a, &text, socklen_t(text.count))
        } else {
            var a = in6_addr()
            withUnsafeMutableBytes(of: &a) { $0.copyBytes(from: bytes) }
            _ = inet_ntop(AF_INET6, &a, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls `body` with the address and `port` as a socket address of its own family.
    func withSocketAddress<T>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        if isIPv4 {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &a.sin_addr) { $0.copyBytes(from: bytes[12...]) }
            return withUnsafePointer(to: &a) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var a = sockaddr_in6()
        a.sin6_family = sa_family_t(AF_INET6)
        a.sin6_port = port.bigEndian
        withUnsafeMutableBytes(of: &a.sin6_addr) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
    }

    /// The addresses of this machine's network interfaces (getifaddrs), loopback included.
    static func machineAddresses() -> [IPAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [IPAddress] = []
        var item: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = item {
            if let a = entry.pointee.ifa_addr, let address = IPAddress(UnsafePointer(a)) { found.append(address) }
            item = entry.pointee.ifa_next
        }
        return found
    }
}
