import TagCloudText

/// The files a recipe names (`--config`, `--previous`, `--input` tag lists, `-` for standard input),
/// read whole: the one place reading a recipe touches a file system. WebAssembly has none: there
/// the host (the Node runner, a web page) hands over the files a command names beforehand
/// (`provide`), by the paths the command names them with.
package enum RecipeFiles {
    /// The bytes of the file `path` (`-`: standard input), at most `limit`. An error names the file
    /// as `name` does (`--previous PATH`, `config PATH`) and says why, in the words of `kind` ("a
    /// layout") and `fix`; it blames `key` when one is given.
    static func contents(
        of path: String, limit: Int, name: String, key: String?, kind: String, fix: String
    ) throws(RecipeError) -> [UInt8] {
        #if hasFeature(Embedded)
        // The host hands over every file the command names that it has: one it did not is missing.
        do { return try handedOver(path, limit: limit) } catch {
            throw RecipeError.input("cannot read \(name): " + error.reason(kind: kind, fix: fix), key: key)
        }
        #else
        do throws(WholeFile.Failure) {
            return [UInt8](
                path == "-" ? try WholeFile.standardInput(limit: limit) : try WholeFile.contents(of: path, limit: limit))
        } catch {
            throw RecipeError.input("cannot read \(name): " + error.reason(kind: kind, fix: fix), key: key)
        }
        #endif
    }

    #if hasFeature(Embedded)
    /// The files the host handed over, by path (`-` for standard input).
    nonisolated(unsafe) private static var provided: [String: [UInt8]] = [:]

    /// Makes `files` the ones a command may read, in place of any given before.
    package static func provide(_ files: [String: [UInt8]]) { provided = files }

    /// The bytes of the file `path` handed over, at most `limit`; throws why not as a file read
    /// from disk would.
    static func handedOver(_ path: String, limit: Int) throws(FileFailure) -> [UInt8] {
        guard let bytes = provided[path] else { throw .missing }
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        return bytes
    }

    /// Whether `path` is one of the files handed over.
    static func isProvided(_ path: String) -> Bool { provided[path] != nil }

    /// The bytes of the file handed over as `path`, whole (a picture: its reader checks its size).
    static func provided(_ path: String) -> [UInt8]? { provided[path] }
    #endif
}
