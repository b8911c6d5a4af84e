/// Where the words of a layout wish to be, from a previous layout: for each word (by its index in
/// the layout, heaviest first) that was in it and is not pinned, the centre of its old frame and the
/// angles it tries there, its old angle first. Worked out once per layout; every attempt shares it.
///
/// Targets are the engine's one idea behind previous layouts (and, in time, series of clouds): a
/// word with a target is searched for nearest its target, in plain distance, instead of from the
/// canvas's centre along the spiral.
struct WordTargets {
    /// A word's wish: its frame centred at (`x`, `y`), at the first of `angles` that fits, at a
    /// size that follows from its old `size` and `weight` (when known; `shrunk`: that size had been
    /// shrunk to fit).
    struct Target {
        let x: Double
        let y: Double
        let angles: [Double]
        let size: Double?
        let weight: Double?
        let shrunk: Bool
    }

    /// Each word's target, nil for a word new to the layout or pinned; empty without a previous layout.
    private var targets: [Target?] = []
    /// Words of the previous layout that no word of this one takes the place of.
    private(set) var removed = 0
    /// The weights of the previous layout's words, lightest to heaviest; nil when it gave none.
    private(set) var previousWeights: ClosedRange<Double>? = nil

    /// No previous layout.
    init() {}

    /// The targets of `styled` (each trying `angles`) in `previous`. A pinned word takes its previous
    /// place's word out of the count of removed words, but keeps to its pin.
    init(_ previous: PreviousLayout, styled: [StyledWord], angles: [[Double]]) {
        let matches = previous.matches(styled.map { $0.term })
        targets = styled.indices.map { i in
            guard let k = matches[i], styled[i].term.pin == nil else { return nil }
            let w = previous.words[k]
            // A word given its own angle keeps to it, wherever it was drawn before.
            let tried = styled[i].term.angle == nil ? [w.angle] + angles[i].filter { $0 != w.angle } : angles[i]
            return Target(
                x: w.center.x, y: w.center.y, angles: tried,
                size: w.fontSize, weight: w.weight, shrunk: w.shrunk)
        }
        removed = Set(previous.words.map { $0.identity }).count - matches.count { $0 != nil }
        let weights = previous.words.compactMap { $0.weight }
        if let lo = weights.min(), let hi = weights.max() { previousWeights = lo...hi }
    }

    /// Whether there is a previous layout.
    var isEmpty: Bool { targets.isEmpty }

    /// Word `i`'s target, if it has one.
    subscript(_ i: Int) -> Target? { targets.isEmpty ? nil : targets[i] }
}
