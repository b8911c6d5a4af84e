/// Why a tag list or text file could not be read. Every message starts with the file name, and the
/// line (or JSON item) where there is one, so editors and terminals can jump to it.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8; `byteOffset` is the zero-based offset of the first bad byte.
    case invalidUTF8(name: String, byteOffset: Int)
    /// The input contains a NUL byte, so it is binary (or UTF-16) rather than UTF-8 text.
    case binaryInput(name: String)
    /// A line of a line-based or CSV file is unusable; `line` and `column` (the field) count from 1.
    case badRow(name: String, line: Int, column: Int, reason: String)
    /// An entry of a JSON file is unusable; `item` locates it, e.g. `item 3` or `key "swift"`.
    case badItem(name: String, item: String, reason: String)
    /// The JSON does not parse; `reason` is the parser's explanation.
    case invalidJSON(name: String, reason: String)
    /// The file holds no tags; `reason` says what it held instead.
    case empty(name: String, reason: String)
    /// A text file could not be opened or read; `reason` is the system's explanation.
    case unreadable(name: String, reason: String)
    /// A custom word pattern is not a valid regular expression.
    case invalidPattern(pattern: String, reason: String)
    /// Matching a word pattern was stopped at `line` (counted from 1) of the input `name`: it spent
    /// one of the budgets of `WordPattern` there.
    case patternTooComplex(pattern: String, name: String, line: Int, limit: PatternLimit)
    /// The JSON does not parse; the problem is at `line` and `column` (counted from 1, the column in
    /// characters).
    case invalidJSONAt(name: String, line: Int, column: Int, reason: String)
    /// A file is larger than the `limit` bytes its kind (`what`, e.g. "a stop-word file") may be.
    case tooLarge(name: String, limit: Int, what: String)
    /// A stop-word or phrase option is unusable, e.g. an unknown language code.
    case invalidOption(reason: String)
    /// The text engine (ICU) is missing or failed.
    case textEngine(reason: String)
    /// A partial count (`PartialCount`) cannot be merged: another format or other options than
    /// the merge's, or a damaged file; `reason` says which and the fix.
    case partialCount(name: String, reason: String)
    /// Word pairs moved to a temporary file (see `TextOptions.bigramLimit`) could not be read back.
    case temporaryFile(reason: String)

    /// One line for the user, in `file:line:column: problem` form where a position exists.
    public var description: String {
        switch self {
        case .invalidUTF8(let name, let offset):
            return "\(name): not valid UTF-8 (first bad byte at offset \(offset)); save the file as UTF-8"
        case .binaryInput(let name):
            return "\(name): looks like a binary file (it contains NUL bytes); give UTF-8 text (not UTF-16)"
        case .badRow(let name, let line, let column, let reason):
            return "\(name):\(line):\(column): \(reason)"
        case .badItem(let name, let item, let reason):
            return "\(name): \(item): \(reason)"
        case .invalidJSON(let name, let reason):
            return "\(name): not valid JSON (\(reason))"
        case .empty(let name, let reason):
            return "\(name) has no tags (\(reason))"
        case .unreadable(let name, let reason):
            return "cannot read \(name): \(reason)"
        case .invalidPattern(let pattern, let reason):
            return "invalid word pattern \"\(pattern)\": \(reason); give an ICU regular expression such as \\p{L}+"
        case .patternTooComplex(let pattern, let name, let line, let limit):
            let problem: String
            switch limit {
            case .steps: problem = "backtracks too much on this line (catastrophic backtracking)"
            case .memory:
                problem = "needs more than \(PatternLimit.backtrackingMemory >> 20) MB of backtracking memory on this line"
            case .engine: problem = "could not be matched by ICU on this line"
            }
            return
                "\(name):\(line): word pattern \"\(pattern)\" \(problem); simplify the pattern: avoid nested repetition such as (a+)+ and repetitions that can match the same text, e.g. (a|a)+ or \\w*\\w*"
        case .invalidJSONAt(let name, let line, let column, let reason):
            return "\(name):\(line):\(column): not valid JSON (\(reason))"
        case .tooLarge(let name, let limit, let what):
            return "\(name) is larger than \(Self.size(limit)), the most \(what) may be"
        case .invalidOption(let reason):
            return reason
        case .textEngine(let reason):
            return reason
        case .partialCount(let name, let reason):
            return "\(name): \(reason)"
        case .temporaryFile(let reason):
            return "could not read back the word pairs kept in a temporary file (\(reason)); "
                + "set TMPDIR to a folder on a sound disk with room, or count without collocations (--no-collocations)"
        }
    }

    /// Which budget of `WordPattern` stopped a match.
    public enum PatternLimit: Sendable, Equatable {
        /// The backtracking steps (`WordPattern.attemptSteps`, `WordPattern.totalSteps`).
        case steps
        /// The backtracking memory (`backtrackingMemory`).
        case memory
        /// ICU failed for another reason.
        case engine

        /// The most memory a word pattern's backtracking stack may take, in bytes (64 MiB: `\w+`
        /// over a word of a million characters takes about 8 MB, `(\w|-)+` about 27 MB).
        public static let backtrackingMemory = 64 << 20
    }

    /// A byte count as the limits are written: "8 MB" for 8 MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
