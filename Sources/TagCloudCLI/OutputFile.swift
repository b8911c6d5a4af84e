import Foundation

/// The output formats, chosen from the file extension or `--format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Raster image through Cairo.
    case png
    /// Vector document through Cairo.
    case pdf
    /// SVG text or outlines.
    case svg
    /// The `CloudLayout` as JSON.
    case json
    /// A self-contained interactive web page (inline SVG, keyboard and mouse, `tagcloud:select` events).
    case html

    /// Also accept `.htm`.
    public init?(rawValue: String) {
        switch rawValue {
        case "png": self = .png
        case "pdf": self = .pdf
        case "svg": self = .svg
        case "json": self = .json
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The format named by a path's extension, if any.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension.lowercased()
        self.init(rawValue: ext)
    }
}

/// Writes an output completely or not at all: bytes go to a temporary file beside the target,
/// which is renamed over the target only once everything is written. `-` means standard output.
public enum OutputFile {
    /// Temporary files in flight, removed by the interrupt handler so Ctrl-C leaves nothing behind.
    nonisolated(unsafe) static var inFlight: Set<String> = []
    static let lock = NSLock()

    /// Writes `data` to `path` atomically (or to stdout for `-`).
    public static func write(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw CLIError.output("cannot write \(path): the folder \(dir.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw CLIError.output("cannot write \(path): it is a folder; give a file name such as \(path)/cloud.png")
        }
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        lock.withLock { _ = inFlight.insert(temp.path) }
        defer { lock.withLock { _ = inFlight.remove(temp.path) } }
        do {
            try data.write(to: temp)
            if rename(temp.path, path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temp)
                throw CLIError.output("cannot write \(path): \(reason)")
            }
        } catch let e as CLIError {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw CLIError.output("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Removes every temporary file still being written (called on interrupt).
    static func removeInFlight() {
        for path in lock.withLock({ inFlight }) { unlink(path) }
    }
}
