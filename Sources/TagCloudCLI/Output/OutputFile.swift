import Foundation
import TagCloudGraphics

/// Where a command's result goes: standard output for `-`, otherwise the path as `AtomicFile`
/// writes it (a regular file replaced completely or not at all, links followed, devices and FIFOs
/// written through), with the messages a person at the command line needs.
public enum OutputFile {
    /// Writes `data` to `path` (or to standard output for `-`); failures are `CLIError.output`.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { sink in try data.withUnsafeBytes { try sink($0) } }
    }

    /// Writes what `produce` hands its sink, piece by piece, to `path` (or standard output for
    /// `-`), as `write(_:to:)` writes data: a file still appears whole or not at all.
    public static func write(
        to path: String, _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
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
            throw CLIError.output("cannot write \(path): it is a folder; give a file name such as \(path)/cloud.png")
        }
        guard kind != .missing || PathKind(dir.path) == .folder else {
            throw CLIError.output("cannot write \(path): the folder \(dir.path) does not exist")
        }
        do { try AtomicFile.write(to: url, produce) } catch GraphicsError.outputFailed(_, let reason) {
            throw CLIError.output("cannot write \(path): \(reason)")
        }
    }

    /// Refuses an output path that names one of the command's input files (the same file, also
    /// through a link or a second name): writing the result there would destroy the input.
    /// `inputs` pairs each input path with the option that gave it.
    static func checkNotAnInput(_ path: String, inputs: [(option: String, path: String)]) throws {
        guard path != "-", let output = identity(path) else { return }
        for input in inputs where input.path != "-" {
            if identity(input.path) == output {
                throw CLIError.usage(
                    "-o \(path) is also an input (\(input.option) \(input.path)): "
                        + "writing there would destroy it; choose another output file")
            }
        }
    }

    /// The device and inode of the file at `path` (links followed), nil when there is none.
    private static func identity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
