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
}
