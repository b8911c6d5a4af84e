import TagCloud
import TagCloudText

/// `--verbose`: one line per phase on standard error, each ending with the phase's duration, for
/// every command alike.
final class VerboseReport {
    /// Whether lines are printed.
    let enabled: Bool
    private var clock = PhaseClock()

    /// A report that prints its lines when `enabled`.
    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Starts timing the first phase now, so option checks before it are not counted.
    func start() { clock = PhaseClock() }

    /// Ends the phase that ran since the previous one: `name: summary in N ms`.
    func phase(_ name: String, _ summary: @autoclosure () -> String) {
        let seconds = clock.lap()
        if enabled { Console.note("\(name): \(summary()) in \(NumberText.milliseconds(seconds))") }
    }

    /// A line about the phase just ended, without a time of its own.
    func detail(_ name: String, _ summary: @autoclosure () -> String) {
        if enabled { Console.note("\(name): \(summary())") }
    }

    /// The words left out of a layout, counted by reason (`maxWords 12, noSpace 2`); nothing when none.
    func unplaced(_ words: [UnplacedWord]) {
        guard enabled, !words.isEmpty else { return }
        let reasons = Dictionary(grouping: words, by: \.reason.rawValue).mapValues(\.count)
        detail("unplaced", reasons.keys.sorted().map { "\($0) \(reasons[$0]!)" }.joined(separator: ", "))
    }

    /// What counting a text found: its size, the words each filter removed, the terms and language.
    func text(_ analysis: TextAnalysis, options: TextOptions, kept: Int) {
        guard enabled else { return }
        let language =
            analysis.language.map { "\($0.rawValue) (\(options.language == nil ? "detected" : "given"))" }
            ?? "none recognised (no stop words)"
        detail("text", "\(analysis.bytes) bytes, \(analysis.tokens) words, language \(language)")
        let d = analysis.dropped
        var removed: [String] = []
        if d.numbers > 0 { removed.append("\(d.numbers) numbers") }
        if d.tooLong > 0 { removed.append("\(d.tooLong) longer than \(NumberText.wholeMegabytes(TermCounter.maximumWordBytes))") }
        if d.tooShort > 0 { removed.append("\(d.tooShort) shorter than \(options.minimumLength) characters") }
        if d.stopWords > 0 { removed.append("\(d.stopWords) stop words") }
        if d.extraStopWords > 0 { removed.append("\(d.extraStopWords) added stop words") }
        detail(
            "filters",
            (removed.isEmpty ? "none removed" : "removed " + removed.joined(separator: ", "))
                + "; \(analysis.tokens - d.total) words kept")
        var terms = "\(analysis.terms.count) distinct, \(analysis.collocations) collocations"
        if kept < analysis.terms.count { terms += "; the \(kept) most frequent kept (--top)" }
        detail("terms", terms)
    }
}
