/// The words of a series: each distinct word once, the frames it is in and its weight in each.
struct SeriesWords {
    /// The distinct words, each as it first appears, at its largest weight in any frame.
    var terms: [Term] = []
    /// By index in `terms`: the word's weights in the frames it is in.
    var weights: [Int: [Double]] = [:]
    /// The weights of every word in every frame.
    var weightRange: ClosedRange<Double> = 0...0
    /// For each frame: its words kept, as (index in the frame, index in `terms`).
    var members: [[(Int, Int)]] = []
    /// For each frame: its words left out (no text, or past `maximumWords` in the frame).
    var skipped: [[UnplacedWord]] = []
    /// By index in `terms`: the last frame the word is in.
    var lastFrame: [Int] = []

    /// The words of `frames`, each frame cut to its `maximumWords` heaviest. Throws for a bad
    /// weight, a pin, or a word twice in one frame.
    init(_ frames: [SeriesLayout.Frame], maximumWords: Int) throws(CoreError) {
        var known: [PreviousLayout.Identity: Int] = [:]
        var low = Double.infinity, high = -Double.infinity
        for frame in frames {
            var kept: [Int] = [], left: [UnplacedWord] = []
            for (j, t) in frame.terms.enumerated() {
                try t.checkWeight()
                if t.pin != nil {
                    throw TagCloudError.seriesInputUnusable(
                        what: "the word \"\(t.text)\" has a pin", expected: "remove it: a series places every word itself")
                }
                if t.text.isBlank {
                    left.append(UnplacedWord(index: j, text: t.text, id: t.id, reason: .empty))
                } else {
                    kept.append(j)
                }
            }
            kept = Term.heaviestFirst(kept, in: frame.terms)
            for j in kept.dropFirst(maximumWords) {
                let t = frame.terms[j]
                left.append(UnplacedWord(index: j, text: t.text, id: t.id, reason: .maxWords))
            }
            var inFrame: [(Int, Int)] = []
            var seen: Set<Int> = []
            for j in kept.prefix(maximumWords).sorted() {
                let t = frame.terms[j], identity = PreviousLayout.Identity(text: t.text, id: t.id)
                let u = known[identity] ?? terms.count
                if u == terms.count {
                    known[identity] = u
                    terms.append(t)
                }
                guard seen.insert(u).inserted else {
                    throw TagCloudError.seriesWordTwice(frame: frame.label, text: t.text)
                }
                terms[u].weight = max(terms[u].weight, t.weight)
                weights[u, default: []].append(t.weight)
                if u == lastFrame.count { lastFrame.append(members.count) } else { lastFrame[u] = members.count }
                low = min(low, t.weight); high = max(high, t.weight)
                inFrame.append((j, u))
            }
            members.append(inFrame)
            skipped.append(left)
        }
        guard !terms.isEmpty else { throw TagCloudError.noTerms }
        let wordFrames = members.reduce(0) { $0 + $1.count }
        guard wordFrames <= SeriesLayout.Limits.wordFrames else {
            throw TagCloudError.seriesInputUnusable(
                what: "the series has \(wordFrames) words over all its frames",
                expected:
                    "give at most \(SeriesLayout.Limits.wordFrames) (fewer frames, or a smaller --max-words)")
        }
        guard terms.count <= WordCloudOptions.Limits.words else {
            throw TagCloudError.seriesInputUnusable(
                what: "the series has \(terms.count) distinct words",
                expected: "give at most \(WordCloudOptions.Limits.words) (fewer frames, or a smaller --max-words)")
        }
        weightRange = low...high
    }
}
