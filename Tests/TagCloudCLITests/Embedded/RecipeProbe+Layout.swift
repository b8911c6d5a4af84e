import TagCloud
import TagCloudExport
import TagCloudGraphics
import TagCloudRecipe

extension RecipeProbe {
    /// The layout JSON of the word cloud a recipe asks for, its tags in the recipe's `tags`, set with
    /// real fonts found through `fonts` (fontconfig natively, a `FontManifest` in WebAssembly), or
    /// the error; the two builds must write the bytes `tagcloud cloud --config` writes.
    static func cloudLayoutText(_ bytes: [UInt8], fonts: any FontFinder) -> String {
        let recipe: Recipe, options: WordCloudOptions
        do throws(RecipeError) {
            let object = try OptionsObject(bytes, name: "the recipe")
            recipe = try ConfigFile.merge(object, under: Recipe(), options: cloudKeys, command: "cloud", source: "the recipe")
            (options, _) = try CloudRecipe.options(
                recipe, image: { (key) throws(RecipeError) in try recipe.string(key).map(image) },
                note: { _ in }, checkCanvas: { (_, _) throws(RecipeError) in })
        } catch {
            return "error (exit \(error.exitCode)) " + error.message + "\n"
        }
        do throws(CoreError) {
            let typesetter = FreeTypeTypesetter(fonts: fonts)
            var (layout, _) = try WordCloudLayout(options).run(recipe.configTerms, typesetter: typesetter)
            // As `tagcloud` writes it, without --no-contrast-guard.
            layout.guardContrast()
            return String(decoding: try LayoutJSON.bytes(layout), as: UTF8.self)
        } catch {
            return "error \(error)\n"
        }
    }
}
