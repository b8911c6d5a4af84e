/// A failure the command line reports to the user as one line, with an exit status.
///
/// The kinds exist so scripts can tell by exit status alone a mistyped command (fix the
/// invocation) from bad input data (fix the file), a cloud that could not hold every word, and a
/// failed write (fix the disk or path). `tagcloud` exits with:
///
/// - 0: success;
/// - 1: `usage`, the command line is wrong;
/// - 2: `input`, an input could not be read or understood;
/// - 3: `unplaced`, `cloud --fit all` could not place every word (the cloud is still written);
/// - 4: `output`, the result could not be written;
/// - 128 + N: stopped by signal N (130 for Ctrl-C), with nothing half-written left behind.
public enum CLIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command line itself is wrong: unknown option, missing or malformed value.
    case usage(String)
    /// The input could not be read or understood.
    case input(String)
    /// `--fit all` was asked for, and some words fit nowhere; the words that fit were written.
    case unplaced(String)
    /// The result could not be written.
    case output(String)

    /// The process exit status: 1 for usage, 2 for input, 3 for unplaced words, 4 for output errors.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 1
        case .input: return 2
        case .unplaced: return 3
        case .output: return 4
        }
    }

    /// The one-line message, without a program-name prefix (the caller adds one).
    public var description: String {
        switch self {
        case .usage(let message), .input(let message), .unplaced(let message), .output(let message):
            return message
        }
    }
}
