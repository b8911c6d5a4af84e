import TagCloudRecipe

/// A `tagcloud` subcommand: the word typed after `tagcloud`, and what it does with the arguments
/// that follow.
protocol Subcommand {
    /// The word typed after `tagcloud`, e.g. `flow`.
    static var name: String { get }

    /// Runs the subcommand with the arguments after its name; failures are thrown as `RecipeError`s.
    static func main(_ arguments: [String]) throws
}

/// A subcommand that runs a recipe command (`RecipeCommand`): `main` is the prologue every such
/// command shares. It parses the arguments (with `--config`) into a recipe, answers `--help`, reads
/// `--quiet` and `--verbose`, and resolves every key into one typed request before `run` starts
/// any work.
protocol OptionTableCommand: Subcommand, RecipeCommand {}

extension CloudCommand: OptionTableCommand {}
extension FlowCommand: OptionTableCommand {}
extension SeriesCommand: OptionTableCommand {}
extension CountCommand: OptionTableCommand {}

extension OptionTableCommand {
    static func main(_ arguments: [String]) throws {
        let parsed = try CommandLineParser(options: options, command: name).parse(arguments)
        if parsed.flag(CommonOptions.help.name) {
            try StandardOutput.print(helpPage)
            return
        }
        let reporting = Reporting(parsed)
        let request = try resolve(parsed, reporting: reporting)
        try run(request, reporting: reporting)
    }

    /// The `--help` page.
    static var helpPage: String {
        helpText(command: "tagcloud \(name)", summary: summary, usage: usage, options: options, examples: examples)
    }
}
