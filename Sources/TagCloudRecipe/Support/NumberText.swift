import TagCloud

/// How the command line writes numbers: option values and defaults, messages, progress and
/// timings. One place, so that `--width 600` in a message, `"width": 600` in `config --print`
/// and `Default: 600` in help always agree.
package enum NumberText {
    /// A number as people write it and as an option reads it back: `32768`, not `32768.0`.
    package static func plain(_ value: Double) -> String { DecimalText.plain(value) }

    /// `n` and a noun, plural unless `n` is one: `1 byte`, `3 words`.
    static func count<N: BinaryInteger>(_ n: N, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// A fraction as a whole percentage: `0.416` is `42%`.
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    /// Seconds as whole milliseconds, `123 ms`: fine-grained enough for a person, short enough to scan.
    static func milliseconds(_ seconds: Double) -> String {
        String(Int((seconds * 1000).rounded())) + " ms"
    }

    /// A limit of whole megabytes (a multiple of 2^20 bytes): `16 MB`.
    static func wholeMegabytes(_ bytes: Int) -> String {
        "\(bytes >> 20) MB"
    }
}
