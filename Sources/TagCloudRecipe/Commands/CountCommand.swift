import Foundation
import TagCloud
import TagCloudText

/// `tagcloud count`: the words of a text as a frequency table, `word<TAB>count` lines, most frequent first.
package enum CountCommand: RecipeCommand {
    package static let name = "count"
    package static let summary =
        "Count the words of a text: ICU word breaks (Chinese, Japanese and Thai split by dictionary), case and Unicode folding, stop words, English plurals, collocations. Writes `word<TAB>count` lines, most frequent first, for `--input` of flow and cloud."

    package static let options = CountKeys.all

    package static let usage = [
        "--text FILE [options]", "FILE... [options]", "--text FILE --partial [--shard KEY] [-o FILE] [options]",
        "--merge PARTIAL... [--partial] [-o FILE] [options]",
    ]

    package static let examples = [
        "tagcloud count --text corpus.txt --top 500 > freq.tsv",
        "tagcloud count --text - --language de < buch.txt",
        "tagcloud count --text speech.txt --phrase \"New York\" --no-collocations",
        "tagcloud cloud --input freq.tsv -o cloud.png      # and back in",
        "tagcloud count --text shard-0042.txt --partial -o shard-0042.counts",
        "tagcloud count --merge parts/*.counts --top 1000 -o freq.tsv",
    ]

    /// The value of each option when the command line `args` does not give it (for `config --print`).
    package static func defaults(for args: Recipe) throws -> [String: String] {
        var d = tableDefaults(options)
        TextArguments.adjust(&d, counting: true, defaultTop: nil)
        return d
    }

    /// The texts of `--text` and the file arguments, counted together, or the partial counts to merge.
    package static func resolve(_ arguments: Recipe, reporting: Reporting) throws -> CountRequest {
        try CountRequest(arguments)
    }

    package static func run(_ request: CountRequest, reporting: Reporting) throws {
        reporting.verbose.start()
        if request.merges {
            try runMerge(request, reporting: reporting)
        } else if request.writesPartial {
            try runPartial(request, reporting: reporting)
        } else {
            try write(try request.text.terms(reporting), to: request.output, reporting)
        }
    }

    /// Writes the table of `terms` to `output` (standard output for `-`).
    static func write(_ terms: [Term], to output: String, _ reporting: Reporting) throws {
        reporting.verbose.phase("read", "\(terms.count) terms")
        let data = Data(CountTable.text(terms).utf8)
        try OutputFile.write(data, to: output)
        reporting.verbose.phase(
            "write", "\(terms.count) lines, \(data.count) bytes to \(output == "-" ? "standard output" : output)")
    }
}
