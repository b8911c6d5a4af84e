import Foundation
import TagCloud
import TagCloudRecipe

/// `tagcloud palettes`: the built-in colour palettes, a name and its colours per line.
enum PalettesCommand: Subcommand {
    static let name = "palettes"

    /// Lists the palettes; takes no arguments but `--help`.
    static func main(_ arguments: [String]) throws {
        guard
            try noArguments(
                arguments, command: name, summary: "List the built-in colour palettes: a name and its colours per line.")
        else { return }
        for p in Palette.builtIn {
            try StandardOutput.print(
                p.name.padding(toLength: 12, withPad: " ", startingAt: 0) + p.colors.map(\.hex).joined(separator: " "))
        }
    }
}

/// `tagcloud shapes`: the built-in shapes of `cloud --shape`, one per line.
enum ShapesCommand: Subcommand {
    static let name = "shapes"

    /// Lists the shapes; takes no arguments but `--help`.
    static func main(_ arguments: [String]) throws {
        guard try noArguments(arguments, command: name, summary: "List the built-in shapes of `cloud --shape`, one per line.")
        else { return }
        try StandardOutput.print(Shape.allCases.map(\.rawValue).joined(separator: "\n"))
    }
}

/// For a listing that takes no arguments: true when there are none; prints the help and gives
/// false for `--help` or `-h`; any other argument is a usage error naming it.
private func noArguments(_ arguments: [String], command: String, summary: String) throws -> Bool {
    guard let first = arguments.first else { return true }
    if arguments == ["--help"] || arguments == ["-h"] {
        try StandardOutput.print(
            helpText(command: "tagcloud \(command)", summary: summary, usage: [""], options: [], examples: []), terminator: "")
        return false
    }
    throw RecipeError.usage("tagcloud \(command) takes no arguments, but was given \"\(first)\": run `tagcloud \(command)` alone")
}
