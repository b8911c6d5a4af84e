import Dispatch

/// Wall-clock time between phases, for `--verbose`.
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the previous lap (or since the clock was made).
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }

    /// "123 ms": milliseconds are fine-grained enough for a person and short enough to scan.
    static func format(_ seconds: Double) -> String {
        String(Int((seconds * 1000).rounded())) + " ms"
    }
}
