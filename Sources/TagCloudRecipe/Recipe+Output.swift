import Foundation
import TagCloud
import TagCloudGraphics
import TagCloudText

/// A library user's way in: a saved configuration (the JSON `tagcloud config --print` writes and
/// `--config` reads) turned into a picture with the same bytes `tagcloud` writes.
///
///     let recipe = try Recipe(contentsOf: "cloud.json")
///     try recipe.write(to: "cloud.png")
extension Recipe {
    /// The recipe a configuration file holds. Its `"command"` (`cloud`, the default, or `flow`)
    /// says what it draws; every other key is that command's, as `--config` reads it. Relative
    /// paths in it (`"input"`, `"mask"`) are read from the current folder, as the command line
    /// reads them. Throws a `RecipeError` naming the file and the key.
    public init(contentsOf path: String) throws {
        let object = try ConfigFile.read(path)
        try self.init(object, source: "config \(path)")
        // The file is one of the recipe's inputs, as `--config FILE` is on the command line: no
        // output may be written in its place.
        values[ConfigFile.spec.name] = [path]
    }

    /// The recipe in `json`, a configuration as `init(contentsOf:)` reads one.
    public init(json: [UInt8]) throws {
        let source = "the recipe"
        try self.init(try OptionsObject(json, name: source), source: source)
    }

    private init(_ object: OptionsObject, source: String) throws {
        let command = try Self.drawingCommand(object.value("command"), source: source)
        let keys = command == FlowCommand.name ? FlowCommand.options : CloudCommand.options
        self = try ConfigFile.merge(object, under: Recipe(), options: keys, command: command, source: source)
        self.command = command
    }

    /// The command a drawing's `"command"` names: `cloud` (also when it names none) or `flow`.
    package static func drawingCommand(_ value: JSONValue?, source: String) throws -> String {
        guard let value, value != .null else { return CloudCommand.name }
        guard case .string(let name) = value, [CloudCommand.name, FlowCommand.name].contains(name) else {
            throw RecipeError.input("\(source): \"command\" must be \"cloud\" or \"flow\" to be drawn", key: "command")
        }
        return name
    }

    /// Lays the recipe out and draws it in `format`, with the bytes `tagcloud` would write.
    /// The recipe's own `"output"`, if any, is not written. Throws a `RecipeError`; a cloud that
    /// was to place every word (`fit: all`, exact sizes) and could not is one of kind `unplaced`.
    public func render(_ format: OutputFormat) throws -> Data {
        var recipe = self
        recipe.values["output"] = nil
        recipe.values["format"] = nil
        recipe.flags.insert(CommonOptions.quiet.name)
        return try RecipeError.mappingLibraryErrors {
            try recipe.renderQuietly(OutputDestination(inMemory: format))
        }
    }

    /// Lays the recipe out and writes it to `path` (`-`: standard output), in the format its
    /// extension names (or the recipe's `"format"`), as `tagcloud` writes it: the file appears
    /// whole or not at all. Throws a `RecipeError`, as `render` does.
    public func write(to path: String) throws {
        var recipe = self
        recipe.values["output"] = [path]
        recipe.flags.insert(CommonOptions.quiet.name)
        let reporting = Reporting(recipe)
        try RecipeError.mappingLibraryErrors {
            if recipe.command == FlowCommand.name {
                _ = try FlowCommand.written(FlowCommand.resolve(recipe, reporting: reporting), reporting: reporting)
                return
            }
            let request = try CloudCommand.resolve(recipe, reporting: reporting)
            let (_, stats) = try CloudCommand.written(request, reporting: reporting)
            if let incomplete = PlacementReport.incomplete(request.options, unplaced: stats.unplaced) { throw incomplete }
        }
    }

    private func renderQuietly(_ destination: OutputDestination) throws -> Data {
        let reporting = Reporting(self)
        if command == FlowCommand.name {
            let request = try FlowRequest(self, destination: destination)
            let flow = try FlowCommand.laidOut(request, reporting: reporting)
            try FlowCommand.checkSize(flow.layout, request.output)
            return try OutputArguments.render(flow.layout, request.output)
        }
        let request = try CloudRequest(self, reporting: reporting, destination: destination)
        let (layout, stats) = try CloudCommand.laidOut(request, reporting: reporting)
        if let incomplete = PlacementReport.incomplete(request.options, unplaced: stats.unplaced) { throw incomplete }
        return try OutputArguments.render(layout, request.output)
    }
}
