import TagCloud
import TagCloudGraphics
import TagCloudRecipe

extension EngineRun {
    /// The commands a page asks for besides the tool's: `options` (the option tables of cloud,
    /// flow and count with their plain labels, as JSON), `fonts` (the font families, as a JSON
    /// array) and `words FILE` (what was typed in "Add a word", as a tag list). Nil when
    /// `arguments` is another command.
    static func pageCommand(
        _ arguments: [String], fonts: any FontFinder, note: (String) -> Void
    ) throws(RecipeError) -> [UInt8]? {
        switch arguments.first {
        case "fonts":
            guard arguments.count == 1 else { throw RecipeError.usage("fonts takes no arguments") }
            return Array(("[" + fonts.families().map { JSONString.quoted($0) }.joined(separator: ", ") + "]\n").utf8)
        case "options":
            guard arguments.count == 1 else { throw RecipeError.usage("options takes no arguments") }
            let tables = [
                (name: "cloud", keys: CloudKeys.all), (name: "flow", keys: FlowKeys.all), (name: "count", keys: CountKeys.all),
            ]
            return Array(OptionCatalog.json(tables).utf8)
        case "words":
            guard arguments.count == 2 else { throw RecipeError.usage("words takes one file: the words typed") }
            return try TypedWords.tagList(arguments[1], note: note)
        default:
            return nil
        }
    }
}
