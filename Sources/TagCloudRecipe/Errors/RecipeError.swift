/// A failure of a recipe, reported to the user as one line, with the key to blame when one is.
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
///
/// `tagcloud serve` answers a `usage` or `input` error met reading a request with 400 and the
/// key, the rest with 422.
public struct RecipeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Equatable {
        /// The recipe itself is wrong: unknown key, missing or malformed value.
        case usage
        /// An input could not be read or understood.
        case input
        /// `--fit all` was asked for, and some words fit nowhere; the words that fit were written.
        case unplaced
        /// The result could not be written.
        case output
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// The one-line message, without a program-name prefix (the caller adds one).
    public let message: String
    /// The recipe key to blame (`max-words`), when one is; each face spells it its own way
    /// (`--max-words`, `"max-words"`).
    public let key: String?

    /// A failure of `kind` saying `message`, blaming `key` when given.
    public init(_ kind: Kind, _ message: String, key: String? = nil) {
        self.kind = kind
        self.message = message
        self.key = key
    }

    /// The recipe is wrong: unknown key, missing or malformed value.
    public static func usage(_ message: String, key: String? = nil) -> RecipeError { .init(.usage, message, key: key) }
    /// An input could not be read or understood.
    public static func input(_ message: String, key: String? = nil) -> RecipeError { .init(.input, message, key: key) }
    /// Some words fit nowhere under `--fit all` or exact sizes.
    public static func unplaced(_ message: String) -> RecipeError { .init(.unplaced, message) }
    /// The result could not be written.
    public static func output(_ message: String, key: String? = nil) -> RecipeError { .init(.output, message, key: key) }

    /// The process exit status: 1 for usage, 2 for input, 3 for unplaced words, 4 for output errors.
    public var exitCode: Int32 {
        switch kind {
        case .usage: return 1
        case .input: return 2
        case .unplaced: return 3
        case .output: return 4
        }
    }

    /// The message.
    public var description: String { message }

    /// Two errors are equal when they say the same of the same kind; the key is what they are
    /// about, not what they say.
    public static func == (a: RecipeError, b: RecipeError) -> Bool { a.kind == b.kind && a.message == b.message }
}
