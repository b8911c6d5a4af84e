import Foundation
import TagCloud
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// The server's entry points stop a count when the request's token is cancelled, as they stop a
/// layout: `tagcloud serve --timeout` passes each request's token.
@Suite("service calls with a cancellation token")
struct ServiceCancellationTests {
    static let body = Data(
        #"{"text": "The White Rabbit ran past Alice; Alice followed the White Rabbit.", "word-pattern": "\\p{L}+"}"#.utf8)

    @Test("ToolService.count with a cancelled token throws the cancelled error; without, it counts")
    func count() throws {
        let token = CancellationToken()
        let counted = String(
            decoding: try ToolService.count(Self.body, cancellation: token), as: UTF8.self)
        #expect(counted.contains(#"{"text": "Alice", "weight": 2}"#), "\(counted)")
        token.cancel()
        do {
            _ = try ToolService.count(Self.body, cancellation: token)
            Issue.record("a cancelled count answered")
        } catch let error as ServiceError {
            #expect(error.message == TagCloudError.cancelled.description)
        }
    }
}
