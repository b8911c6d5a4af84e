import TagCloud

extension RecipeProbe {
    /// For input `math SEED COUNT`: COUNT inputs drawn from SEED over the ranges TagCloud uses and
    /// beyond, each line an input and `Math`'s sin, cos, log, log10, pow and hypot of it, as the
    /// doubles' bit patterns; the two builds must agree on every bit.
    static func mathText(_ bytes: [UInt8]) -> String {
        let words = String(decoding: bytes, as: UTF8.self).split(separator: " ").dropFirst()
        let numbers = words.compactMap { UInt64($0.split(separator: "\n").first ?? "") }
        guard numbers.count == 2, numbers[1] <= 1_000_000 else { return "error: give math SEED COUNT\n" }
        var rng = SeededRandom(seed: numbers[0])
        var text = ""
        func hex(_ v: Double) -> String {
            let digits = String(v.bitPattern, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let ranges: [ClosedRange<Double>] = [-7...7, 0...1, 1e-6...1e6, -1e9...1e9, 0.5...2]
        for k in 0..<Int(numbers[1]) {
            let x = rng.nextDouble(in: ranges[k % ranges.count])
            let y = rng.nextDouble(in: -40...40)
            let values = [
                x, y, Math.sin(x), Math.cos(x), Math.log(x.magnitude), Math.log10(x.magnitude),
                Math.pow(x.magnitude, y), Math.pow(x.magnitude, 2.4), Math.hypot(x, y),
            ]
            text += values.map(hex).joined(separator: " ") + "\n"
        }
        return text
    }
}
