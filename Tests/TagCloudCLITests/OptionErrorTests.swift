import Foundation
import TagCloud
import TagCloudGraphics
import TagCloudTestSupport
import Testing

/// A 200x150 PNG mask (a dark disc on white), for the cases that need a readable mask.
private let maskPNG: [UInt8] = {
    let disc = BitMask(width: 200, height: 150) { x, y in (x - 100) * (x - 100) + (y - 75) * (y - 75) < 3600 }
    return [UInt8]((try? ImageWriter.pngData(disc, set: .black, clear: .white)) ?? Data())
}()

private let text: [UInt8] = Array("The White Rabbit ran past Alice.\n".utf8)

/// Each option a command resolves before its work has its own message and exit status: one case per
/// check of the text, output, style, flow and cloud options that the other suites do not reach.
@Suite("option errors: the message and status of each resolved option")
struct OptionErrorTests {
    static let cases: [RecipeErrorCase] = [
        RecipeErrorCase(
            name: "text that is a folder", args: ["count", "--text", "DIR"], status: 2,
            message: "cannot read DIR: it is a folder, not a file"),
        RecipeErrorCase(
            name: "file argument of count that does not exist", args: ["count", "DIR/missing.txt"], status: 2,
            message: "cannot read DIR/missing.txt: no such file"),
        RecipeErrorCase(
            name: "standard input for tags and text", args: ["flow", "--input", "-", "--text", "-", "-o", "OUT.png"],
            status: 1, message: "standard input (-) can be read only once: give it to --text or to --input, not both"),
        RecipeErrorCase(
            name: "standard input counted twice", args: ["count", "--text", "-", "-"], status: 1,
            message: "standard input (-) can be read only once"),
        RecipeErrorCase(
            name: "a stop-word list and none",
            args: ["count", "--text", "DIR/t.txt", "--stopwords", "DIR/s.txt", "--no-stopwords"],
            files: ["t.txt": text, "s.txt": Array("alice\n".utf8)], status: 1,
            message: "give either --stopwords FILE or --no-stopwords, not both"),
        RecipeErrorCase(
            name: "stop-word list that does not exist", args: ["count", "--text", "DIR/t.txt", "--stopwords", "DIR/none.txt"],
            files: ["t.txt": text], status: 2, message: "cannot read DIR/none.txt: no such file"),
        RecipeErrorCase(
            name: "word pattern that does not compile", args: ["count", "--text", "DIR/t.txt", "--word-pattern", "(["],
            files: ["t.txt": text], status: 1, message: "--word-pattern: invalid word pattern \"([\""),
        RecipeErrorCase(
            name: "count without a text", args: ["count"], status: 1,
            message: "no text given: use --text FILE (or - for standard input)"),
        RecipeErrorCase(
            name: "text option without a text", args: ["flow", "swift", "--top", "3", "-o", "OUT.png"], status: 1,
            message: "--top applies to --text FILE: give the text to count with --text"),
        RecipeErrorCase(
            name: "unknown theme", args: ["flow", "swift", "--theme", "neon", "-o", "OUT.html"], status: 1,
            message: "invalid value \"neon\" for --theme: expected one of light, dark, auto"),
        RecipeErrorCase(
            name: "unknown format", args: ["flow", "swift", "--format", "gif", "-o", "OUT.png"], status: 1,
            message: "invalid value \"gif\" for --format: expected png, pdf, svg, html or json"),
        RecipeErrorCase(
            name: "scale out of range", args: ["flow", "swift", "--scale", "0", "-o", "OUT.svg"], status: 1,
            message: "invalid value \"0\" for --scale: expected a number between 0.01 and 64"),
        RecipeErrorCase(
            name: "unknown font weight", args: ["flow", "swift", "--font-weight", "heavyish", "-o", "OUT.png"], status: 1,
            message: "invalid value \"heavyish\" for --font-weight: expected 100–900 or a name such as bold"),
        RecipeErrorCase(
            name: "unknown font style", args: ["flow", "swift", "--font-style", "slanted", "-o", "OUT.png"], status: 1,
            message: "invalid value \"slanted\" for --font-style: expected normal, italic or oblique"),
        RecipeErrorCase(
            name: "negative seed", args: ["flow", "swift", "--seed", "-1", "-o", "OUT.png"], status: 1,
            message: "invalid value \"-1\" for --seed: expected a whole number between 0 and 18446744073709551615"),
        RecipeErrorCase(
            name: "padding of three numbers", args: ["flow", "swift", "--padding", "1,2,3", "-o", "OUT.png"], status: 1,
            message:
                "invalid value \"1,2,3\" for --padding: expected 1 number or 2 numbers of points from 0 to 100000, separated by commas"
        ),
        RecipeErrorCase(
            name: "insets of two numbers", args: ["flow", "swift", "--insets", "1,2", "-o", "OUT.png"], status: 1,
            message:
                "invalid value \"1,2\" for --insets: expected 1 number or 4 numbers of points from 0 to 100000, separated by commas"
        ),
        RecipeErrorCase(
            name: "unknown alignment", args: ["flow", "swift", "--align", "middle", "-o", "OUT.png"], status: 1,
            message: "invalid value \"middle\" for --align: expected one of leading, center, trailing"),
        RecipeErrorCase(
            name: "unknown strategy", args: ["cloud", "a", "--strategy", "spiral", "-o", "OUT.png"], status: 1,
            message: "invalid value \"spiral\" for --strategy: expected one of archimedean, rectangular, random"),
        RecipeErrorCase(
            name: "a shape and a mask", args: ["cloud", "a", "--shape", "heart", "--mask", "DIR/m.png", "-o", "OUT.png"],
            files: ["m.png": maskPNG], status: 1, message: "give either --shape or --mask, not both"),
        RecipeErrorCase(
            name: "a mask whose proportions make too wide a canvas",
            args: ["cloud", "a", "--mask", "DIR/m.png", "--height", "30000", "-o", "OUT.png"], files: ["m.png": maskPNG],
            status: 1, message: "--mask DIR/m.png makes a 40000x30000 canvas, over 32767 px a side: give --width or --height"),
        RecipeErrorCase(
            name: "a threshold without a mask", args: ["cloud", "a", "--mask-threshold", "9", "-o", "OUT.png"], status: 1,
            message: "--mask-invert and --mask-threshold need --mask PNG"),
        RecipeErrorCase(
            name: "config without --print", args: ["config"], status: 1,
            message: "usage: tagcloud config --print flow|cloud|series|count [options…]"),
        RecipeErrorCase(
            name: "config of an unknown command", args: ["config", "--print", "bogus"], status: 1,
            message: "usage: tagcloud config --print flow|cloud|series|count [options…]"),
    ]

    @Test("a bad option: one line, its status, no output", arguments: cases)
    func badOption(_ c: RecipeErrorCase) throws {
        try CLIProcessTests().badInput(c)
    }

    /// Every option is resolved before any input is read, so a mistyped option is reported (status
    /// 1) even when an input is missing too, and before minutes of counting or layout.
    @Test(
        "option values are checked before any input is read",
        arguments: [
            ["--theme", "neon", "-o", "OUT.html"],
            ["--scale", "zz", "-o", "OUT.svg"],
            ["--text", "DIR/t.txt", "--language", "xx", "-o", "OUT.json"],
        ])
    func optionsBeforeInputs(_ options: [String]) throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(text).write(to: dir.appendingPathComponent("t.txt"))
        let args = (["flow", "--input", "DIR/missing.tsv"] + options).map {
            $0.replacingOccurrences(of: "OUT", with: dir.appendingPathComponent("out").path)
                .replacingOccurrences(of: "DIR", with: dir.path)
        }
        let r = try ToolRun.run(args)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("missing.tsv"), "\(r.stderr)")
    }
}
