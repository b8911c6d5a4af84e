import TagCloud

/// Dunning's log-likelihood collocation score, as the Python wordcloud package computes it.
enum Collocation {
    /// -2 log λ for the bigram count `bigram` of words counted `first` and `second` times among `words`.
    static func score(bigram c12: Int, first c1: Int, second c2: Int, words n: Int) -> Double {
        // One word making up the whole text: no evidence either way.
        if n <= c1 || n <= c2 { return 0 }
        // A pair seen no more often than chance is no collocation, however surprising its rarity:
        // the log-likelihood ratio is two-sided, and the Python package's use of it lets two common
        // words that are seldom adjacent ("word word") through. This also spares most pairs the logs.
        if c12 * n <= c1 * c2 { return 0 }
        let N = Double(n), c12 = Double(c12), c1 = Double(c1), c2 = Double(c2)
        let p = c2 / N, p1 = c12 / c1, p2 = (c2 - c12) / (N - c1)
        let s = l(c12, c1, p) + l(c2 - c12, N - c1, p) - l(c12, c1, p1) - l(c2 - c12, N - c1, p2)
        return -2 * s
    }

    /// The smallest bigram count that can score above `threshold` among `words` words. A pair seen
    /// k times scores highest when both words occur only in it (the score is 2N times the pair's mutual
    /// information, which cannot exceed either word's entropy); below this count every pair fails,
    /// so the long tail of pairs seen once or twice needs no logarithms at all.
    static func minimumCount(words n: Int, threshold: Double) -> UInt32 {
        var k = 1
        while k < 1000 && 2 * k < n && score(bigram: k, first: k, second: k, words: n) <= threshold { k += 1 }
        return UInt32(k)
    }

    private static func l(_ k: Double, _ n: Double, _ x: Double) -> Double {
        Math.log(max(x, 1e-10)) * k + Math.log(max(1 - x, 1e-10)) * (n - k)
    }
}
