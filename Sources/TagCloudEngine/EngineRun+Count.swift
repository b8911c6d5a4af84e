import TagCloud
import TagCloudRecipe
import TagCloudText

extension EngineRun {
    /// `tagcloud count`: the texts the host handed over (`--text` and the file arguments), counted
    /// as the tool counts them, and the `word<TAB>count` table with the path `-o` gave (`-`:
    /// standard output).
    static func count(_ recipe: Recipe, note: (String) -> Void) throws(RecipeError) -> (bytes: [UInt8], path: String) {
        let request = try CountRequest(recipe)
        let terms = try request.text.analysis(note: note).terms
        return (Array(CountTable.text(terms).utf8), request.output)
    }
}
