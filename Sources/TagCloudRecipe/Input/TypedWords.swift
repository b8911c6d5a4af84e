import TagCloud
import TagCloudText

/// What a person typed to add words (an editor's "Add a word": `a, b, c`, `word 3`, `word: 3`,
/// pasted lines with repeats), read by `WordEntry` and written as the tag list every command reads
/// (`word<TAB>weight` lines), so a page adds exactly the words the library sees.
package enum TypedWords {
    /// The most bytes read: far more than anyone types or pastes into one box.
    static let maximumBytes = 16 << 20

    /// The tag list of the typed words in file `path` (handed over by the host); entries left out
    /// are counted in a note.
    package static func tagList(_ path: String, note: (String) -> Void) throws(RecipeError) -> [UInt8] {
        let bytes = try RecipeFiles.contents(
            of: path, limit: maximumBytes, name: path, key: nil, kind: "typed words",
            fix: "add fewer words at once, or count them as a text")
        let entry = WordEntry(String(decoding: bytes, as: UTF8.self))
        if entry.skipped > 0 {
            let entries = entry.skipped == 1 ? "1 entry" : "\(entry.skipped) entries"
            note("left out \(entries) with no word, or a weight that is not a positive number")
        }
        var out = ""
        for term in entry.terms {
            out += term.text + "\t" + NumberText.plain(term.weight) + "\n"
        }
        return Array(out.utf8)
    }
}
