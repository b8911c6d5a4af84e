import CICUShim

/// A word pattern (`TextOptions.pattern`, the CLI's `--word-pattern`): an ICU regular expression
/// whose matches are the words, and the limits that keep a pattern which backtracks catastrophically
/// (`(a+)+b` on a long run of `a`) from running for minutes.
///
/// ICU's matcher backtracks, so some patterns take exponential time on some texts. Its work is
/// counted in backtracking steps (state saves; a greedy loop such as `\w+` takes about one per
/// character it crosses), and matching stops with `TextError.patternTooComplex` once either budget
/// below is spent. Ordinary patterns stay far below both: an alternation of 60 keywords takes about
/// 21 steps per character of English; `\w+`, `\p{L}+` and `#\w+` take one or fewer.
public enum WordPattern {
    /// Steps one match attempt (the search for a match at one start position) may take, plus
    /// `attemptStepsPerCharacter` for each character from its start to the end of the text being
    /// matched, so a single long match of a long word still fits.
    public static let attemptSteps = 1_000_000
    /// See `attemptSteps`.
    public static let attemptStepsPerCharacter = 10
    /// Steps all the attempts before the current one over one piece of text may take together, plus
    /// `totalStepsPerCharacter` for each character before the current attempt's start (which has its
    /// own budget on top): this stops patterns that are slow at every position without being
    /// exponential at any (`[a-z]+x` on words of 1,900 letters takes about 950 steps per character).
    public static let totalSteps = 1_000_000
    /// See `totalSteps`. About five times what the slowest ordinary pattern measured takes, so a
    /// count's matching costs at most about a second per MB (ICU takes some 80 million steps a second).
    public static let totalStepsPerCharacter = 100
    /// The longest pattern accepted, in UTF-16 code units.
    public static let maximumLength = 65_536

    /// Checks `pattern` as the counter will use it: it compiles as an ICU regular expression, is at
    /// most `maximumLength` long and cannot match the empty text (its matches are words, and an empty
    /// word is none). Throws `TextError.invalidPattern` naming the problem.
    public static func check(_ pattern: String) throws(TextError) {
        _ = try CompiledPattern(pattern)
    }
}
