import Foundation
import TagCloudText

extension ConfigFile {
    /// `parsed` with the file's options added where the command line gave none. A `"command"` key (as
    /// `tagcloud serve` saves) must name `command`, the command reading the file, when it is known.
    package static func load(
        path: String, under parsed: Recipe, options: [RecipeKey], command: String? = nil
    ) throws -> Recipe {
        try merge(read(path), under: parsed, options: options, command: command, source: "config \(path)")
    }

    /// The file's top-level object, read in one pass; its JSON errors are reported with their line
    /// and column, and its tags counted as they are read.
    static func read(_ path: String) throws -> OptionsObject {
        let data: Data
        do { data = try WholeFile.contents(of: path, limit: maximumBytes) } catch {
            throw RecipeError.input(
                "cannot read config \(path): " + error.reason(kind: "a configuration", fix: "give a configuration file"))
        }
        return try OptionsObject([UInt8](data), name: "config \(path)")
    }
}
