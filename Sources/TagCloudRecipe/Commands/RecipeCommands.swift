/// The commands a recipe can name, and the version of the tool that runs them.
package enum RecipeCommands {
    /// The commands with keys (`config --print` describes them, `/api/options` lists their keys),
    /// in help order.
    package static var all: [any RecipeCommand.Type] {
        [FlowCommand.self, CloudCommand.self, SeriesCommand.self, CountCommand.self]
    }

    /// The command named `name`, nil when there is none.
    package static func named(_ name: String) -> (any RecipeCommand.Type)? {
        all.first { $0.name == name }
    }
}

/// The release of TagCloud: what `tagcloud --version` prints and partial counts record.
public enum TagCloudVersion {
    /// The version, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
