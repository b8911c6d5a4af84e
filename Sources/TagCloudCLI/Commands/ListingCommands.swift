import Foundation
import TagCloud

/// `tagcloud palettes`: the built-in colour palettes, a name and its colours per line.
enum PalettesCommand: Subcommand {
    static let name = "palettes"

    /// Lists the palettes; arguments are ignored.
    static func main(_ arguments: [String]) throws {
        for p in Palette.builtIn {
            try StandardOutput.print(p.name.padding(toLength: 12, withPad: " ", startingAt: 0) + p.colors.map(\.hex).joined(separator: " "))
        }
    }
}

/// `tagcloud shapes`: the built-in shapes of `cloud --shape`, one per line.
enum ShapesCommand: Subcommand {
    static let name = "shapes"

    /// Lists the shapes; arguments are ignored.
    static func main(_ arguments: [String]) throws {
        try StandardOutput.print(Shape.allCases.map(\.rawValue).joined(separator: "\n"))
    }
}
