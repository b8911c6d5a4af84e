/// The one source of randomness in TagCloud: a small, fast generator (SplitMix64) whose output depends
/// only on its seed, so the same seed gives the same cloud on every machine and every Swift version.
///
/// The helpers below are written out rather than taken from the standard library's `random(in:using:)`,
/// whose algorithm is not promised to stay the same between releases.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `[0, 1)` with 53 bits of precision.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A uniformly distributed value in `range`.
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniformly distributed integer in `0..<bound` (Lemire's multiply-shift with rejection).
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let b = UInt64(bound)
        while true {
            let r = next().multipliedFullWidth(by: b)
            if r.low >= (0 &- b) % b { return Int(r.high) }
        }
    }

    /// A seed drawn from the system's entropy, for when the user gives none (the CLI prints it).
    public static func freshSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next() % 1_000_000_000
    }
}
