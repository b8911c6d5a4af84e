import Foundation
import TagCloudGraphics

/// Where a command's result goes: standard output for `-`, otherwise a file written completely or
/// not at all (`AtomicFile`), with the messages a person at the command line needs.
public enum OutputFile {
    /// Writes `data` to `path` atomically (or to stdout for `-`); failures are `CLIError.output`.
    public static func write(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        // The system's "No such file or directory" would not say which part is missing, nor that a
        // folder given as -o needs a file name inside it.
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw CLIError.output("cannot write \(path): the folder \(dir.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CLIError.output("cannot write \(path): it is a folder; give a file name such as \(path)/cloud.png")
        }
        do { try AtomicFile.write(data, to: url) } catch GraphicsError.outputFailed(_, let reason) {
            throw CLIError.output("cannot write \(path): \(reason)")
        }
    }
}
