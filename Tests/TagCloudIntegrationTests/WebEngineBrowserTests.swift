import Foundation
import TagCloudTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The site `make web` builds (.build/web), served as plain files, in headless Chromium: the page
/// lays out with no server behind it and fetches nothing from elsewhere, the picture is in view on
/// a phone, and the engine in the browser gives `tagcloud`'s bytes for the same command line.
@Suite("the WebAssembly engine in headless Chromium", .serialized, .enabled(if: StaticSite.built))
struct WebEngineBrowserTests {
    @Test("the page draws a cloud from its words on a desktop and a phone screen, from its own files only")
    func page() throws {
        let site = try StaticSite.start()
        defer { site.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        for (width, height) in [(1280, 800), (390, 844)] {
            try browser.open(site.url("index.html"), width: width, height: height)
            try browser.waitUntil("document.querySelector('#cloud svg')", "the cloud")
            let status = try browser.evaluate("document.getElementById('status').textContent") as? String ?? ""
            #expect(status.contains("placed 19 of 19 words"), "\(status)")
            let top = try browser.evaluate("document.querySelector('#cloud').getBoundingClientRect().top") as? Double ?? .infinity
            #expect(top < Double(height) / 2, "the picture starts at \(top) on a \(width)×\(height) screen")
            let words = try browser.evaluate("document.querySelectorAll('#cloud svg text').length") as? Int ?? 0
            #expect(words == 19)
            try browser.screenshot().write(to: StaticSite.screenshots.appendingPathComponent("web-\(width)x\(height).png"))
        }
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
        let foreign = browser.requests.filter { !$0.hasPrefix(site.origin) && !$0.hasPrefix("blob:") && !$0.hasPrefix("data:") }
        #expect(foreign.isEmpty, "the page fetched \(foreign)")
    }

    @Test(
        "the engine in Chromium writes tagcloud's bytes",
        arguments: [
            ["cloud", "--input", "t.tsv", "--seed", "3", "--rotate", "any", "--format", "json", "-o", "-"],
            ["cloud", "--input", "t.tsv", "--seed", "4", "--shape", "heart", "--legend", "--format", "svg", "-o", "-"],
            ["flow", "--input", "t.tsv", "--seed", "5", "--pill", "--width", "420", "--format", "html", "-o", "-"],
            // Counting the list as a text: its languages detected with the site's stop-word lists.
            ["count", "--text", "t.tsv", "--top", "8"],
        ])
    func parity(_ args: [String]) throws {
        let tags = "swift\t9\nrust\t7\nשלום\t6\nسلام\t5\nnamaste नमस्ते\t4\ngo\t4\nkotlin\t3\nzig\t2\nocaml\t2\ncafé\t1\n"
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(tags.utf8).write(to: dir.appendingPathComponent("t.tsv"))
        let tool = try ToolRun.run(args, in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let site = try StaticSite.start()
        defer { site.stop() }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(site.url("example.html"), width: 800, height: 600)
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const result = await new TagCloud().run(\(try json(args)), { 't.tsv': \(try json(tags)) });
              return new TextDecoder().decode(result.output);
            })
            """
        let output = try browser.evaluate(call, awaitPromise: true) as? String
        #expect(output == String(decoding: tool.stdout, as: UTF8.self))
    }

    @Test("tagcloud.js counts a text as tagcloud count does")
    func count() throws {
        let text = "The Queen said to the King: the Queen's croquet ground is the Queen's own. The King said nothing.\n"
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(text.utf8).write(to: dir.appendingPathComponent("text.txt"))
        let tool = try ToolRun.run(["count", "--text", "text.txt", "--top", "3", "--no-collocations"], in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let site = try StaticSite.start()
        defer { site.stop() }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(site.url("example.html"), width: 800, height: 600)
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const { table } = await new TagCloud().count(\(try json(text)), { top: 3, noCollocations: true });
              return table.map((t) => `${t.text}\\t${t.weight}\\n`).join('');
            })
            """
        let output = try browser.evaluate(call, awaitPromise: true) as? String
        #expect(output == String(decoding: tool.stdout, as: UTF8.self))
        #expect(output?.hasPrefix("Queen\t3\nKing\t2\n") == true, "\(output ?? "")")
    }

    private func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }
}

/// `.build/web` served by Python's static file server on a free local port.
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
