import Foundation

/// The HTTP/1.1 side of `tagcloud serve`: one event-loop thread (`EventLoop`) reads requests from
/// every connection and writes their answers, nonblocking; the router answers each complete
/// request on a worker. Limits against slow, many and large clients are in `HTTPLimits`.
final class HTTPServer: @unchecked Sendable {
    private let mailbox: Mailbox
    private let loop: EventLoop
    private let finished = DispatchSemaphore(value: 0)

    /// A server for the connections of `listener`, answered by `router`; `log`, when given, gets
    /// one line per answer (`METHOD PATH STATUS MS ms`, escaped).
    init(listener: Listener, router: Router, limits: HTTPLimits, log: (@Sendable (String) -> Void)?) throws {
        mailbox = try Mailbox()
        loop = EventLoop(listener: listener, router: router, limits: limits, mailbox: mailbox, log: log)
    }

    /// Starts the event loop on a thread of its own.
    func start() {
        let (loop, finished) = (loop, finished)
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.name = "tagcloud serve: HTTP"
        thread.start()
    }

    /// Stops accepting connections; those open are served on.
    func stopAccepting() { mailbox.post(.stopAccepting) }

    /// Closes every connection and waits for the loop to end. Answers of work still running are dropped.
    func stop() {
        mailbox.post(.stop)
        finished.wait()
    }

    /// Writes a log line to standard error in one `write`, so lines from several workers never mix.
    static let standardErrorLog: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}
