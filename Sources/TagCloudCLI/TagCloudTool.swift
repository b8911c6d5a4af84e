import Foundation
import TagCloud
import TagCloudGraphics

/// The `tagcloud` command: dispatches to a subcommand and turns every failure into one line and an exit status.
public enum TagCloudTool {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    static let summary = "Turn words into tag clouds and word clouds: PNG, PDF, SVG or JSON frames for your app."

    static var toolHelp: String {
        """
        tagcloud \(version) — \(summary)

        Usage:
          tagcloud <command> [options]

        Commands:
          flow       Tags in rows that wrap (a tag cloud for pages and apps).
          cloud      A word cloud: words packed pixel-exact around the centre or in a shape.
          count      Count the words of a text: `word<TAB>count` lines, most frequent first.
          fonts      List the font families installed (fontconfig).
          palettes   List the built-in colour palettes.
          shapes     List the built-in shapes for `cloud --shape`.
          config     `config --print COMMAND [options]`: the effective configuration as JSON (for --config).

        Run `tagcloud <command> --help` for the options of a command.

        Examples:
          tagcloud flow --width 600 --palette tableau10 --seed 7 swift ios linux "machine learning" -o tags.png
          tagcloud flow --input tags.tsv --align center --justify -o tags.svg
          tagcloud flow --input tags.tsv -o tags.json
          tagcloud cloud --input freq.tsv --shape heart --width 1000 --height 1000 -o cloud.png
          tagcloud cloud --text speech.txt -o cloud.png
          tagcloud count --text corpus.txt --top 500 > freq.tsv

        Exit status: 0 ok, 1 usage error, 2 input error, 3 words left unplaced under --fit all, 4 output error,
        128 + N stopped by signal N (130 for Ctrl-C; nothing half-written is left behind).
        """
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch let e as CLIError {
            Console.error(e.description)
            return e.exitCode
        } catch {
            Console.error("\(error)")
            return 2
        }
    }

    static func dispatch(_ arguments: [String]) throws -> Int32 {
        guard let command = arguments.first else {
            try StandardOutput.print(toolHelp)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "flow": try Failure.wrap { try FlowCommand.run(rest) }
        case "cloud": return try Failure.wrap { try CloudCommand.run(rest) }
        case "count": try Failure.wrap { try CountCommand.run(rest) }
        case "fonts": try listFonts(rest)
        case "palettes": try listPalettes()
        case "shapes": try StandardOutput.print(Shape.allCases.map(\.rawValue).joined(separator: "\n"))
        case "config": try ConfigCommand.run(rest)
        case "--help", "-h", "help": try StandardOutput.print(toolHelp)
        case "--version", "-V", "version": try StandardOutput.print("tagcloud \(version)")
        default:
            let known = ["flow", "cloud", "count", "fonts", "palettes", "shapes", "config", "help", "version"]
            let hint = closestMatch(to: command, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw CLIError.usage("unknown command \"\(command)\"\(hint): run tagcloud --help for the commands")
        }
        return 0
    }

    static func listFonts(_ argv: [String]) throws {
        let specs = [
            OptionSpec("sample", valueName: "TEXT", help: "Only families that can draw TEXT."),
            OptionSpec("script", valueName: "NAME", help: "Only families that cover a script: latin, cyrillic, greek, arabic, hebrew, devanagari, thai, han, japanese, hangul, … or its ISO 15924 code (Latn, Hani, Arab…)."),
            CommonOptions.help,
        ]
        let args = try CommandLineParser(options: specs).parse(argv)
        if args.flag("help") {
            try StandardOutput.print(helpText(command: "tagcloud fonts", summary: "List installed font families.",
                           usage: ["tagcloud fonts [--sample TEXT] [--script NAME]"], options: specs,
                           examples: ["tagcloud fonts --sample 你好", "tagcloud fonts --script han", "tagcloud fonts --script Arab"]))
            return
        }
        var families = args.string("sample").map { FontLibrary.shared.families(supporting: $0) } ?? FontLibrary.shared.families()
        if let name = args.string("script") {
            guard let script = FontScript.named(name) else {
                throw CLIError.usage("unknown script \"\(name)\": choose one of \(FontScript.acceptedNames.joined(separator: ", ")), "
                                     + "or an ISO 15924 code such as Latn, Hani or Arab")
            }
            let covering = Set(FontLibrary.shared.families(covering: script))
            families = families.filter(covering.contains)
        }
        try StandardOutput.print(families.joined(separator: "\n"))
    }

    static func listPalettes() throws {
        for p in Palette.builtIn {
            try StandardOutput.print(p.name.padding(toLength: 12, withPad: " ", startingAt: 0) + p.colors.map(\.hex).joined(separator: " "))
        }
    }
}
