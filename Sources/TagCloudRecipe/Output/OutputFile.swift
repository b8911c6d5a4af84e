import Foundation
import TagCloudGraphics

/// Where a command's result goes: standard output for `-`, otherwise the path as `AtomicFile`
/// writes it (a regular file replaced completely or not at all, links followed, devices and FIFOs
/// written through), with the messages a person at the command line needs.
public enum OutputFile {
    /// Writes `data` to `path` (or to standard output for `-`); failures are `RecipeError.output`.
    /// `ownName`: the file name is the tool's (a series frame in the folder given), so a link or
    /// device in its place is refused rather than followed (`AtomicFile.write(to:ownName:_:)`).
    public static func write(_ data: Data, to path: String, ownName: Bool = false) throws {
        try write(to: path, ownName: ownName) { sink in try data.withUnsafeBytes { try sink($0) } }
    }

    /// Writes what `produce` hands its sink, piece by piece, to `path` (or standard output for
    /// `-`), as `write(_:to:)` writes data: a file still appears whole or not at all.
    public static func write(
        to path: String, ownName: Bool = false, _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        if path == "-" {
            try produce { bytes in try StandardOutput.write(bytes) }
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        // The system's "No such file or directory" would not say which part is missing, nor that a
        // folder given as -o needs a file name inside it.
        let kind = PathKind(path)
        if kind == .folder {
            throw RecipeError.output("cannot write \(path): it is a folder; give a file name such as \(path)/cloud.png")
        }
        guard kind != .missing || PathKind(dir.path) == .folder else {
            throw RecipeError.output("cannot write \(path): the folder \(dir.path) does not exist")
        }
        do { try AtomicFile.write(to: url, ownName: ownName, produce) } catch GraphicsError.outputFailed(_, let reason) {
            throw RecipeError.output("cannot write \(path): \(reason)")
        }
    }

    /// Refuses an output path that names one of the command's input files (the same file, also
    /// through a link or a second name such as `/dev/stdin` for an input read from standard input):
    /// writing the result there would destroy the input. `inputs` pairs each input path (`-` for
    /// standard input) with the option that gave it.
    static func checkNotAnInput(_ path: String, inputs: [(option: String, path: String)]) throws(RecipeError) {
        guard path != "-", let output = identity(path) else { return }
        for input in inputs where (input.path == "-" ? standardInputIdentity() : identity(input.path)) == output {
            let named = input.path == "-" ? "standard input" : input.path
            throw RecipeError.usage(
                "-o \(path) is also an input (\(input.option) \(named)): "
                    + "writing there would destroy it; choose another output file")
        }
    }

    /// The device and inode of the file standard input reads, nil when it is closed.
    private static func standardInputIdentity() -> [UInt64]? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// The device and inode of the file at `path` (links followed), nil when there is none.
    private static func identity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
