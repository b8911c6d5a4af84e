/// A failure the command line reports to the user as one line, with an exit status.
///
/// The three cases exist so scripts can tell a mistyped command (fix the invocation) from bad
/// input data (fix the file) from a failed write (fix the disk or path) by exit status alone.
public enum CLIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command line itself is wrong: unknown option, missing or malformed value.
    case usage(String)
    /// The input could not be read or understood.
    case input(String)
    /// The result could not be written.
    case output(String)

    /// The process exit status: 1 for usage, 2 for input, 4 for output errors.
    ///
    /// Distinct bits rather than 1, 2, 3 so a wrapper that merges statuses of several runs
    /// with `|` can still tell which kinds of failure happened.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 1
        case .input: return 2
        case .output: return 4
        }
    }

    /// The one-line message, without a program-name prefix (the caller adds one).
    public var description: String {
        switch self {
        case .usage(let message), .input(let message), .output(let message):
            return message
        }
    }
}
