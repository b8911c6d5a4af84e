import Dispatch
import Foundation
import TagCloudGraphics

extension TagCloudTool {
    /// Sources kept alive for the life of the process.
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// The signals whose default action ends the process and that a program may catch: each one
    /// removes the temporary files in flight before the process exits with 128 + the signal.
    /// SIGPIPE is left to its default (a reader that went away ends the process quietly, and no
    /// temporary file is open while standard output is written).
    static let terminatingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
        SIGXCPU, SIGVTALRM, SIGPROF,
    ]

    /// Handles every terminating signal off the signal context (a dispatch source), so the cleanup
    /// may take locks: in-flight temporary files are removed and the process exits with 128 + the
    /// signal. SIGXFSZ (a file-size limit reached while writing) is ignored instead, so the write
    /// fails with "File too large" and the usual error path removes the temporary file.
    public static func installInterruptHandler() {
        signal(SIGXFSZ, SIG_IGN)
        for sig in terminatingSignals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                AtomicFile.removeInFlight()
                Console.writeError("tagcloud: interrupted; no output written\n")
                exit(128 + sig)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}

extension TagCloudTool {
    /// Fills each closed standard stream (0, 1, 2) with `/dev/null` opened read-only. Otherwise the
    /// next file the tool opens would take the closed number, and a result meant for standard output
    /// could land in an input or output file; read-only, a write to it fails ("Bad file descriptor")
    /// and is reported as an output error.
    public static func reserveStandardStreams() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", O_RDONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }
}
