import TagCloud
import TagCloudGraphics
import TagCloudRecipe

/// The `tagcloud` command: dispatches to a subcommand and turns every failure into one line and an exit status.
public enum TagCloudTool {
    /// The version printed by `--version`.
    public static let version = TagCloudVersion.current

    static let summary = "Turn words into tag clouds and word clouds: PNG, PDF, SVG or JSON frames for your app."

    static var toolHelp: String {
        """
        tagcloud \(version) — \(summary)

        Usage:
          tagcloud <command> [options]

        Commands:
          flow       Tags in rows that wrap (a tag cloud for pages and apps).
          cloud      A word cloud: words packed pixel-exact around the centre or in a shape.
          series     Clouds over time: a cloud per frame, every word at one place; a morphing page or frames.
          count      Count the words of a text: `word<TAB>count` lines, most frequent first.
          fonts      List the font families installed (fontconfig).
          palettes   List the built-in colour palettes.
          shapes     List the built-in shapes for `cloud --shape`.
          config     `config --print COMMAND [options]`: the effective configuration as JSON (for --config).
          serve      The editor in a browser and its JSON API, on this machine (docs/serve.md).

        Run `tagcloud <command> --help` for the options of a command.

        Examples:
          tagcloud flow --width 600 --palette tableau10 --seed 7 swift ios linux "machine learning" -o tags.png
          tagcloud flow --input tags.tsv --align center --justify -o tags.svg
          tagcloud flow --input tags.tsv -o tags.json
          tagcloud cloud --input freq.tsv --shape heart --width 1000 --height 1000 -o cloud.png
          tagcloud cloud --text speech.txt -o cloud.png
          tagcloud series --input speeches.csv -o speeches.html
          tagcloud count --text corpus.txt --top 500 > freq.tsv

        Exit status: 0 ok, 1 usage error, 2 input error, 3 words left unplaced under --fit all, 4 output error,
        128 + N stopped by signal N (130 for Ctrl-C; nothing half-written is left behind).
        """
    }

    /// The subcommands, in help order.
    static var subcommands: [any Subcommand.Type] {
        [
            FlowCommand.self, CloudCommand.self, SeriesCommand.self, CountCommand.self, FontsCommand.self,
            PalettesCommand.self,
            ShapesCommand.self, ConfigCommand.self, ServeCommand.self,
        ]
    }

    /// The subcommands that set words in fonts, for which fontconfig is loaded from the start.
    static let drawingCommands: Set<String> = [FlowCommand.name, CloudCommand.name, SeriesCommand.name]

    /// The commands whose option tables `options(of:)` knows, in help order.
    public static let configurableCommands = RecipeCommands.all.map { $0.name }

    /// The option table of a command (for `config --print`, fuzzing and documentation), or nil.
    public static func options(of command: String) -> [RecipeKey]? {
        RecipeCommands.named(command)?.options
    }

    /// The program: sets the process up for `arguments` (without the program name), runs the
    /// tool and returns the exit status. A closed standard stream is never reused for a file; a
    /// one-shot command stops on Ctrl-C (or any other terminating signal) by removing any output
    /// still being written and exiting 128 + the signal, while `serve` stops by finishing its
    /// requests.
    public static func main(_ arguments: [String]) -> Int32 {
        reserveStandardStreams()
        if arguments.first != ServeCommand.name { installInterruptHandler() }
        return run(arguments)
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            try dispatch(arguments)
            return 0
        } catch let e as RecipeError {
            Console.error(e.description)
            return e.exitCode
        } catch {
            Console.error("\(error)")
            return 2
        }
    }

    static func dispatch(_ arguments: [String]) throws {
        guard let name = arguments.first else {
            try StandardOutput.print(toolHelp)
            return
        }
        if let command = subcommands.first(where: { $0.name == name }) {
            if drawingCommands.contains(name) { FontLibrary.preload() }
            try RecipeError.mappingLibraryErrors { try command.main(Array(arguments.dropFirst())) }
            return
        }
        switch name {
        case "--help", "-h", "help": try StandardOutput.print(toolHelp)
        case "--version", "-V", "version": try StandardOutput.print("tagcloud \(version)")
        default:
            let known = subcommands.map { $0.name } + ["help", "version"]
            let hint = closestMatch(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw RecipeError.usage("unknown command \"\(name)\"\(hint): run tagcloud --help for the commands")
        }
    }
}
