import TagCloud
import TagCloudRecipe
import TagCloudText

extension EngineRun {
    /// `tagcloud count`: the texts the host handed over (`--text` and the file arguments), counted
    /// as the tool counts them, and the `word<TAB>count` table with the path `-o` gave (`-`:
    /// standard output), and the language the text was counted in (its code; empty when none was
    /// found), which a page keeps its own stop words by.
    static func count(
        _ recipe: Recipe, note: (String) -> Void
    ) throws(RecipeError) -> (bytes: [UInt8], path: String, language: String) {
        let request = try CountRequest(recipe)
        var language = ""
        let terms = try request.text.analysis(note: note, kept: { analysis, _ in language = analysis.language?.rawValue ?? "" })
            .terms
        return (Array(CountTable.text(terms).utf8), request.output, language)
    }
}
