import Foundation
import TagCloud
import TagCloudTestSupport
import TagCloudText
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// Parses a command line of `command` as its prologue does.
private func parsed(_ command: any OptionTableCommand.Type, _ args: [String]) throws -> Recipe {
    try CommandLineParser(options: command.options).parse(args)
}

private var quiet: Reporting { Reporting(Recipe(flags: ["quiet"])) }

@Suite("resolved requests: each command's options as typed values")
struct ResolvedRequestTests {
    @Test("flow: a pill brings its fill and padding unless a padding is given")
    func flowFrame() throws {
        let pill = try FlowRequest(parsed(FlowCommand.self, ["--pill", "a", "-o", "x.svg"]))
        #expect(pill.options.decoration?.fill == FlowRecipe.pillFill)
        #expect(pill.options.padding == FlowRecipe.framePadding)
        let padded = try FlowRequest(parsed(FlowCommand.self, ["--pill", "--padding", "2", "a", "-o", "x.svg"]))
        #expect(padded.options.padding == EdgeInsets(all: 2))
        let plain = try FlowRequest(parsed(FlowCommand.self, ["a", "-o", "x.svg"]))
        #expect(plain.options.decoration == nil)
        #expect(plain.width == FlowRecipe.defaultWidth)
    }

    @Test("the destination and the rendering: format from the extension or --format, standard output as SVG")
    func output() throws {
        let file = try FlowRequest(parsed(FlowCommand.self, ["a", "-o", "x.PNG", "--scale", "2", "--svg-outlines"])).output
        #expect(file.destination.format == .png && file.destination.name == "x.PNG")
        #expect(file.scale == 2 && file.svgOutlines && !file.svgEmbedFonts && file.contrastGuard)
        let standard = try FlowRequest(parsed(FlowCommand.self, ["a", "-o", "-", "--no-contrast-guard"])).output
        #expect(standard.destination.format == .svg && standard.destination.name == "standard output")
        #expect(!standard.contrastGuard)
        let forced = try FlowRequest(parsed(FlowCommand.self, ["a", "-o", "-", "--format", "HTM", "--theme", "dark"])).output
        #expect(forced.destination.format == .html && forced.theme == .dark)
    }

    @Test("the term sources: tags, tag lists and a text with its own options")
    func sources() throws {
        let tags = try FlowRequest(parsed(FlowCommand.self, ["a", "b", "--input", "t.tsv", "-o", "x.svg"])).terms
        #expect(tags.tags == ["a", "b"] && tags.tagLists == ["t.tsv"] && tags.text == nil)
        let text = try FlowRequest(parsed(FlowCommand.self, ["--text", "s.txt", "--min-length", "3", "-o", "x.svg"])).terms.text
        #expect(text?.sources == ["s.txt"])
        #expect(text?.top == FlowRecipe.defaultTextTop, "a flow keeps the most frequent terms of a text")
        #expect(text?.options.minimumLength == 3)
        let counted = try CountCommand.resolve(
            parsed(CountCommand.self, ["--text", "a.txt", "b.txt", "--top", "5"]), reporting: quiet)
        #expect(counted.text.sources == ["a.txt", "b.txt"] && counted.text.top == 5 && !counted.merges && counted.output == "-")
    }

    @Test("cloud: the seed given, or one drawn and announced")
    func seed() throws {
        let given = try CloudRequest(parsed(CloudCommand.self, ["a", "--seed", "42", "-o", "x.svg"]), reporting: quiet)
        #expect(given.seed.value == 42 && !given.seed.drawn && given.options.seed == 42)
        let drawn = try CloudRequest(parsed(CloudCommand.self, ["a", "-o", "x.svg"]), reporting: quiet)
        #expect(drawn.seed.drawn && drawn.options.seed == drawn.seed.value)
    }

    @Test("quiet and verbose are read once: verbose is off under quiet")
    func reporting() {
        #expect(!Reporting(Recipe(flags: ["verbose", "quiet"])).verbose.enabled)
        #expect(Reporting(Recipe(flags: ["verbose"])).verbose.enabled)
        #expect(!Reporting(Recipe()).quiet)
    }

    @Test("exit statuses: 1 usage, 2 input, 3 unplaced under --fit all, 4 output")
    func exitStatuses() {
        #expect([RecipeError.usage("x"), .input("x"), .unplaced("x"), .output("x")].map(\.exitCode) == [1, 2, 3, 4])
        #expect(RecipeError.unplaced("--fit all: 3 words fit nowhere").description == "--fit all: 3 words fit nowhere")
    }

    @Test("numbers as the command line writes them")
    func numbers() {
        #expect(NumberText.plain(600) == "600" && NumberText.plain(0.5) == "0.5" && NumberText.plain(-90) == "-90")
        #expect(NumberText.plain(12.5) == "12.5" && NumberText.plain(1e-3) == "0.001")
        #expect(NumberText.count(1, "word") == "1 word" && NumberText.count(Int64(3), "byte") == "3 bytes")
        #expect(NumberText.count(0, "word") == "0 words")
        #expect(NumberText.percent(0.416) == "42%" && NumberText.percent(1) == "100%")
        #expect(NumberText.milliseconds(0.1234) == "123 ms")
        #expect(NumberText.wholeMegabytes(16 << 20) == "16 MB")
    }

    @Test("--rotate: lists with spaces and tabs around, ranges, steps; anything else refused")
    func rotations() throws {
        #expect(try RotationArgument.parse(" 0,\t-90\u{2003}") == .angles([0, -90]))
        #expect(try RotationArgument.parse("any") == .range(from: -90, to: 90))
        #expect(try RotationArgument.parse("-45..45") == .range(from: -45, to: 45))
        #expect(try RotationArgument.parse("0..90:45") == .angles([0, 45, 90]))
        for bad in ["1....2", "1...2", "1..2:0", "a", "", "1..2:3:4", "400"] {
            #expect(throws: RecipeError.self, "\(bad)") { try RotationArgument.parse(bad) }
        }
    }

    @Test("one check for paths: missing, a folder, a file; an input's size or the reason it cannot be read")
    func paths() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("f.txt").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
        let link = dir.appendingPathComponent("broken").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir.appendingPathComponent("none").path)
        #expect(PathKind(dir.path) == .folder)
        #expect(PathKind(file) == .file)
        #expect(PathKind("/dev/null") == .file)
        #expect(PathKind(dir.appendingPathComponent("none").path) == .missing)
        #expect(PathKind(link) == .missing, "a broken link names nothing")
        #expect(try InputFile.readableSize(file) == 5)
        #expect(throws: WholeFile.Failure.folder) { try InputFile.readableSize(dir.path) }
        #expect(throws: WholeFile.Failure.missing) { try InputFile.readableSize(link) }
        #expect(throws: RecipeError.input("cannot read \(dir.path): it is a folder, not a file")) {
            try InputFile.checkedSize(dir.path)
        }
    }
}
