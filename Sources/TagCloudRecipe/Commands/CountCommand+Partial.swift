import Foundation
import TagCloud
import TagCloudText

/// `tagcloud count --partial` and `--merge`: counting past one machine (docs/counting-at-scale.md).
extension CountCommand {
    /// The options `tagcloud serve` takes for a count: none of partial counts, which name files on
    /// the server.
    package static let serviceOptions = options.filter { option in !CountKeys.partial.contains { $0.name == option.name } }

    /// Counts the texts as one shard and writes its partial count.
    static func runPartial(_ request: CountRequest, reporting: Reporting) throws {
        var files: [TextSource] = []
        var size: Int64? = 0
        for name in request.text.sources {
            if name == "-" { files.append(.standardInput); size = nil; continue }
            let bytes = try InputFile.checkedSize(name)
            size = size.map { $0 + bytes }
            files.append(.file(URL(fileURLWithPath: name)))
        }
        let bar = reporting.progressBar(total: size, unit: .bytes)
        let partial = try RecipeError.mappingLibraryErrors {
            try TermCounter(request.text.options).partialCount(
                sources: files, key: request.shard, producer: CountRequest.producer,
                progress: bar.map { b in { b.update($0) } })
        }
        bar?.finish()
        TextRequest.noteInvalidUTF8(partial.invalidUTF8Report, reporting)
        reporting.verbose.phase(
            "read",
            "shard \(request.shard): \(partial.bytes) bytes, \(partial.wordCount) distinct words, \(pairs(partial))")
        try writePartial(partial, request, reporting)
    }

    /// Merges the partial counts, then writes their table or one merged partial count.
    static func runMerge(_ request: CountRequest, reporting: Reporting) throws {
        var partial = PartialCount(options: request.text.options, producer: CountRequest.producer)
        for path in request.text.sources {
            try RecipeError.mappingLibraryErrors {
                try PartialCountReader.read(path: path, name: path == "-" ? "standard input" : path, into: &partial)
            }
        }
        reporting.verbose.phase(
            "merge",
            "\(request.text.sources.count) files, \(partial.shardCount) shards, \(partial.wordCount) distinct words, \(pairs(partial))"
        )
        if request.writesPartial {
            try writePartial(partial, request, reporting)
            return
        }
        let analysis = try RecipeError.mappingLibraryErrors { try partial.analyze() }
        if partial.invalidUTF8 > 0 {
            reporting.note(
                "the shards held \(NumberText.count(partial.invalidUTF8, "invalid UTF-8 sequence")), replaced with U+FFFD")
        }
        let terms = try request.text.table(analysis, names: request.text.sources, reporting).terms
        try write(terms, to: request.output, reporting)
    }

    /// The pairs held, for --verbose: those in memory, and those moved to temporary files.
    private static func pairs(_ partial: PartialCount) -> String {
        let held = "\(partial.pairCount) pairs"
        return partial.spilledPairs == 0 ? held : held + " in memory and \(partial.spilledPairs) in temporary files"
    }

    private static func writePartial(_ partial: PartialCount, _ request: CountRequest, _ reporting: Reporting) throws {
        var written = 0
        try OutputFile.write(to: request.output) { sink in
            do {
                try PartialCountWriter.write(partial) { bytes in
                    written += bytes.count
                    try sink(bytes)
                }
            } catch let e as TextError {
                // Only the library's own errors: the sink's write failures go back to OutputFile as
                // they are, which names the file.
                throw RecipeError.input(e.description)
            }
        }
        reporting.verbose.phase(
            "write", "partial count, \(written) bytes to \(request.output == "-" ? "standard output" : request.output)")
    }
}
