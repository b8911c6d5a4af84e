import Foundation
import TagCloudGraphics

/// The command's results on standard output, written completely or reported: a closed or full
/// standard output is an output error (exit status 4), not a crash or a silent success.
package enum StandardOutput {
    /// Writes `data`.
    static func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// Writes `bytes`, a piece of a longer output. When the reader of a pipe went away (`| head`)
    /// the process ends quietly with 141, as a shell expects of SIGPIPE, its temporary files removed.
    static func write(_ bytes: UnsafeRawBufferPointer) throws {
        do { try AtomicFile.writeToStandardOutput(bytes) } catch GraphicsError.outputFailed(_, let reason) {
            if reason == String(cString: strerror(EPIPE)) {
                AtomicFile.removeInFlight()
                _exit(128 + SIGPIPE)
            }
            throw RecipeError.output("cannot write to standard output: \(reason)")
        }
    }

    /// Writes `text` and a newline, as `print` would.
    package static func print(_ text: String, terminator: String = "\n") throws {
        try write(Data((text + terminator).utf8))
    }
}
