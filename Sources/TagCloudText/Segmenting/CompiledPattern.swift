import CICUShim
import TagCloud

/// A compiled word pattern with the limits of `WordPattern`, matching UTF-16 text. Not thread-safe:
/// one per segmenter.
final class CompiledPattern {
    /// The pattern as given.
    let pattern: String
    private let handle: OpaquePointer
    /// Asked while matching (every `TC_REGEX_STEPS_PER_TICK` steps), so a count called off stops
    /// inside one long search too; held here because the C side keeps only an unretained pointer.
    private let cancellation: CancellationToken?

    /// Compiles and checks `pattern`; throws `TextError.invalidPattern`. Once `cancellation` is
    /// cancelled, a search stops with `Outcome.cancelled`.
    init(_ pattern: String, cancellation: CancellationToken? = nil) throws(TextError) {
        self.pattern = pattern
        self.cancellation = cancellation
        let units = Array(pattern.utf16)
        guard units.count <= WordPattern.maximumLength else {
            throw TextError.invalidPattern(pattern: pattern, reason: "it is longer than \(WordPattern.maximumLength) characters")
        }
        let limits = tc_regex_limits(
            attemptSteps: Int64(WordPattern.attemptSteps),
            attemptStepsPerCharacter: Int64(WordPattern.attemptStepsPerCharacter),
            totalSteps: Int64(WordPattern.totalSteps),
            totalStepsPerCharacter: Int64(WordPattern.totalStepsPerCharacter),
            stackBytes: Int32(TextError.PatternLimit.backtrackingMemory))
        var error: Int32 = 0, offset: Int32 = -1
        ICUData.prepare()
        let opened = units.withUnsafeBufferPointer { tc_regex_open($0.baseAddress, Int32($0.count), limits, &error, &offset) }
        guard let opened else {
            throw TextError.invalidPattern(
                pattern: pattern, reason: Self.describe(error: error, offset: Int(offset), in: pattern))
        }
        handle = opened
        if let cancellation {
            tc_regex_set_stop(
                handle,
                { context in Unmanaged<CancellationToken>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0 },
                Unmanaged.passUnretained(cancellation).toOpaque())
        }
        if tc_regex_matches_empty(handle) != 0 {
            throw TextError.invalidPattern(
                pattern: pattern,
                reason:
                    "it matches the empty text, and a word cannot be empty (use + rather than *, e.g. \\w+ rather than \\w*)")
        }
    }

    deinit { tc_regex_close(handle) }

    /// What the next search found.
    enum Outcome: Equatable {
        /// A match, as UTF-16 offsets into the text.
        case match(start: Int, end: Int)
        /// No further match.
        case end
        /// A limit stopped the search; `at` is the UTF-16 offset where the stopped attempt started.
        case stopped(TextError.PatternLimit, at: Int)
        /// The cancellation token was cancelled during the search.
        case cancelled
    }

    /// Starts matching `text` (UTF-16, which must stay valid until the last `next`), with the work
    /// counted from zero.
    func setText(_ text: UnsafeBufferPointer<UInt16>) {
        _ = tc_regex_set_text(handle, text.baseAddress, Int32(text.count))
    }

    /// The next match after the previous one (empty matches included: the caller skips them).
    func next() -> Outcome {
        var start: Int32 = 0, end: Int32 = 0
        let result = tc_regex_next(handle, &start, &end)
        switch result {
        case 1: return .match(start: Int(start), end: Int(end))
        case 0: return .end
        case TC_REGEX_STACK_OVERFLOW: return .stopped(.memory, at: Int(start))
        case TC_REGEX_TOO_MANY_STEPS: return .stopped(.steps, at: Int(start))
        case TC_REGEX_CANCELLED: return .cancelled
        default: return .stopped(.engine, at: Int(start))
        }
    }

    /// ICU's compile errors in words, with the character (counted from 1) where ICU found them.
    private static func describe(error: Int32, offset: Int, in pattern: String) -> String {
        let name = String(cString: tc_error_name(error))
        let problems: [String: String] = [
            "U_REGEX_MISMATCHED_PAREN": "unbalanced parentheses",
            "U_REGEX_MISSING_CLOSE_BRACKET": "a [ is never closed",
            "U_REGEX_RULE_SYNTAX": "a syntax error",
            "U_REGEX_BAD_ESCAPE_SEQUENCE": "an unknown escape",
            "U_REGEX_PROPERTY_SYNTAX": "an unknown property in \\p{…}",
            "U_REGEX_BAD_INTERVAL": "a bad {min,max} repetition",
            "U_REGEX_MAX_LT_MIN": "a {min,max} repetition with max below min",
            "U_REGEX_NUMBER_TOO_BIG": "a number too large",
            "U_REGEX_INVALID_BACK_REF": "a back reference to a group that does not exist",
            "U_REGEX_INVALID_FLAG": "an unknown flag in (?…)",
            "U_REGEX_LOOK_BEHIND_LIMIT": "a look-behind without a bounded length",
            "U_REGEX_INVALID_RANGE": "a character range in the wrong order",
            "U_REGEX_OCTAL_TOO_BIG": "an octal escape above \\0377",
            "U_REGEX_INVALID_CAPTURE_GROUP_NAME": "a bad group name",
            "U_REGEX_PATTERN_TOO_BIG": "a pattern too large to compile",
            "U_REGEX_UNIMPLEMENTED": "a feature ICU does not support",
        ]
        var reason = "it does not compile: " + (problems[name] ?? name)
        if offset >= 0 {
            // UTF-16 offset to a character count, as a person counts along the pattern.
            var units = 0, characters = 0
            for scalar in pattern.unicodeScalars where units < offset {
                units += scalar.utf16.count
                characters += 1
            }
            reason += " at character \(characters + 1)"
        }
        return reason
    }
}
