import Foundation
import TagCloud
import TagCloudTestSupport
import TagCloudText
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// How a request's term objects reach the layout: read once, by the tag list reader, while the body
/// is read; images and texts stay in the request's recipe, never in a file.
@Suite("service bodies: term objects, images and texts")
struct ServiceBodyTests {
    /// Term objects with every kind of value: long decimals, the smallest and largest doubles,
    /// integers past 2^53 and past Int64, -0, exponents, escapes and non-ASCII text, pins, numeric
    /// ids and weights written as strings.
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

    /// The terms of a request body whose `"tags"` is `list`.
    static func bodyTerms(_ list: String) throws -> [Term] {
        let object = try OptionsObject(Array("{\"command\": \"flow\", \"tags\": \(list)}".utf8), name: "body")
        return try #require(object.tags)
    }

    @Test("a body's term objects read as the same terms as the same list in a JSON tag-list file")
    func sameTermsAsTagList() throws {
        let terms = try Self.bodyTerms(Self.tricky)
        let file = try TagListReader.read(data: Data(Self.tricky.utf8), name: "tags", format: .json)
        #expect(terms.count == 10)
        #expect(terms == file)
        // Bit for bit: Term's == would take 0 for -0 and would not tell a rounded weight.
        #expect(terms.map(\.weight.bitPattern) == file.map(\.weight.bitPattern))
    }

    @Test(
        "a bad term object fails with the message the same list in a tag-list file gives",
        arguments: [
            #"[{"text": "x", "weight": true}]"#, #"[{"text": 5}]"#, #"[{"weight": 3}]"#, #"[[1, 2]]"#,
            #"[{"text": "x", "x": "left"}]"#, #"[{"text": "x", "weight": -1}]"#,
        ])
    func sameErrors(list: String) throws {
        let body = try #require(throws: RecipeError.self) { try Self.bodyTerms(list) }
        #expect(body.key == "tags" && body.kind == .input)
        let file = try #require(throws: TextError.self) {
            try TagListReader.read(data: Data(list.utf8), name: "x", format: .json)
        }
        let reason = { (s: String) in s.split(separator: ":").dropFirst(2).joined(separator: ":") }
        #expect(reason(body.description) == reason(file.description), "\(body) vs \(file)")
    }

    @Test("a key given twice, or more tags than the limit, is refused while the body is read")
    func refusedWhileReading() throws {
        let twice = #expect(throws: RecipeError.self) {
            try OptionsObject(Array(#"{"width": 3, "width": 4}"#.utf8), name: "body")
        }
        #expect(twice?.description == #"body: "width" is given twice: keep one"#)
        let many = "[" + Array(repeating: "\"a\"", count: TagListReader.maximumTags + 1).joined(separator: ",") + "]"
        let error = #expect(throws: RecipeError.self) { try Self.bodyTerms(many) }
        #expect(error?.description.contains("more than") == true && error?.key == "tags", "\(String(describing: error))")
    }

    @Test("a request's images and text are carried in its recipe, and a path to the server's files is refused")
    func carriedInMemory() throws {
        let png = try #require(Data(base64Encoded: Self.onePixelPNG))
        let url = "data:image/png;base64," + png.base64EncodedString()
        let cloud = try RequestRecipe(
            Data(#"{"command": "cloud", "mask": "\#(url)", "tags": ["a"]}"#.utf8), command: nil)
        #expect(cloud.command == "cloud")
        #expect(cloud.recipe.images["mask"] == [UInt8](png))
        #expect(cloud.recipe.string("mask") == nil)
        let count = try RequestRecipe(Data(#"{"text": "one two two"}"#.utf8), command: "count")
        #expect(count.recipe.texts == ["one two two"])
        #expect(count.recipe.strings("text").isEmpty)
        let refused = #expect(throws: ServiceError.self) {
            try RequestRecipe(Data(#"{"command": "flow", "input": "/etc/passwd", "tags": ["a"]}"#.utf8), command: nil)
        }
        #expect(refused?.status == 400 && refused?.key == "input")
        let bad = #expect(throws: ServiceError.self) {
            try RequestRecipe(
                Data(#"{"command": "cloud", "mask": "data:image/png;base64,???", "tags": ["a"]}"#.utf8), command: nil)
        }
        #expect(bad?.key == "mask" && bad?.message.contains(#""mask" must be a base64 data: URL"#) == true)
    }

    /// A 1×1 opaque black PNG.
    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="

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
