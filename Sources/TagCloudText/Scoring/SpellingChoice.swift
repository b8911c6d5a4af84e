/// The count of each canonical word and the spelling it is shown in: the spelling counted most often
/// among those of its forms, ties going to the one seen first.
///
/// A spelling is usually a raw word itself, so its count lives at that raw id; only stripped
/// spellings never seen on their own ("Rabbit" from "Rabbits" alone) need a table of their own.
struct SpellingChoice {
    private let vocabulary: Vocabulary
    private let forms: CanonicalForms
    /// `counts[c]`: how often canonical word `c` (a folded id) was counted, its forms together.
    private(set) var counts: [Int]
    /// Best spelling per canonical word: a raw id (>= 0), an extra spelling (-2 - index), or -1.
    private var bestSpelling: [Int] = []
    private var extraTexts: [String] = []

    /// Counts every kept raw word of `vocabulary` under its canonical form and chooses the spellings.
    init(vocabulary: Vocabulary, forms: CanonicalForms) {
        self.vocabulary = vocabulary
        self.forms = forms
        let R = vocabulary.rawCounts.count, F = vocabulary.folded.count
        counts = [Int](repeating: 0, count: F)
        var spellingCount = [Int](repeating: 0, count: R)
        var extraIndex: [String: Int] = [:]
        var extraCounts: [Int] = [], extraFirst: [Int] = [], extraCanonical: [Int32] = []
        for id in 0..<R where vocabulary.rawCounts[id] > 0 {
            let c = forms.of(raw: id)
            guard c >= 0 else { continue }
            let n = vocabulary.rawCounts[id]
            counts[Int(c)] += n
            if let target = spellingRaw(id) {
                spellingCount[target] += n
            } else {
                let text = spellingText(id)
                if let k = extraIndex[text] {
                    extraCounts[k] += n
                } else {
                    extraIndex[text] = extraTexts.count
                    extraTexts.append(text); extraCounts.append(n); extraFirst.append(id); extraCanonical.append(c)
                }
            }
        }
        bestSpelling = [Int](repeating: -1, count: F)
        var bestCount = [Int](repeating: 0, count: F)
        var bestFirst = [Int](repeating: Int.max, count: F)
        func offer(_ c: Int, _ handle: Int, _ n: Int, _ first: Int) {
            if n > bestCount[c] || (n == bestCount[c] && first < bestFirst[c]) {
                bestSpelling[c] = handle; bestCount[c] = n; bestFirst[c] = first
            }
        }
        for id in 0..<R where spellingCount[id] > 0 { offer(Int(forms.of(raw: id)), id, spellingCount[id], id) }
        for k in 0..<extraTexts.count { offer(Int(extraCanonical[k]), -2 - k, extraCounts[k], extraFirst[k]) }
    }

    /// Canonical word `c` as shown.
    func shown(_ c: Int32) -> String {
        let b = bestSpelling[Int(c)]
        if b >= 0 { return spellingText(b) }
        if b <= -2 { return extraTexts[-2 - b] }
        return vocabulary.folded[Int(c)]
    }

    /// Raw word `id` as half of a collocation: a possessive loses its 's as it does alone, but a
    /// plural keeps its s. The pair is shown as it was written most often ("United States"), as
    /// the Python package shows it; its words alone still count under their singular.
    func pairText(_ id: Int) -> String {
        let f = Int(vocabulary.foldedOf[id])
        return f >= 0 && forms.strip[f] == 1
            ? Self.stripped(vocabulary.rawText(id), front: forms.stripFront[f], back: 0) : spellingText(id)
    }

    /// The raw id whose spelling is raw word `id`'s display form (itself unless a prefix or suffix
    /// is stripped), or nil when the stripped spelling was never seen alone.
    private func spellingRaw(_ id: Int) -> Int? {
        let f = Int(vocabulary.foldedOf[id])
        if forms.strip[f] == 0 && forms.stripFront[f] == 0 { return id }
        var stripped = Array(spellingText(id).utf8)
        guard let found = stripped.withUnsafeMutableBufferPointer({ vocabulary.raw.find($0.baseAddress!, $0.count) }),
            forms.of(raw: Int(found)) == forms.canonical[f]
        else { return nil }
        return Int(found)
    }

    /// Raw word `id` as shown alone: without the prefix and suffix its canonical form strips.
    private func spellingText(_ id: Int) -> String {
        let f = Int(vocabulary.foldedOf[id])
        let text = vocabulary.rawText(id)
        return f >= 0 ? Self.stripped(text, front: forms.stripFront[f], back: forms.strip[f]) : text
    }

    /// `text` without `front` characters at the start and `back` at the end.
    private static func stripped(_ text: String, front: Int, back: Int) -> String {
        front == 0 && back == 0 ? text : String(text.dropFirst(front).dropLast(back))
    }
}
