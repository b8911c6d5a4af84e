import TagCloud
import TagCloudGraphics
import TagCloudRecipe

/// One `tagcloud cloud`, `flow` or `count` command line run as the WebAssembly engine runs it: the
/// same parser, keys, recipe, counter, layout and writers as the tool, with the files the command names
/// handed over by the host (natively, read from disk) and the output returned rather than written.
/// The Node runner and the JavaScript API are this and nothing more.
package enum EngineRun {
    /// What a run gives: the exit status `tagcloud` would give, the lines it would write to
    /// standard error, and the output's bytes with the path they are for (`-`: standard output).
    package struct Result {
        /// 0, or the `RecipeError`'s exit status.
        package var status: Int32 = 0
        /// The notes and the error (`error: …`), one line each with control characters escaped, as
        /// `tagcloud` writes them after its `tagcloud: `.
        package var messages: [String] = []
        /// The drawing or layout, empty on an error.
        package var output: [UInt8] = []
        /// Where `-o` said to write it.
        package var path = ""
        /// The same layout in each further format asked for, in order.
        package var also: [[UInt8]] = []
    }

    /// The commands the engine runs.
    package static let commands = ["cloud", "flow", "count"]

    /// Runs `arguments` (the command first, then its options and tags) with fonts from `fonts`;
    /// the layout is also written in each of `alsoFormats` (`svg`, `html`, `json`; none for `count`).
    package static func run(_ arguments: [String], fonts: any FontFinder, alsoFormats: [String] = []) -> Result {
        var result = Result()
        // The notes said before an error come before it, as the tool writes them.
        let notes = Notes()
        do throws(RecipeError) {
            if let bytes = try pageCommand(arguments, fonts: fonts, note: { notes.lines.append($0) }) {
                (result.output, result.path, result.messages) = (bytes, "-", notes.lines)
                return Self.escaped(result)
            }
            guard let command = arguments.first, commands.contains(command) else {
                throw RecipeError.usage(
                    "the engine runs cloud, flow and count (and options, fonts and words for a page): give one of them first")
            }
            let keys = command == "cloud" ? CloudKeys.all : command == "flow" ? FlowKeys.all : CountKeys.all
            let recipe = try CommandLineParser(options: keys, command: command).parse(Array(arguments.dropFirst()))
            let quiet = recipe.flag(CommonOptions.quiet.name)
            let note: (String) -> Void = { if !quiet { notes.lines.append($0) } }
            if command == "count" {
                // Beside its table a count gives a page the language it was counted in, and nothing else.
                guard alsoFormats.isEmpty || alsoFormats == ["language"] else {
                    throw RecipeError.usage("count writes its table, and its language for a page: ask for no other format")
                }
                let language: String
                (result.output, result.path, language) = try count(recipe, note: note)
                if !alsoFormats.isEmpty { result.also = [Array(language.utf8)] }
                result.messages = notes.lines
                return Self.escaped(result)
            }
            let typesetter = FreeTypeTypesetter(fonts: fonts)
            let written =
                command == "cloud"
                ? try cloud(recipe, typesetter: typesetter, note: note, say: { notes.lines.append($0) })
                : try flow(recipe, typesetter: typesetter, note: note)
            result.output = written.bytes
            result.path = written.path
            result.also = try alsoFormats.map { (name) throws(RecipeError) -> [UInt8] in
                guard let format = OutputFormat(rawValue: name) else { throw RecipeError.usage("no format \(name)") }
                var layout = written.layout
                var output = try OutputRequest(OutputDestination(inMemory: format), recipe)
                return try write(&layout, &output)
            }
            result.messages = notes.lines
            if let failure = written.failure { throw failure }
        } catch {
            result.status = error.exitCode
            result.messages = notes.lines + ["error: " + error.message]
        }
        return Self.escaped(result)
    }

    /// `result` with each message a line of its own on the host's terminal, as the tool writes them.
    static func escaped(_ result: Result) -> Result {
        var result = result
        result.messages = result.messages.map(MessageText.escapingControls)
        return result
    }

    /// The lines a run says, gathered by the closures the commands are given.
    final class Notes {
        var lines: [String] = []
    }

    /// What a command wrote: the bytes, their path, and the error a finished but incomplete layout
    /// still ends with (a cloud bound to place every word that did not).
    struct Written {
        var bytes: [UInt8]
        var path: String
        var failure: RecipeError?
        /// The layout written, its contrast guarded when the output was.
        var layout: CloudLayout
    }

    /// The core's error (any error, natively) as the tool reports it.
    static func recipeError(_ error: CoreError) -> RecipeError {
        #if hasFeature(Embedded)
        RecipeError(error)
        #else
        do {
            _ = try RecipeError.mappingLibraryErrors { () throws -> Int in throw error }
        } catch {
            return error
        }
        return RecipeError.input("\(error)")
        #endif
    }
}
