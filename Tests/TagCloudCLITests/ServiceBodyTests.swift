import Foundation
import TagCloud
import TagCloudTestSupport
import TagCloudText
import Testing

@testable import TagCloudCLI

/// How a request's term objects reach the CLI's tag list reader: written again by `JSONValueText`
/// (not `JSONSerialization.data`, which `--config` uses), into a scratch file of the request's own.
@Suite("service bodies: term objects and scratch files")
struct ServiceBodyTests {
    /// Term objects with every kind of value: long decimals (which JSONSerialization reads as
    /// NSDecimalNumber), the smallest and largest doubles, integers past 2^53 and past Int64, -0,
    /// exponents, escapes and non-ASCII text, pins, numeric ids and weights written as strings.
    static let tricky = """
        [{"text": "a\\"b\\\\c\\u0001\\n\\u00e9\\u4e2d/", "weight": 0.30000000000000004, "link": "https://e.com/?a=1&b=2"},
         {"text": "huge", "weight": 1e300, "id": 12345678901234567890},
         {"text": "tiny", "weight": 5e-324, "id": 42, "color": "#ff0000", "group": "g"},
         {"text": "pinned", "weight": 3.0, "x": 1.5, "y": -0.0, "angle": -90, "size": 12.25},
         {"text": "string weight", "weight": "7"},
         {"word": "decimal", "count": 99999999999999999999999},
         {"tag": "exponent", "value": 1.5E-7, "id": 7.0},
         {"text": "no weight", "weight": null},
         "plain", "😀 emoji"]
        """

    /// The terms `TagListReader` reads from `list` after `write` wrote it out again.
    static func read(_ list: Any, _ write: (Any) throws -> Data) -> Result<[Term], TextErrorText> {
        Result {
            try TagListReader.read(data: try write(list), name: "tags", format: .json)
        }.mapError { TextErrorText(description: "\($0)") }
    }

    struct TextErrorText: Error, Equatable { let description: String }

    @Test("term objects written again read as the same terms as after JSONSerialization.data")
    func sameTermsAsFoundation() throws {
        let list = try JSONSerialization.jsonObject(with: Data(Self.tricky.utf8))
        let ours = Self.read(list) { try #require(JSONValueText.data($0)) }
        let foundation = Self.read(list) { try JSONSerialization.data(withJSONObject: $0) }
        let terms = try ours.get()
        #expect(terms.count == 10)
        #expect(ours == foundation)
        // Bit for bit: Term's == would take 0 for -0 and would not tell a rounded weight.
        #expect(terms.map(\.weight.bitPattern) == (try foundation.get()).map(\.weight.bitPattern))
    }

    @Test(
        "a bad term object fails with the message JSONSerialization.data's copy gives",
        arguments: [
            #"[{"text": "x", "weight": true}]"#, #"[{"text": 5}]"#, #"[{"weight": 3}]"#, #"[[1, 2]]"#,
            #"[{"text": "x", "x": "left"}]"#, "[]", #"[{"text": "x", "weight": -1}]"#,
        ])
    func sameErrors(body: String) throws {
        let list = try JSONSerialization.jsonObject(with: Data(body.utf8))
        let ours = Self.read(list) { try #require(JSONValueText.data($0)) }
        #expect(throws: (any Error).self) { try ours.get() }
        #expect(ours == Self.read(list) { try JSONSerialization.data(withJSONObject: $0) })
    }

    @Test("a number JSON cannot write is refused, not written as text a reader would choke on")
    func notFinite() {
        #expect(JSONValueText.data([NSNumber(value: Double.infinity)]) == nil)
        #expect(JSONValueText.data(["text": NSNumber(value: Double.nan)]) == nil)
        #expect(JSONValueText.data([NSNull(), "x", NSNumber(value: true)]) == Data(#"[null,"x",true]"#.utf8))
    }

    @Test("scratch files are new files readable by their owner only")
    func scratchFiles() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tags.json")
        try ServiceBody.writeScratch(Data("[\"swift\"]".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("[\"swift\"]".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // An existing file (or a link planted in its place) is never written through.
        let error = #expect(throws: ServiceError.self) { try ServiceBody.writeScratch(Data("x".utf8), to: file) }
        #expect(error?.status == 503)
        #expect(try Data(contentsOf: file) == Data("[\"swift\"]".utf8))
    }

    @Test("a request with these term objects draws the bytes the CLI draws from the same body")
    func renderMatchesCLI() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Weights must be positive and finite for a cloud: the tricky ones that are.
        let body = """
            {"command": "cloud", "width": 400, "height": 300, "seed": 3, "font": ["DejaVu Sans"],
             "tags": [{"text": "decimal", "weight": 0.30000000000000004, "link": "https://e.com/?a=1&b=2"},
                      {"text": "exponent", "weight": 1.5E-1, "id": 12345678901234567890},
                      {"text": "big", "weight": 99999999999999999999999, "color": "#ff0000"},
                      {"text": "pinned", "weight": 3.0, "x": 200.5, "y": 150, "angle": 0},
                      {"text": "string", "weight": "7"}, "plain"]}
            """
        let server = try ServerProcess(["--quiet"])
        let answer = try server.request("POST", "/api/render?format=svg", body: Data(body.utf8))
        #expect(answer.status == 200, "\(answer.text)")
        let config = folder.appendingPathComponent("config.json")
        try Data(body.utf8).write(to: config)
        let out = folder.appendingPathComponent("out.svg")
        let run = try ToolRun.run(["cloud", "--config", config.path, "-o", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(answer.body == (try Data(contentsOf: out)))
        #expect(server.stop().status == 0)
    }
}
