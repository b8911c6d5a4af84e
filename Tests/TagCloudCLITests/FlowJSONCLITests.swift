import Foundation
import TagCloudTestSupport
import Testing

/// The flow's JSON layout from the command line: compact unless `--json-glyphs` asks for the
/// glyphs, and a flow too tall for its PNG refused before it is laid out.
@Suite("flow JSON and early refusal")
struct FlowJSONCLITests {
    /// The layout JSON `tagcloud flow` writes to standard output for `tags` with `extra` options.
    private func json(_ tags: [String], _ extra: [String] = []) throws -> (text: String, root: [String: Any]) {
        let r = try ToolRun.run(["flow", "--seed", "2", "--width", "300", "--format", "json", "-o", "-"] + extra + tags)
        #expect(r.status == 0, "\(r.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        return (String(decoding: r.stdout, as: UTF8.self), root)
    }

    @Test("without --json-glyphs no word has glyphs; with it every word has its own, and the rest is the same")
    func glyphsOnRequest() throws {
        let tags = ["swift", "rust", "machine learning", "zig"]
        let plain = try json(tags), full = try json(tags, ["--json-glyphs"])
        let plainWords = try #require(plain.root["placed"] as? [[String: Any]])
        let fullWords = try #require(full.root["placed"] as? [[String: Any]])
        #expect(plainWords.count == 4 && fullWords.count == 4)
        #expect(plainWords.allSatisfy { $0["glyphs"] == nil })
        for (word, tag) in zip(fullWords, tags) {
            let glyphs = try #require(word["glyphs"] as? [[String: Any]])
            #expect(glyphs.count == tag.count, "one glyph a letter of \(tag)")
        }
        // Taking the glyphs out of the full JSON leaves the plain one, line for line.
        let stripped = full.text.replacingOccurrences(of: #","glyphs":\[[^\]]*\]"#, with: "", options: .regularExpression)
        #expect(stripped == plain.text)
        #expect(plain.root["version"] as? Int == 2)
        #expect((plain.root["fonts"] as? [[String: Any]])?.first?["family"] as? String == "DejaVu Sans")
    }

    @Test("a compact layout is a valid --previous: the same tags over it give the same bytes")
    func previousFromCompact() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("first.json").path
        let tags = ["swift", "rust", "go", "zig", "kotlin", "elixir"]
        let r1 = try ToolRun.run(["flow", "--seed", "4", "--width", "200", "-o", first] + tags)
        #expect(r1.status == 0, "\(r1.stderr)")
        let again = try ToolRun.run(["flow", "--seed", "4", "--previous", first, "--format", "json", "-o", "-"] + tags)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == (try Data(contentsOf: URL(fileURLWithPath: first))))
    }

    @Test("a flow whose fewest rows are too tall for a PNG is refused before the layout, exit 1")
    func tooTallRefusedEarly() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("tags.txt")
        // 5,000 pills in 100 points: at most two a row, each at least 8 points tall, 6 apart.
        try (0..<5000).map { "tag\($0)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("f.png").path
        let r = try ToolRun.run(["flow", "--verbose", "--pill", "--width", "100", "--input", input.path, "-o", out])
        #expect(r.status == 1, "\(r.stderr)")
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("tagcloud: error: ") }
        #expect(errors.count == 1, "\(r.stderr)")
        #expect(errors.first?.contains("5000 tags at --width 100 make a flow at least 35018 pt tall at --scale 1") == true)
        #expect(errors.first?.contains("export PDF or SVG instead") == true)
        // Read, then refused: no layout phase was reported, and nothing was written.
        #expect(r.stderr.contains("tagcloud: read: 5000 tags"), "\(r.stderr)")
        #expect(!r.stderr.contains("tagcloud: layout: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // The same tags as SVG have no such limit.
        let svg = try ToolRun.run([
            "flow", "--pill", "--width", "100", "--input", input.path, "-o", dir.appendingPathComponent("f.svg").path,
        ])
        #expect(svg.status == 0, "\(svg.stderr)")
    }
}
