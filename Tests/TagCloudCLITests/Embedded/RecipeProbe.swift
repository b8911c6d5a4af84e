import TagCloud
import TagCloudRecipe

/// What a configuration reads as: the recipe a configuration's JSON merges into, printed as
/// `config --print` prints it, and its tags as terms, or the error's one line. Compiled into the
/// native tests and, by `scripts/check-embedded`, into a WebAssembly program built with Embedded
/// Swift, so the two builds are held to the same text for the same bytes.
enum RecipeProbe {
    /// A key table with a key of every kind: numbers, a flag, a repeatable list, a free string.
    static let keys = [
        RecipeKey("width", valueName: "PX", help: "", defaultValue: "800"),
        RecipeKey("seed", valueName: "N", help: ""),
        RecipeKey("font", valueName: "FAMILY", help: "", repeatable: true),
        RecipeKey("palette", valueName: "NAME", help: "", defaultValue: "tableau10"),
        RecipeKey("legend", help: ""),
        RecipeKey("weight-range", valueName: "MIN,MAX", help: ""),
    ]

    /// The recipe `bytes` hold, or the error reading it gives.
    static func text(_ bytes: [UInt8]) -> String {
        do throws(RecipeError) {
            let object = try OptionsObject(bytes, name: "the recipe")
            let recipe = try ConfigFile.merge(object, under: Recipe(), options: keys, command: nil, source: "the recipe")
            var text = ConfigFile.effective(recipe, options: keys, skip: [], command: "cloud")
            for term in recipe.configTerms {
                text += "term " + JSONString.quoted(term.text) + " " + DecimalText.plain(term.weight)
                if let color = term.color { text += " color " + color.hex }
                if let pin = term.pin { text += " pin " + DecimalText.plain(pin.x) + "," + DecimalText.plain(pin.y) }
                text += "\n"
            }
            return text
        } catch {
            return "error (exit \(error.exitCode)) " + error.message + "\n"
        }
    }
}
