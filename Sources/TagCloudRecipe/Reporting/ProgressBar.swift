import Dispatch
import Foundation

/// A one-line progress bar on standard error (how much is done, the rate, the time left), drawn only
/// when standard error is a terminal, so logs and pipes never see control characters, and only once
/// the work has run for half a second, as shorter work finishes before a bar would help.
final class ProgressBar {
    /// What is counted.
    enum Unit {
        /// Bytes read, shown in MB and MB/s.
        case bytes
        /// Words laid out.
        case words
        /// Images drawn (an animation's).
        case images

        /// The unit's name after an amount.
        var name: String {
            switch self {
            case .bytes: return "MB"
            case .words: return "words"
            case .images: return "images"
            }
        }
    }

    /// Back to the line's start and clear it: the bar and the status line redraw themselves so.
    private static let clearLine = "\r\u{1B}[K"
    /// Whether standard error is a terminal (a pipe or a file never gets control characters).
    private static var onTerminal: Bool { isatty(2) == 1 }

    private let unit: Unit
    private var total: Int64?
    private var start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private let enabled: Bool

    /// A bar for `total` units (nil when unknown), drawn on standard error when it is a terminal.
    init(total: Int64?, unit: Unit) {
        self.total = total
        self.unit = unit
        enabled = Self.onTerminal
    }

    /// Redraws at most ten times a second; `prefix` goes before the bar (what is being done).
    func update(_ done: Int64, prefix: String = "") {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - start > 500_000_000, now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        Console.writeError(
            Self.clearLine + Console.escapingControls(prefix)
                + Self.line(done: done, total: total, seconds: Double(now - start) / 1e9, unit: unit))
        drawn = true
    }

    /// Starts counting again from now, towards `total` (a new pass over the same work).
    func restart(total: Int64?) {
        self.total = total
        start = DispatchTime.now().uptimeNanoseconds
    }

    /// Clears the bar.
    func finish() {
        if drawn { Console.writeError(Self.clearLine) }
    }

    /// One line of what is being done, for work with no measure of its progress, shown on standard
    /// error while it lasts when that is a terminal.
    struct Status {
        private let shown: Bool

        /// Shows `text` (when standard error is a terminal).
        init(_ text: String) {
            shown = ProgressBar.onTerminal
            if shown { Console.writeError(ProgressBar.clearLine + Console.escapingControls(text)) }
        }

        /// Clears the line.
        func clear() {
            if shown { Console.writeError(ProgressBar.clearLine) }
        }
    }

    /// The bar's text for `done` of `total` units after `seconds`: a bar of 30 cells, the amounts,
    /// the rate and the time left when the total is known; the amount and the rate otherwise.
    static func line(done: Int64, total: Int64?, seconds: Double, unit: Unit) -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        func amount(_ v: Int64) -> String {
            unit == .bytes ? Self.decimal(Double(v) / 1e6, places: 1) : String(v)
        }
        let name = unit.name
        let speed =
            unit == .bytes
            ? Self.decimal(rate / 1e6, places: 1) + " MB/s"
            : Self.decimal(rate, places: 0) + " \(name)/s"
        guard let total, total > 0 else { return "\(amount(done)) \(name)  \(speed)" }
        let fraction = min(1, max(0, Double(done) / Double(total)))
        let filled = Int(fraction * 30)
        let eta = rate > 0 ? Int((Double(max(0, total - done)) / rate).rounded()) : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled) + "] "
            + "\(amount(done)) of \(amount(total)) \(name)  \(speed)  ETA \(eta / 60):" + Self.twoDigits(eta % 60)
    }

    /// `value` with `places` decimals: `2.5`, `3351`.
    private static func decimal(_ value: Double, places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    /// `value` with at least two digits: `05`, as in a time of `1:05`.
    private static func twoDigits(_ value: Int) -> String {
        String(format: "%02d", value)
    }
}
