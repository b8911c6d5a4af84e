import Foundation

/// SIGINT and SIGTERM, caught from before the server's address is printed: whoever reads the
/// address may signal at once. The handler, installed synchronously, only writes a byte to a pipe
/// that `wait` reads: a dispatch source registers its handler later, on libdispatch's own thread,
/// and a signal sent before that was ignored and lost (seen when the server runs slowly, as under
/// valgrind), leaving the server running.
final class StopSignal {
    /// The write end of the pipe the handler writes to; set before the handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private let readEnd: Int32

    /// Installs the handler for SIGINT and SIGTERM.
    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ServeError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        readEnd = ends[0]
        Self.writeEnd = ends[1]
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(StopSignal.writeEnd, &byte, 1)
            }
            #else
            action.__sigaction_u.__sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(StopSignal.writeEnd, &byte, 1)
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
        // A process started from a thread that blocks them (a dispatch queue's, say) inherits the
        // block, and a blocked signal waits for ever: this thread, whose mask the server's threads
        // inherit, takes them.
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGINT)
        sigaddset(&handled, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Blocks until SIGINT or SIGTERM.
    func wait() {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) != 1 {}
    }
}
