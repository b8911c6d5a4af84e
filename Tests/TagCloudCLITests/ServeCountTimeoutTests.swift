import Dispatch
import Foundation
import Testing

/// `tagcloud serve --timeout` stops a count as it stops a layout: the request's token reaches the
/// counter, so a slow count frees its slot at the deadline instead of when it would have ended.
@Suite("tagcloud serve: counts past the time limit", .serialized)
struct ServeCountTimeoutTests {
    /// A count of some 5 s on the project's 2-core machine: 8 MB of 150-letter words under a word
    /// pattern that backtracks over the rest of each word at every start (about 75 steps per
    /// character, within the pattern's budget of 100).
    static var slowCount: [String: Any] {
        let word = String(repeating: "a", count: 150) + " "
        return ["text": String(repeating: word, count: (8 << 20) / word.utf8.count), "word-pattern": "[a-z]+x"]
    }

    @Test("A count past the time limit is stopped: its slot is free long before the count would have ended")
    func timedOutCountIsStopped() throws {
        let server = try ServerProcess(["--timeout", "0.5", "--quiet"])
        let slow = try ServerProcess.concurrently(ServeTests.workers) { _ in try server.post("/api/count", Self.slowCount) }
        for answer in slow {
            #expect(answer.status == 503, "\(answer.text)")
            #expect((answer.json["error"] as? String)?.contains("time limit (--timeout 0.5)") == true, "\(answer.text)")
        }
        // Left to run, the counts would hold every slot for seconds more; stopped, they free them
        // at once. Retried for 5 time limits, so that a slow machine cannot fail the test.
        let start = DispatchTime.now()
        var small = try server.post("/api/count", ["text": "rabbit hole rabbit"])
        while small.status == 503 && DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds < 2_500_000_000 {
            small = try server.post("/api/count", ["text": "rabbit hole rabbit"])
        }
        #expect(small.status == 200, "\(small.text)")
        #expect(small.text.contains(#"{"text": "rabbit", "weight": 2}"#), "\(small.text)")
        #expect(server.stop().status == 0)
    }
}
