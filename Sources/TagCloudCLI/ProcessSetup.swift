import Foundation
import TagCloudGraphics
import TagCloudRecipe

extension TagCloudTool {
    /// The write end of the pipe the signal handler hands signal numbers to; set before any
    /// handler is installed, so the handler only loads it.
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// The signals whose default action ends the process and that a program may catch: each one
    /// removes the temporary files in flight before the process exits with 128 + the signal.
    /// SIGPIPE is ignored instead: a pipe's reader gone makes a write fail with EPIPE, which
    /// `StandardOutput` turns into a quiet exit (as the default action would, but with the
    /// temporary files removed), and a SIGPIPE sent by hand cannot cut a file short.
    static let terminatingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
        SIGXCPU, SIGVTALRM, SIGPROF,
    ]

    /// Handles every terminating signal off the signal context: the handler only writes the
    /// signal's number to a pipe, whichever thread the system chose (a dispatch source would miss
    /// the signals libdispatch's threads leave unblocked, SIGPROF among them); a thread of its own
    /// reads it, removes the temporary files in flight and ends the process with 128 + the signal,
    /// by `_exit`: `exit` would run the runtime's exit handlers while other threads still work,
    /// and could wait for ever on a lock one of them holds. SIGXFSZ (a file-size limit reached
    /// while writing) is ignored, so the write fails with "File too large" and the usual error
    /// path removes the temporary file.
    public static func installInterruptHandler() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        signalPipe = ends[1]
        let reader = ends[0]
        Thread.detachNewThread {
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {}
            AtomicFile.removeInFlight()
            let written = AtomicFile.filesWritten
            Console.writeError(
                written == 0
                    ? "tagcloud: interrupted; no output written\n"
                    : "tagcloud: interrupted after writing \(written) output file\(written == 1 ? "" : "s") in full\n")
            _exit(128 + Int32(number))
        }
        for sig in terminatingSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { sig in
                var number = UInt8(truncatingIfNeeded: sig)
                _ = write(TagCloudTool.signalPipe, &number, 1)
            }
            #else
            action.__sigaction_u.__sa_handler = { sig in
                var number = UInt8(truncatingIfNeeded: sig)
                _ = write(TagCloudTool.signalPipe, &number, 1)
            }
            #endif
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
        // A parent may start the tool with signals blocked (a thread of a dispatch queue blocks
        // most); blocked here, they would wait for ever.
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in terminatingSignals { sigaddset(&handled, sig) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
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
