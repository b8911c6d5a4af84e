import Foundation
import TagCloud

/// Word lists for the benchmarks: a generated Zipf vocabulary with English-like word lengths, or the
/// counted words of a corpus file.
enum Workloads {
    /// `count` distinct pseudo-English words, weights following Zipf's law (weight ∝ 1 / rank).
    static func zipf(count: Int, seed: UInt64) -> [Term] {
        let onsets = [
            "", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "w", "st", "tr", "pl",
            "ch", "sh", "th", "br", "gr", "cl",
        ]
        let vowels = ["a", "e", "i", "o", "u", "ea", "ou", "ai", "io"]
        let codas = ["", "", "n", "r", "s", "t", "l", "nd", "st", "ng", "ck", "m", "rt", "ss"]
        var rng = SeededRandom(seed: seed)
        var seen = Set<String>()
        var words: [String] = []
        while words.count < count {
            // English word lengths peak at 4-7 letters: 1-3 syllables.
            let syllables = [1, 1, 2, 2, 2, 3, 3, 4][rng.nextInt(below: 8)]
            var w = ""
            for _ in 0..<syllables {
                w +=
                    onsets[rng.nextInt(below: onsets.count)] + vowels[rng.nextInt(below: vowels.count)]
                    + codas[rng.nextInt(below: codas.count)]
            }
            if w.count >= 2, seen.insert(w).inserted { words.append(w) }
        }
        return words.enumerated().map { Term($1, weight: (100_000 / Double($0 + 1)).rounded()) }
    }

    /// 100,000 flow tags: 20,000 distinct Zipf words (seed 1), each five times, as `flow-100k` and
    /// `json-flow-100k` lay them out.
    static var flowTags: [Term] {
        let tags = zipf(count: 20_000, seed: 1)
        return (0..<100_000).map { tags[$0 % tags.count] }
    }

    /// The `count` most frequent words (letters only, lower case, 3+ letters, common English words
    /// dropped) of a text file.
    static func corpus(path: String, count: Int) throws -> [Term] {
        let text = try String(contentsOfFile: path, encoding: .utf8).lowercased()
        let stop: Set<String> = [
            "the", "and", "for", "that", "with", "was", "his", "her", "she", "you", "not", "but",
            "are", "this", "have", "had", "all", "they", "their", "from", "were", "said", "which",
            "what", "there", "been", "one", "would", "when", "him", "them", "into", "out", "then",
            "could", "its", "who", "any", "will", "shall", "may", "such", "other", "than", "those",
            "these", "upon", "our", "your", "very", "some", "more", "only", "each", "can", "has",
        ]
        var counts: [String: Int] = [:]
        for w in text.split(whereSeparator: { !$0.isLetter }) where w.count >= 3 {
            let s = String(w)
            if !stop.contains(s) { counts[s, default: 0] += 1 }
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(count).map {
            Term($0.key, weight: Double($0.value))
        }
    }
}

/// One word-cloud benchmark case.
struct CloudWorkload {
    var name: String
    var words: Int
    var width: Int
    var height: Int
    var shape: Shape? = nil
    var anyAngle = false

    static let all: [CloudWorkload] = [
        CloudWorkload(name: "cloud-200-800x600", words: 200, width: 800, height: 600),
        CloudWorkload(name: "cloud-1000-1600x1200", words: 1000, width: 1600, height: 1200),
        CloudWorkload(name: "cloud-1000-2000x1500", words: 1000, width: 2000, height: 1500),
        CloudWorkload(name: "cloud-1000-3840x2160", words: 1000, width: 3840, height: 2160),
        CloudWorkload(name: "cloud-5000-3000x3000", words: 5000, width: 3000, height: 3000),
        CloudWorkload(name: "cloud-heart-2000-1000x1000", words: 2000, width: 1000, height: 1000, shape: .heart),
        CloudWorkload(name: "cloud-anyangle-500-1000x1000", words: 500, width: 1000, height: 1000, anyAngle: true),
    ]

    /// The options shared with the Python comparison: margin 2, prefer-horizontal 0.9, relative
    /// scaling 0.5, minimum size 4, automatic maximum size.
    var options: WordCloudOptions {
        var o = WordCloudOptions()
        o.width = width
        o.height = height
        o.maximumWords = words
        o.margin = 2
        o.preferHorizontal = 0.9
        o.style.sizing = .fitted(FittedSizing(rule: .relativeScaling(0.5)))
        o.minimumFontSize = 4
        o.seed = 1
        if let shape { o.area = .shape(shape) }
        if anyAngle { o.rotation = .range(from: -90, to: 90) }
        return o
    }
}
