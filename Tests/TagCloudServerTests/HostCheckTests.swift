import Testing

@testable import TagCloudServer

/// The Host check, by parsed address: every spelling of the server's address is taken, no other
/// name is (DNS rebinding), and a Host without a port means port 80.
@Suite("Host check")
struct HostCheckTests {
    static func check(_ address: String, port: UInt16 = 8080) -> HostCheck {
        HostCheck(
            address: IPAddress(address)!, port: port, machineNames: ["studio", "studio.local"],
            machineAddresses: { [IPAddress("192.168.1.20")!, IPAddress("fe80::1")!, IPAddress("127.0.0.1")!] })
    }

    @Test("On port 80 a Host without a port is this server; on another port it is not")
    func port80() {
        #expect(Self.check("127.0.0.1", port: 80).accepts("127.0.0.1"))
        #expect(Self.check("127.0.0.1", port: 80).accepts("localhost"))
        #expect(Self.check("127.0.0.1", port: 80).accepts("127.0.0.1:80"))
        #expect(Self.check("127.0.0.1", port: 80).accepts("127.0.0.1:"))
        #expect(!Self.check("127.0.0.1").accepts("127.0.0.1"))
        #expect(!Self.check("127.0.0.1").accepts("127.0.0.1:8081"))
        #expect(!Self.check("127.0.0.1").accepts("127.0.0.1:08080x"))
    }

    @Test("IPv6 spellings: long and short forms alike, brackets required, mapped IPv4 is IPv4")
    func ipv6() {
        let loop = Self.check("0:0:0:0:0:0:0:1")
        #expect(loop.accepts("[::1]:8080") && loop.accepts("[0:0:0:0:0:0:0:1]:8080") && loop.accepts("localhost:8080"))
        #expect(!loop.accepts("::1:8080") && !loop.accepts("[::1:8080") && !loop.accepts("[::2]:8080"))
        #expect(ServeAddress(host: "0:0:0:0:0:0:0:1", port: 1)!.isLoopback)
        let mapped = ServeAddress(host: "::ffff:127.0.0.1", port: 8080)!
        #expect(mapped.isLoopback && !mapped.isIPv6 && mapped.display == "127.0.0.1:8080")
        let check = Self.check("::ffff:127.0.0.1")
        #expect(check.accepts("127.0.0.1:8080") && check.accepts("[::ffff:127.0.0.1]:8080") && check.accepts("localhost:8080"))
        #expect(!check.accepts("[127.0.0.1]:8080"))
    }

    @Test(
        "Wildcards, however spelt, take only the machine's names and addresses", arguments: ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"])
    func wildcard(address: String) {
        #expect(ServeAddress(host: address, port: 1)!.isWildcard)
        let check = Self.check(address)
        for host in [
            "localhost:8080", "studio:8080", "STUDIO.local:8080", "192.168.1.20:8080", "[fe80::1]:8080", "127.0.0.1:8080",
            "[::1]:8080", "studio.:8080",
        ] {
            #expect(check.accepts(host), "\(host)")
        }
        for host in [
            "evil.example:8080", "192.168.1.21:8080", "studio:8081", "192.168.1.20", "", ":8080", "a b:8080",
            "studio.evil.example:8080",
        ] {
            #expect(!check.accepts(host), "\(host)")
        }
    }

    @Test("A specific address takes its own spellings and, on loopback, localhost; never other names")
    func specific() {
        let lan = Self.check("192.168.1.20")
        #expect(lan.accepts("192.168.1.20:8080") && !lan.accepts("localhost:8080") && !lan.accepts("studio:8080"))
        #expect(!lan.accepts("127.0.0.1:8080"))
        let loop = Self.check("127.0.0.1")
        #expect(loop.accepts("LOCALHOST:8080") && loop.accepts("127.0.0.1:8080") && !loop.accepts("127.0.0.2:8080"))
        #expect(!loop.accepts("evil.example:8080") && !loop.accepts("studio:8080"))
    }

    @Test("Every spelling of a loopback address binds: IPv4-mapped as IPv4, the long IPv6 form as ::1")
    func binds() throws {
        let mapped = try Listener(ServeAddress(host: "::ffff:127.0.0.1", port: 0)!)
        #expect(mapped.port > 0)
        // Where the machine has no IPv6 loopback neither binds; the long form must do what `::1` does.
        let short = try? Listener(ServeAddress(host: "::1", port: 0)!)
        let long = try? Listener(ServeAddress(host: "0:0:0:0:0:0:0:1", port: 0)!)
        #expect((short == nil) == (long == nil))
    }

    @Test("The body budget is four bodies, at most 256 MiB unless one body needs more")
    func budget() {
        #expect(HTTPLimits(maximumBody: 16 << 20).bodyBudget == 64 << 20)
        #expect(HTTPLimits(maximumBody: 100 << 20).bodyBudget == 256 << 20)
        #expect(HTTPLimits(maximumBody: 1 << 30).bodyBudget == 1 << 30)
        #expect(HTTPLimits(maximumBody: 1 << 20).transferSeconds(1 << 20) == 16)
        #expect(HTTPLimits(maximumBody: 1 << 20).transferSeconds(100) == 10)
    }

    @Test("The machine's own names come from gethostname")
    func ownNames() {
        let names = HostCheck.ownNames()
        #expect(!names.isEmpty && names.allSatisfy { $0 == $0.lowercased() })
    }
}
