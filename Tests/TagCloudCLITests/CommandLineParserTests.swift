import TagCloud
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

private let specs: [RecipeKey] = [
    RecipeKey("width", short: "w", valueName: "WIDTH", help: "Image width in pixels.", group: "Layout"),
    RecipeKey("angle", valueName: "DEGREES", help: "Rotation angle.", group: "Layout"),
    RecipeKey("justify", help: "Justify lines.", group: "Layout"),
    RecipeKey("no-rotate", help: "Keep every word horizontal.", group: "Layout"),
    RecipeKey(
        "font", short: "f", valueName: "FONT", help: "Font family; tried in order.", repeatable: true,
        group: "Text"),
    RecipeKey("output", short: "o", valueName: "FILE", help: "Where to write.", group: "Output"),
    RecipeKey("seed", valueName: "N", help: "Random seed.", group: "Output"),
    RecipeKey("help", short: "h", help: "Show this help.", group: "Output"),
]
private let parser = CommandLineParser(options: specs)

private func usageMessage(_ args: [String]) -> String? {
    do {
        _ = try parser.parse(args)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct CommandLineParserTests {
    @Test(
        "value forms",
        arguments: [
            ["--width", "800"], ["--width=800"], ["-w", "800"],
        ])
    func valueForms(args: [String]) throws {
        let parsed = try parser.parse(args)
        #expect(parsed.string("width") == "800")
        #expect(try parsed.int("width", range: 1...32768) == 800)
        #expect(parsed.positionals.isEmpty)
    }

    @Test func flagsAndPositionals() throws {
        let parsed = try parser.parse(["tags.txt", "--justify", "-", "--no-rotate", "-h"])
        #expect(parsed.flag("justify"))
        #expect(parsed.flag("no-rotate"))
        #expect(parsed.flag("help"))
        #expect(!parsed.flag("width"))
        #expect(parsed.positionals == ["tags.txt", "-"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parser.parse(["--justify", "--", "--width", "-w", "-"])
        #expect(parsed.flags == ["justify"])
        #expect(parsed.positionals == ["--width", "-w", "-"])
        #expect(parsed.values.isEmpty)
    }

    @Test(
        "negative numbers are values",
        arguments: [
            (["--angle", "-45"], "-45"), (["--angle", "-0.5"], "-0.5"), (["--angle=-45"], "-45"), (["--angle", "-.5"], "-.5"),
        ])
    func negativeNumbers(args: [String], expected: String) throws {
        let parsed = try parser.parse(args)
        #expect(parsed.string("angle") == expected)
        #expect(try parsed.double("angle", range: -90...90) == Double(expected))
    }

    @Test("a dash and a digit begin a value, such as a range of angles; a dash and a letter an option")
    func negativeRanges() throws {
        #expect(try parser.parse(["--angle", "-45..45"]).string("angle") == "-45..45")
        #expect(try parser.parse(["--angle", "-90,0", "-w", "3"]).string("angle") == "-90,0")
        #expect(throws: RecipeError.self) { try parser.parse(["--angle", "-w", "3"]) }
    }

    @Test func dashIsAValue() throws {
        #expect(try parser.parse(["-o", "-"]).string("output") == "-")
    }

    @Test func repeatableKeepsOrder() throws {
        let parsed = try parser.parse(["-f", "Inter", "--font=Noto Sans", "--font", "DejaVu"])
        #expect(parsed.strings("font") == ["Inter", "Noto Sans", "DejaVu"])
        #expect(parsed.string("font") == "DejaVu")
        #expect(parsed.strings("output") == [])
    }

    @Test func numberHelpers() throws {
        let parsed = try parser.parse(["--width", "640", "--angle", "12.5", "--seed", "18446744073709551615"])
        #expect(try parsed.int("width") == 640)
        #expect(try parsed.double("angle") == 12.5)
        #expect(try parsed.uint64("seed") == UInt64.max)
        #expect(try parsed.int("output") == nil)
        #expect(try parsed.double("output", range: 0...1) == nil)
        #expect(try parsed.uint64("output") == nil)
    }

    @Test(
        "bad numbers name the option, the value and what is expected",
        arguments: [
            (["--width", "abc"], "invalid value \"abc\" for --width: expected a number between 1 and 32768"),
            (["--width", "0"], "invalid value \"0\" for --width: expected a number between 1 and 32768"),
            (["--width", "nan"], "invalid value \"nan\" for --width: expected a number between 1 and 32768"),
            (["--angle", "1e999"], "invalid value \"1e999\" for --angle: expected a number between 1 and 32768"),
        ])
    func badDouble(args: [String], message: String) throws {
        let parsed = try parser.parse(args)
        let name = args[0].dropFirst(2)
        #expect(throws: RecipeError.usage(message)) { try parsed.double(String(name), range: 1...32768) }
    }

    @Test func badIntAndSeed() throws {
        let parsed = try parser.parse(["--width", "2.5", "--seed", "-1"])
        #expect(throws: RecipeError.usage("invalid value \"2.5\" for --width: expected a whole number between 1 and 100")) {
            try parsed.int("width", range: 1...100)
        }
        #expect(throws: RecipeError.usage("invalid value \"2.5\" for --width: expected a whole number")) {
            try parsed.int("width")
        }
        #expect(
            throws: RecipeError.usage(
                "invalid value \"-1\" for --seed: expected a whole number between 0 and 18446744073709551615")
        ) {
            try parsed.uint64("seed")
        }
        #expect(throws: RecipeError.usage("invalid value \"-1\" for --seed: expected a number between 0.5 and 2")) {
            try parsed.double("seed", range: 0.5...2)
        }
    }

    @Test(
        "usage errors",
        arguments: [
            (["--widht", "3"], "unknown option --widht: did you mean --width?"),
            (["--fnot=x"], "unknown option --fnot: did you mean --font?"),
            (["-width", "3"], "unknown option -width: did you mean --width?"),
            (["--no-justify"], "unknown option --no-justify: did you mean --justify?"),
            (["--zzzzzz"], "unknown option --zzzzzz (see --help)"),
            (["-q"], "unknown option -q (see --help)"),
            (["--width"], "option --width needs a value (WIDTH)"),
            (["-w"], "option -w needs a value (WIDTH)"),
            (
                ["--output", "--justify"],
                "option --output needs a value (FILE); for a value starting with '-', write --output=FILE"
            ),
            (["--justify=yes"], "option --justify takes no value"),
            (["--width", "1", "-w", "2"], "option --width given twice"),
            (["--justify", "--justify"], "option --justify given twice"),
        ])
    func usageErrors(args: [String], message: String) {
        #expect(usageMessage(args) == message)
    }

    @Test func exitCodes() {
        #expect(RecipeError.usage("x").exitCode == 1)
        #expect(RecipeError.input("x").exitCode == 2)
        #expect(RecipeError.output("x").exitCode == 4)
        #expect(RecipeError.input("cannot read tags.txt").description == "cannot read tags.txt")
    }

    @Test(
        "edit distance",
        arguments: [
            ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("widht", "width", 2),
            ("kitten", "sitting", 3), ("font", "font", 0),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
        #expect(editDistance(b, a) == expected)
    }

    @Test("a suggestion is only made for a near miss: about one edit in three letters, at least two")
    func closestMatches() {
        let commands = ["flow", "cloud", "count", "fonts", "palettes", "shapes", "config", "help", "version"]
        #expect(closestMatch(to: "flwo", among: commands) == "flow")
        #expect(closestMatch(to: "clod", among: commands) == "cloud")
        #expect(closestMatch(to: "pallettes", among: commands) == "palettes")
        #expect(closestMatch(to: "bogus", among: commands) == nil, "three edits from fonts, in five letters")
        #expect(closestMatch(to: "x", among: commands) == nil)
        #expect(closestMatch(to: "cloud", among: commands) == "cloud")
    }

    @Test func helpPage() {
        let long =
            "A deliberately long help text that has to wrap because it goes well past the one hundred "
            + "column limit of the help page, twice over if possible, to check the hanging indent."
        let text = helpText(
            command: "tagcloud render", summary: "Draws a word cloud.",
            usage: ["[options] FILE", ""],
            options: specs + [
                RecipeKey(
                    "background", valueName: "COLOR", help: long,
                    group: "Layout")
            ],
            examples: ["tagcloud render tags.txt -o cloud.png"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Draws a word cloud.")
        #expect(lines.contains("  tagcloud render [options] FILE"))
        #expect(lines.contains("  tagcloud render"))
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        // Groups appear once, in first-seen order, with their options under them.
        let headers = lines.filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") }
        #expect(headers == ["Usage:", "Layout:", "Text:", "Output:", "Examples:"])
        let layout = lines.firstIndex(of: "Layout:")!, textGroup = lines.firstIndex(of: "Text:")!
        #expect(lines[layout..<textGroup].contains { $0.contains("--background COLOR") })
        // Help texts start in one column, whether or not the option has a short form.
        let width = lines.first { $0.contains("--width WIDTH") }!
        let justify = lines.first { $0.contains("--justify") }!
        #expect(width.hasPrefix("  -w, --width WIDTH "))
        #expect(justify.hasPrefix("      --justify "))
        func column(of word: String, in line: String) -> Int? {
            line.firstRange(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(column(of: "Image", in: width) != nil)
        #expect(column(of: "Image", in: width) == column(of: "Justify", in: justify))
        #expect(lines.contains { $0.hasSuffix("Font family; tried in order. (repeatable)") })
        let wrapped = lines.drop { !$0.contains("--background") }.dropFirst().first!
        #expect(wrapped.hasPrefix(String(repeating: " ", count: 20)))
        #expect(lines.contains("  tagcloud render tags.txt -o cloud.png"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func wrapKeepsLongWordsWhole() {
        #expect(wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
        #expect(wrap("averyveryverylongword x", width: 5) == ["averyveryverylongword", "x"])
        #expect(wrap("one\ntwo", width: 50) == ["one", "two"])
    }
}
