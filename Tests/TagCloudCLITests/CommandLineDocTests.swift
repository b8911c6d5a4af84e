import Foundation
import TagCloudTestSupport
import Testing

/// docs/command-line.md carries each command's `--help` between `<!-- help: COMMAND -->` markers
/// (refilled by scripts/cli-doc.py); this fails when an option was added, renamed or removed without
/// the page following.
@Suite("docs/command-line.md follows --help")
struct CommandLineDocTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)) ?? ""
    }()

    /// The long option names (`--name`) in `text`.
    static func options(in text: some StringProtocol) -> Set<String> {
        var names = Set<String>()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i + 2 < scalars.count {
            if scalars[i] == "-", scalars[i + 1] == "-",
                i == 0 || !(scalars[i - 1].properties.isAlphabetic || scalars[i - 1] == "-"),
                scalars[i + 2].properties.isLowercase
            {
                var j = i + 2
                while j < scalars.count,
                    scalars[j].properties.isLowercase || scalars[j] == "-" || scalars[j].properties.numericType != nil
                { j += 1 }
                names.insert(String(String.UnicodeScalarView(scalars[i..<j])))
                i = j
            } else {
                i += 1
            }
        }
        return names
    }

    /// The text between `<!-- help: command -->` and the next `<!-- end help -->`.
    static func section(_ command: String) -> Substring? {
        guard let start = page.range(of: "<!-- help: \(command) -->"),
            let end = page.range(of: "<!-- end help -->", range: start.upperBound..<page.endIndex)
        else { return nil }
        return page[start.upperBound..<end.lowerBound]
    }

    @Test("each command's section lists exactly the options of its --help", arguments: ["flow", "cloud", "count", "fonts"])
    func sameOptions(_ command: String) throws {
        let help = try ToolRun.run([command, "--help"])
        #expect(help.status == 0)
        let section = try #require(Self.section(command), "no help section for \(command) in docs/command-line.md")
        let helpOptions = Self.options(in: String(decoding: help.stdout, as: UTF8.self))
        #expect(helpOptions.count >= 3 && helpOptions.contains("--help"))
        #expect(
            Self.options(in: section) == helpOptions,
            "run scripts/cli-doc.py .build/release/tagcloud docs/command-line.md")
    }

    @Test("the commands table names every command of tagcloud --help")
    func commands() throws {
        let help = String(decoding: try ToolRun.run(["--help"]).stdout, as: UTF8.self)
        let section = try #require(Self.section("commands"))
        let listed = help.components(separatedBy: "Commands:")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed.count >= 7)
        for command in listed { #expect(section.contains("`\(command)`"), "\(command) is not in the commands table") }
    }
}
