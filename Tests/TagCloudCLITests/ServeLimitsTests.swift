import Foundation
import TagCloudTestSupport
import Testing

/// Limits a request body meets as it is read: tags counted as they come, keys given once.
@Suite("tagcloud serve: limits counted while the body is read")
struct ServeLimitsTests {
    @Test("a body past the tag limit is refused as it is read, and the server answers on")
    func tagLimit() throws {
        let server = try ServerProcess(["--quiet"])
        // 400 KB: one tag more than a request may carry, within the default body limit of 16 MB.
        let tags = Array(repeating: "\"a\"", count: 100_001).joined(separator: ",")
        let body = Data("{\"command\": \"flow\", \"tags\": [\(tags)]}".utf8)
        let many = try server.request("POST", "/api/layout", body: body)
        #expect(many.status == 422, "\(many.text)")
        #expect(many.text.contains("more than 100000 tags"), "\(many.text)")
        let twice = try server.request(
            "POST", "/api/layout", body: Data(#"{"command": "flow", "width": 300, "width": 400, "tags": ["a"]}"#.utf8))
        #expect(twice.status == 400, "\(twice.text)")
        #expect(twice.text.contains(#"\"width\" is given twice"#), "\(twice.text)")
        let normal = try server.post("/api/layout", ["command": "flow", "width": 300, "tags": ["swift", "linux"]])
        #expect(normal.status == 200, "\(normal.text)")
        #expect(server.stop().status == 0)
    }

    @Test("While long layouts hold every slot, a small one is answered before they end")
    func longLayoutsMoveAside() throws {
        let server = try ServerProcess(["--timeout", "8", "--quiet"])
        let workers = ServeTests.workers
        let ended = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            // Some 16 s of work each, stopped at the 8 s time limit.
            Thread.detachNewThread {
                _ = try? server.post("/api/layout", ServeTests.slowCloud)
                ended.signal()
            }
        }
        Thread.sleep(forTimeInterval: 2)
        let small = try server.post("/api/layout", ServeTests.cloud)
        #expect(small.status == 200, "\(small.text)")
        // The long layouts were still running when the small one was answered.
        #expect(ended.wait(timeout: .now()) == .timedOut)
        for _ in 0..<workers { _ = ended.wait(timeout: .now() + 30) }
        #expect(server.stop().status == 0)
    }

    /// The server's resident memory in bytes, from /proc (nil where there is none, as on macOS).
    static func residentBytes(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kb * 1024
    }

    @Test("Large flows at once stay far within the server's memory target of 1.5 GB")
    func memoryUnderLargeRequests() throws {
        let server = try ServerProcess(["--quiet"])
        let pid = server.process.processIdentifier
        guard Self.residentBytes(of: pid) != nil else { return }
        func body(_ count: Int) -> Data {
            Data(
                ("{\"command\": \"flow\", \"tags\": [" + (0..<count).map { "{\"text\": \"w\($0)\"}" }.joined(separator: ",")
                    + "]}").utf8)
        }
        // Two flows at the request limit, and two bodies of 700,000 tags that would take about
        // 850 MB each to lay out and answer, refused as they are read.
        let bodies = [body(100_000), body(100_000), body(700_000), body(700_000)]
        let peak = Peak()
        let sampling = Thread { while !Thread.current.isCancelled { peak.note(Self.residentBytes(of: pid)); usleep(20_000) } }
        sampling.start()
        let answers = try ServerProcess.concurrently(bodies.count) { i in
            try server.request("POST", "/api/layout", body: bodies[i])
        }
        sampling.cancel()
        #expect(answers.map(\.status).sorted() == [200, 200, 422, 422], "\(answers.map(\.status))")
        #expect(peak.bytes < 1_000_000_000, "peak RSS \(peak.bytes) bytes")
        #expect(server.stop().status == 0)
    }

    /// The largest value noted, from a sampling thread.
    final class Peak: @unchecked Sendable {
        private let lock = NSLock()
        private var largest = 0
        var bytes: Int { lock.withLock { largest } }
        func note(_ value: Int?) { lock.withLock { largest = max(largest, value ?? 0) } }
    }
}
