import Foundation
import TagCloud
import TagCloudText

/// `tagcloud count`: the words of a text as a frequency table, `word<TAB>count` lines, most frequent first.
enum CountCommand: OptionTableCommand {
    static let name = "count"
    static let summary =
        "Count the words of a text: ICU word breaks (Chinese, Japanese and Thai split by dictionary), case and Unicode folding, stop words, English plurals, collocations. Writes `word<TAB>count` lines, most frequent first, for `--input` of flow and cloud."

    static let options: [OptionSpec] =
        TextArguments.specs + [
            CommonOptions.quiet,
            CommonOptions.verbose,
            CommonOptions.help,
        ]

    static let usage = ["--text FILE [options]", "FILE... [options]"]

    static let examples = [
        "tagcloud count --text corpus.txt --top 500 > freq.tsv",
        "tagcloud count --text - --language de < buch.txt",
        "tagcloud count --text speech.txt --phrase \"New York\" --no-collocations",
        "tagcloud cloud --input freq.tsv -o cloud.png      # and back in",
    ]

    /// The value of each option when the command line `args` does not give it (for `config --print`).
    static func defaults(for args: ParsedArguments) -> [String: String] {
        var d = tableDefaults(options)
        TextArguments.adjust(&d, counting: true, defaultTop: nil)
        return d
    }

    /// The texts of `--text` and the file arguments, counted together.
    static func resolve(_ arguments: ParsedArguments, reporting: Reporting) throws -> TextRequest {
        let sources = arguments.strings("text") + arguments.positionals
        guard !sources.isEmpty else {
            throw CLIError.usage("no text given: use --text FILE (or - for standard input)")
        }
        return try TextRequest(sources: sources, arguments, defaultTop: nil)
    }

    static func run(_ request: TextRequest, reporting: Reporting) throws {
        reporting.verbose.start()
        let terms = try request.terms(reporting)
        reporting.verbose.phase("read", "\(terms.count) terms")
        var out = ""
        out.reserveCapacity(terms.count * 16)
        for t in terms {
            out += t.text
            out += "\t"
            out += String(Int64(t.weight))
            out += "\n"
        }
        let data = Data(out.utf8)
        try StandardOutput.write(data)
        reporting.verbose.phase("write", "\(terms.count) lines, \(data.count) bytes to standard output")
    }
}
