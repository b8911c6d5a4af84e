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
}
