import TagCloud

/// `tagcloud config --print COMMAND [options…]`: the configuration a command would run with, as the
/// JSON `--config` reads — the options given (on the command line or in a `--config` file), each
/// option's default where it has one, and the seed (a fresh one is drawn and written when none is
/// given), so the cloud can be reproduced exactly.
enum ConfigCommand {
    static let usage = "usage: tagcloud config --print flow|cloud [options…]"

    static func run(_ argv: [String]) throws {
        guard argv.first == "--print" else {
            if argv.first == "--help" || argv.first == "-h" {
                print("""
                tagcloud config --print flow|cloud [options…]

                Writes the configuration the command would run with as JSON (the format --config reads),
                seed included, so a cloud can be reproduced: tagcloud cloud --config saved.json -o cloud.png

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
        let parser = ArgumentParser(options: specs)
        var parsed = try parser.parse(Array(argv.dropFirst(2)))
        if parsed.string("seed") == nil { parsed.values["seed"] = [String(SeededRandom.freshSeed())] }
        print(ConfigFile.effective(parsed, options: parser.options, skip: ["help", ConfigFile.spec.name]), terminator: "")
    }
}
