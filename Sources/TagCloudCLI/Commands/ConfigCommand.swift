import TagCloud

/// `tagcloud config --print COMMAND [options…]`: the configuration a command would run with, as the
/// JSON `--config` reads — every option of the command, with the value given (on the command line or
/// in a `--config` file), else its default, else null — and the seed (a fresh one is drawn and
/// written when none is given), so the output can be reproduced exactly and every default is in view.
enum ConfigCommand {
    static let usage = "usage: tagcloud config --print \(TagCloudTool.configurableCommands.joined(separator: "|")) [options…]"

    static func run(_ argv: [String]) throws {
        guard argv.first == "--print" else {
            if argv.first == "--help" || argv.first == "-h" {
                try StandardOutput.print("""
                tagcloud config --print \(TagCloudTool.configurableCommands.joined(separator: "|")) [options…]

                Writes the configuration the command would run with as JSON (the format --config reads):
                every option with its value, defaults included (null: not set, automatic), seed included,
                so a cloud can be reproduced: tagcloud cloud --config saved.json -o cloud.png

                Example:
                  tagcloud config --print cloud --shape heart --rotate any --input words.tsv > saved.json
                """)
                return
            }
            throw CLIError.usage(usage)
        }
        guard argv.count >= 2, let specs = TagCloudTool.options(of: argv[1]) else {
            throw CLIError.usage(usage)
        }
        let parser = CommandLineParser(options: specs)
        var parsed = try parser.parse(Array(argv.dropFirst(2)))
        if parser.spec(named: "seed") != nil, parsed.string("seed") == nil {
            parsed.values["seed"] = [String(SeededRandom.freshSeed())]
        }
        let defaults = TagCloudTool.defaults(of: argv[1], for: parsed) ?? [:]
        try StandardOutput.print(ConfigFile.effective(parsed, options: parser.options, defaults: defaults,
                                   skip: ["help", ConfigFile.spec.name]), terminator: "")
    }
}
