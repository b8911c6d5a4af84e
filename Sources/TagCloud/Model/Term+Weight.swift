extension Term {
    /// Throws `invalidWeight` when the weight is one no layout can use: NaN, infinite or negative.
    func checkWeight() throws(CoreError) {
        guard weight.isFinite && weight >= 0 else { throw TagCloudError.invalidWeight(text: text, weight: weight) }
    }

    /// Throws `invalidWeight` for the first term of `terms` whose weight no layout can use.
    static func checkWeights(_ terms: [Term]) throws(CoreError) {
        for term in terms { try term.checkWeight() }
    }

    /// `indices` of `terms` ordered heaviest first; equal weights keep input order, so every layout,
    /// size and rank takes the words in the same order.
    static func heaviestFirst(_ indices: [Int], in terms: [Term]) -> [Int] {
        indices.sorted { (terms[$0].weight, $1) > (terms[$1].weight, $0) }
    }
}
