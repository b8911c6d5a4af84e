import Foundation

/// Reads a child's standard output and standard error at the same time, and feeds its standard
/// input from a thread of its own: read one after the other, a child that fills the pipe not
/// being read blocks for ever, and so does the test waiting on it.
public enum PipeDrain {
    /// Everything `out` and `err` deliver until they close, `input` written to `stdin` (then
    /// closed) meanwhile.
    public static func collect(
        out: FileHandle, err: FileHandle, stdin: FileHandle? = nil, input: Data? = nil
    ) -> (stdout: Data, stderr: Data) {
        let group = DispatchGroup()
        let errors = Collected()
        group.enter()
        Thread.detachNewThread {
            errors.data = err.readDataToEndOfFile()
            group.leave()
        }
        if let stdin {
            group.enter()
            Thread.detachNewThread {
                if let input { try? stdin.write(contentsOf: input) }
                try? stdin.close()
                group.leave()
            }
        }
        let output = out.readDataToEndOfFile()
        group.wait()
        return (output, errors.data)
    }

    /// What the standard-error thread read, handed to the caller once it is done.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
