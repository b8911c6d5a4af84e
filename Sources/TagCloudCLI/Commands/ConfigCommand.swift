import TagCloud
import TagCloudRecipe

/// `tagcloud config --print COMMAND [options…]`: the configuration a command would run with, as the
/// JSON `--config` reads — every option of the command, with the value given (on the command line or
/// in a `--config` file), else its default, else null — and the seed (a fresh one is drawn and
/// written when none is given), so the output can be reproduced exactly and every default is in view.
enum ConfigCommand: Subcommand {
    static let name = "config"

    static let usage = "usage: tagcloud config --print \(TagCloudTool.configurableCommands.joined(separator: "|")) [options…]"

    static let helpPage = """
        tagcloud config --print \(TagCloudTool.configurableCommands.joined(separator: "|")) [options…]

        Writes the configuration the command would run with as JSON (the format --config reads):
        every option with its value, defaults included (null: not set, automatic), seed included,
        so a cloud can be reproduced: tagcloud cloud --config saved.json -o cloud.png

        Example:
          tagcloud config --print cloud --shape heart --rotate any --input words.tsv > saved.json
        """

    static func main(_ arguments: [String]) throws {
        guard arguments.first == "--print" else {
            if arguments.first == "--help" || arguments.first == "-h" {
                try StandardOutput.print(helpPage)
                return
            }
            throw RecipeError.usage(usage)
        }
        guard arguments.count >= 2, let command = RecipeCommands.named(arguments[1]) else {
            throw RecipeError.usage(usage)
        }
        let parser = CommandLineParser(options: command.options)
        var parsed = try parser.parse(Array(arguments.dropFirst(2)))
        if parser.spec(named: "seed") != nil, parsed.string("seed") == nil {
            parsed.values["seed"] = [String(SeededRandom.freshSeed())]
        }
        try StandardOutput.print(
            ConfigFile.effective(
                parsed, options: parser.options, defaults: try command.defaults(for: parsed),
                skip: [CommonOptions.help.name, ConfigFile.spec.name], command: command.name), terminator: "")
    }
}
