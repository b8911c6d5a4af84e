import Foundation
import TagCloudTestSupport
import Testing

/// `--verbose` on every command, and `--quiet` winning over it (ToolRun and scratchFolder come from
/// TagCloudTestSupport).
@Suite("--verbose and --quiet")
struct VerboseCLITests {
    static let text = """
        The White Rabbit ran past Alice in 1865. Alice followed the White Rabbit down the hole.
        The White Rabbit was late; Alice was curious. A b c.

        """

    /// The lines of standard error that start with `name:`, without the program prefix.
    private func lines(_ stderr: String, _ name: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("tagcloud: \(name): ") }
            .map { String($0.dropFirst("tagcloud: ".count)) }
    }

    /// Whether `line` ends with a duration, `in N ms`.
    private func timed(_ line: String) -> Bool {
        line.range(of: #" in \d+ ms$"#, options: .regularExpression) != nil
    }

    @Test("flow: tags read, placed and hidden by --max-rows, then render and write, each timed")
    func flow() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("f.png").path
        let tags = (0..<40).map { "tag\($0)" }
        let r = try ToolRun.run(["flow", "--verbose", "--seed", "1", "--max-rows", "2", "--width", "300", "-o", out] + tags)
        #expect(r.status == 0, "\(r.stderr)")
        let read = lines(r.stderr, "read"), layout = lines(r.stderr, "layout")
        #expect(read.count == 1 && read[0].hasPrefix("read: 40 tags") && timed(read[0]), "\(r.stderr)")
        #expect(layout.count == 1 && timed(layout[0]), "\(r.stderr)")
        let placed =
            try JSONSerialization.jsonObject(
                with: try ToolRun.run(
                    ["flow", "--seed", "1", "--max-rows", "2", "--width", "300", "--format", "json", "-o", "-"] + tags
                ).stdout) as? [String: Any]
        let count = (placed?["placed"] as? [Any])?.count ?? -1
        #expect(
            layout.first?.hasPrefix("layout: \(count) placed, \(40 - count) hidden by --max-rows, 0 empty") == true, "\(r.stderr)"
        )
        #expect(lines(r.stderr, "unplaced") == ["unplaced: rowLimit \(40 - count)"])
        #expect(lines(r.stderr, "render").first.map { $0.hasPrefix("render: png") && timed($0) } == true, "\(r.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? -1
        #expect(
            lines(r.stderr, "write").first.map { $0.hasPrefix("write: \(size) bytes to \(out)") && timed($0) } == true,
            "\(r.stderr)")
    }

    @Test("count: bytes, words, words removed per filter, terms, language, each phase timed")
    func count() throws {
        let r = try ToolRun.run(["count", "--text", "-", "--verbose", "--top", "3"], stdin: Data(Self.text.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").count == 3)
        let bytes = Self.text.utf8.count
        #expect(lines(r.stderr, "text") == ["text: \(bytes) bytes, 27 words, language en (detected)"], "\(r.stderr)")
        // 1865; A, b, c; the ×3, in, down, was ×2 and the sentence-initial The ×2, … are stop words.
        let filters = lines(r.stderr, "filters")
        #expect(
            filters.count == 1 && filters[0].hasPrefix("filters: removed 1 numbers, 3 shorter than 2 characters, "), "\(r.stderr)"
        )
        let terms = lines(r.stderr, "terms")
        #expect(
            terms.count == 1 && terms[0].hasSuffix("; the 3 most frequent kept (--top)") && terms[0].contains("collocations"),
            "\(r.stderr)")
        #expect(lines(r.stderr, "read").first.map { $0.hasPrefix("read: 3 terms") && timed($0) } == true, "\(r.stderr)")
        #expect(
            lines(r.stderr, "write").first.map {
                $0.hasPrefix("write: 3 lines, \(r.stdout.count) bytes to standard output") && timed($0)
            } == true,
            "\(r.stderr)")
    }

    @Test("cloud --text: the text's summary, then read, layout, render and write")
    func cloudText() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ToolRun.run(
            [
                "cloud", "--text", "-", "-v", "--seed", "1", "--width", "300", "--height", "200",
                "-o", dir.appendingPathComponent("c.svg").path,
            ], stdin: Data(Self.text.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["text", "filters", "terms", "read", "layout", "render", "write"] {
            #expect(lines(r.stderr, name).count == 1, "no \(name) line in \(r.stderr)")
        }
        for name in ["read", "layout", "render", "write"] { #expect(lines(r.stderr, name).allSatisfy(timed)) }
    }

    @Test(
        "--quiet wins over --verbose: nothing but errors",
        arguments: [
            ["count", "--text", "-"], ["flow", "--text", "-", "-o", "OUT.svg"], ["cloud", "--text", "-", "-o", "OUT.png"],
        ])
    func quiet(_ args: [String]) throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = args.map { $0.replacingOccurrences(of: "OUT", with: dir.appendingPathComponent("out").path) }
        let r = try ToolRun.run(args + ["--verbose", "--quiet"], stdin: Data(Self.text.utf8))
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        // An error still gets through.
        let bad = try ToolRun.run(args + ["--verbose", "--quiet"], stdin: Data("the of and".utf8))
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("tagcloud: error: no words left in standard input"), "\(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }
}
