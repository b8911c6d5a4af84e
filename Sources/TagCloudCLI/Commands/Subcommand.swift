/// A `tagcloud` subcommand: the word typed after `tagcloud`, and what it does with the arguments
/// that follow.
protocol Subcommand {
    /// The word typed after `tagcloud`, e.g. `flow`.
    static var name: String { get }

    /// Runs the subcommand with the arguments after its name; failures are thrown as `CLIError`s.
    static func main(_ arguments: [String]) throws
}

/// A subcommand driven by an option table. `main` is the prologue every such command shares: it
/// parses the arguments (with `--config`), answers `--help`, reads `--quiet` and `--verbose`, and
/// resolves every option into one typed `Request` before `run` starts any work. `run` reads no
/// raw option strings, so each option is parsed and checked once, in one place.
protocol OptionTableCommand: Subcommand {
    /// Everything the command was asked to do, with every option parsed and checked.
    associatedtype Request

    /// The first paragraph of the help page.
    static var summary: String { get }
    /// The argument patterns that follow `tagcloud NAME`, one per line of the help page.
    static var usage: [String] { get }
    /// Complete command lines for the help page.
    static var examples: [String] { get }
    /// The options the command understands, in help order (`--config` is added by the parser).
    static var options: [OptionSpec] { get }

    /// The value of each option when `arguments` does not give it, for `config --print`; an
    /// option missing from the result has no value then (off, automatic, or not in effect).
    static func defaults(for arguments: ParsedArguments) -> [String: String]

    /// Parses and checks every option; a mistake is a `CLIError` before any work starts.
    static func resolve(_ arguments: ParsedArguments, reporting: Reporting) throws -> Request

    /// Does the work the request describes.
    static func run(_ request: Request, reporting: Reporting) throws
}

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

    /// The table's own defaults; commands whose defaults depend on other options refine them.
    static func defaults(for arguments: ParsedArguments) -> [String: String] {
        tableDefaults(options)
    }
}
