import TagCloud
import TagCloudText

/// Tags given as they are: as arguments, or in tag lists (`--input` files, `-` for standard input).
package enum TagInput {
    /// Reads every source in order and returns the tags. A source that reads like running text
    /// rather than a list of tags gets a note pointing to `--text`. `given` are tags already read (a
    /// configuration's term objects); they come first.
    /// `note` says what was noticed (a source that reads like running text, a link left out),
    /// unless the command is quiet.
    package static func read(
        arguments: [String], given: [Term] = [], inputs: [String], note: (String) -> Void
    ) throws(RecipeError) -> [Term] {
        guard arguments.count + given.count <= TagListReader.maximumTags else {
            throw RecipeError.input(
                "\(arguments.count + given.count) tags given, more than \(TagListReader.maximumTags): "
                    + "keep the most frequent (tagcloud count --top N) or make several clouds")
        }
        var terms = given
        var sources = inputs
        for (position, arg) in arguments.enumerated() {
            if arg == "-" { sources.append("-"); continue }
            // An empty tag line in a file is refused; so is an empty argument.
            guard arg.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
                throw RecipeError.input(
                    "tag argument \(position + 1) (\"\(arg)\") is empty: give a word, or leave the argument out")
            }
            // A tag file's tags are made one line; an argument's are too (a tab or newline in a tag
            // would break the word<TAB>weight lines it may be written back as).
            terms.append(Term(TermText.normalized(arg)))
        }
        for source in sources {
            let read = try readSource(source)
            if looksLikeRunningText(read) {
                let name = source == "-" ? "standard input" : source
                let option = source == "-" ? "--text -" : "--text \(source)"
                note(
                    "\(name) reads as \(read.count) tags, most of them whole lines of several words, all of one "
                        + "weight: it looks like running text; to count its words instead, give it as \(option)")
            }
            terms += read
            if terms.count > TagListReader.maximumTags {
                throw RecipeError.input(
                    "the tag lists hold \(terms.count) tags together, more than \(TagListReader.maximumTags): "
                        + "keep the most frequent (tagcloud count --top N) or make several clouds")
            }
        }
        if terms.isEmpty {
            throw RecipeError.input(
                "no tags given: list tags as arguments, or use --input FILE (or - for standard input)", key: "input")
        }
        return withSafeLinks(terms, note: note)
    }

    /// Notes shown for refused links before the rest are only counted.
    static let linkNotes = 5

    /// `terms` with every link `SafeLink` refuses left out (a `javascript:` link would run a script
    /// in the reader's browser), and a note naming each such tag. The writers refuse them too;
    /// dropping them here keeps them out of the JSON layout and says so once.
    package static func withSafeLinks(_ terms: [Term], note: (String) -> Void) -> [Term] {
        var result = terms
        var refused = 0
        for i in result.indices {
            guard let link = result[i].link else { continue }
            switch SafeLink.check(link) {
            case .success(let safe):
                result[i].link = safe
            case .failure(let reason):
                result[i].link = nil
                refused += 1
                if refused <= linkNotes {
                    note("tag \"\(result[i].text)\": link left out: \(reason)")
                }
            }
        }
        if refused > linkNotes {
            note("\(refused - linkNotes) more links left out for the same reasons")
        }
        return result
    }

    /// The largest tag list read from one file or standard input, in bytes: a million tags with
    /// links and ids fit, while `/dev/zero` or an endless pipe is refused before it exhausts memory.
    static let maximumBytes = 64 << 20

    /// The tags of one tag list, `-` for standard input.
    static func readSource(_ source: String) throws(RecipeError) -> [Term] {
        let name = source == "-" ? "standard input" : source
        let bytes = try RecipeFiles.contents(
            of: source, limit: maximumBytes, name: name, key: nil, kind: "a tag list",
            fix: "split it, or keep the most frequent tags (tagcloud count --top N)")
        do throws(TextError) {
            return try TagListReader.read(data: bytes, name: name)
        } catch {
            throw RecipeError.input(error.description)
        }
    }

    /// Whether tags read from one source look like the lines of running text rather than a tag list:
    /// at least five tags, all of the same weight (none was given), and at least 60% of them four
    /// words or longer. Tag lists of names and short phrases stay well below that.
    static func looksLikeRunningText(_ terms: [Term]) -> Bool {
        guard terms.count >= 5, let first = terms.first, terms.allSatisfy({ $0.weight == first.weight }) else { return false }
        let long = terms.filter { $0.text.split(whereSeparator: { $0 == " " || $0 == "\t" }).count >= 4 }.count
        return long * 10 >= terms.count * 6
    }
}
