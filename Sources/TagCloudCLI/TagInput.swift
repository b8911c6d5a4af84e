import Foundation
import TagCloud
import TagCloudText

/// Where the tags come from: arguments, files (`--input`), or standard input (`-`).
enum TagInput {
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
            guard let d = readWholeFile(source) else {
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
