import Foundation
import TagCloud
import TagCloudText

/// Where the tags come from: arguments, files (`--input`), or standard input (`-`).
enum TagInput {
    /// The terms of a command: tags given as arguments, `--input` tag lists and `--text` texts
    /// (counted into words), in that order. The one place `flow` and `cloud` read their terms.
    static func read(_ args: ParsedArguments, defaultTextTop: Int? = nil, quiet: Bool,
                     report: VerboseReport) throws -> [Term] {
        guard try TextArguments.hasText(args) else {
            return try read(arguments: args.positionals, inputs: args.strings("input"))
        }
        let stdinForTags = args.positionals.contains("-") || args.strings("input").contains("-")
        if stdinForTags && args.strings("text").contains("-") {
            throw CLIError.usage("standard input (-) can be read only once: give it to --text or to --input, not both")
        }
        var terms: [Term] = []
        if !args.positionals.isEmpty || !args.strings("input").isEmpty {
            terms = try read(arguments: args.positionals, inputs: args.strings("input"))
        }
        return terms + (try TextArguments.terms(args, defaultTop: defaultTextTop, quiet: quiet, report: report))
    }

    /// Reads every source in order and returns the tags.
    static func read(arguments: [String], inputs: [String]) throws -> [Term] {
        var terms: [Term] = []
        var sources = inputs
        for arg in arguments {
            if arg == "-" { sources.append("-") } else { terms.append(Term(arg)) }
        }
        for source in sources {
            terms += try readSource(source)
        }
        if terms.isEmpty {
            throw CLIError.input("no tags given: list tags as arguments, or use --input FILE (or - for standard input)")
        }
        return terms
    }

    static func readSource(_ source: String) throws -> [Term] {
        let data: Data
        let name: String
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
            name = "standard input"
        } else {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDir) else {
                throw CLIError.input("cannot read \(source): no such file")
            }
            if isDir.boolValue { throw CLIError.input("cannot read \(source): it is a folder, not a file") }
            guard let d = WholeFile.read(source) else {
                throw CLIError.input("cannot read \(source): permission denied or unreadable")
            }
            data = d
            name = source
        }
        do {
            return try TagListReader.read(data: data, name: name)
        } catch let e as TextError {
            throw CLIError.input(e.description)
        }
    }
}
