import Foundation
import TagCloudTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `.build/web` served on a free local port by Python's static file server, as any static host
/// would, or by `tagcloud serve --site` at `/`.
struct StaticSite {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = root.appendingPathComponent(".build/web")
    /// Where the screenshots go, to be looked at.
    static let screenshots = root.appendingPathComponent(".build")

    /// Whether the site is built (make web, or make test on Debian).
    static var built: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("tagcloud.wasm").path) }

    let process: Process
    let origin: String

    /// The server, once it answers.
    static func start() throws -> StaticSite {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let port = Int.random(in: 20_000...60_000)
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "-d", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let site = StaticSite(process: process, origin: "http://127.0.0.1:\(port)/")
        for _ in 0..<100 {
            if accepts(port: port) { return site }
            usleep(50_000)
        }
        site.stop()
        throw CocoaError(.fileReadUnknown)
    }

    /// `tagcloud serve --port 0 --site .build/web`, once it prints its address.
    static func serve() throws -> StaticSite {
        let (process, address) = try startServe(["--quiet", "--site", folder.path])
        return StaticSite(process: process, origin: address)
    }

    func url(_ name: String) -> URL { URL(string: origin + name)! }

    /// Whether something accepts connections on the local `port` (Foundation's HTTP client is not
    /// used: it blocks inside the test runner).
    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Stops the server with SIGKILL: the test runner's threads block SIGTERM, and its children
    /// inherit that mask.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
