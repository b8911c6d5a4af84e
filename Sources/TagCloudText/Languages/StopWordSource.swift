/// Where the stop words come from.
public enum StopWordSource: Sendable, Equatable {
    /// The built-in list of the language given or detected (none when no language is recognised).
    case language
    /// No stop words at all.
    case none
    /// Exactly these words (compared after case folding), instead of a built-in list.
    case custom(Set<String>)
}
