/// A request to stop a layout midway, shared by the thread that runs the layout and one that may
/// call it off (a server at a request's deadline, for example).
///
/// A `WordCloudLayout` or `FlowLayout` given a token checks it before each word it places (in a
/// word cloud, before each angle and size a word tries) and, once the token is cancelled, throws
/// `TagCloudError.cancelled` instead of finishing. A layout that finishes is the same with or
/// without a token: checking draws nothing from the seeded generator. A count of a text
/// (`TermCounter.cancellation` in TagCloudText) takes the same token and throws the same error.
public final class CancellationToken: @unchecked Sendable {
    // A lock rather than `Synchronization.Atomic`, which needs macOS 15: uncontended, taking it
    // costs tens of nanoseconds, next to the microseconds a word's search takes.
    private let lock = Lock()
    private var cancelled = false

    /// A token not cancelled yet.
    public init() {}

    /// Asks every layout holding this token to stop; it cannot be undone.
    public func cancel() { lock.withLock { cancelled = true } }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Throws `TagCloudError.cancelled` once the token is cancelled.
    public func check() throws(CoreError) {
        if isCancelled { throw TagCloudError.cancelled }
    }
}
