/// A command a recipe can name (`flow`, `cloud`, `series`, `count`): its keys, how a recipe is
/// resolved into one typed request before any work, and the work. Every face runs it the same
/// way: the command line from its flags, `--config` files and request bodies from their JSON.
package protocol RecipeCommand {
    /// Everything the command was asked to do, with every key read and checked.
    associatedtype Request

    /// The command's name, e.g. `cloud`: the word typed after `tagcloud`, a recipe's `"command"`.
    static var name: String { get }
    /// The first paragraph of the help page.
    static var summary: String { get }
    /// The argument patterns that follow `tagcloud NAME`, one per line of the help page.
    static var usage: [String] { get }
    /// Complete command lines for the help page.
    static var examples: [String] { get }
    /// The keys the command understands, in help order (`config` is added by the parser).
    static var options: [RecipeKey] { get }

    /// The value of each key when `recipe` does not give it, for `config --print`; a key missing
    /// from the result has no value then (off, automatic, or not in effect).
    static func defaults(for recipe: Recipe) throws -> [String: String]

    /// Reads and checks every key; a mistake is a `RecipeError` before any work starts.
    static func resolve(_ recipe: Recipe, reporting: Reporting) throws -> Request

    /// Does the work the request describes.
    static func run(_ request: Request, reporting: Reporting) throws
}

extension RecipeCommand {
    /// The table's own defaults; commands whose defaults depend on other keys refine them.
    package static func defaults(for recipe: Recipe) throws -> [String: String] {
        tableDefaults(options)
    }
}
