import Dispatch

/// Wall-clock time between phases, for `--verbose`.
final class PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the previous lap (or since the clock was made).
    func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }

    /// "0.123 s".
    static func format(_ seconds: Double) -> String {
        String(Int((seconds * 1000).rounded())) + " ms"
    }
}
