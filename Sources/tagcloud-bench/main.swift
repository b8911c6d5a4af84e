import Foundation
import TagCloud
import TagCloudGraphics

// Benchmarks: one JSON line per workload on standard output. Speed lives here, never in timed tests.

/// Median wall-clock seconds of `runs` runs of `body`, and the last result.
func measure<T>(runs: Int = 5, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    var times: [Double] = []
    var last: T? = nil
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        last = try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (times[times.count / 2], last!)
}

/// Prints one JSON object per line with sorted keys.
func emit(_ fields: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// Word-like tags with realistic lengths, from syllables, and Zipf-distributed weights.
func generatedTags(count: Int, vocabulary: Int, seed: UInt64) -> [Term] {
    let syllables = ["ta", "ge", "clo", "ud", "swi", "ft", "lin", "ux", "ma", "chi", "ne", "ler", "ning", "ty",
                     "po", "gra", "phy", "har", "buz", "free", "ca", "iro", "so", "ft", "ware", "da", "ta", "in"]
    var rng = SeededRandom(seed: seed)
    let words: [String] = (0..<vocabulary).map { _ in
        let n = 1 + rng.nextInt(below: 4)
        return (0..<n).map { _ in syllables[rng.nextInt(below: syllables.count)] }.joined()
    }
    return (0..<count).map { i in
        let rank = i % vocabulary
        return Term(words[rank], weight: 1000 / Double(rank + 1))
    }
}

let arguments = CommandLine.arguments.dropFirst()
let only = arguments.first.map { Set($0.split(separator: ",").map(String.init)) }

func wanted(_ name: String) -> Bool { only == nil || only!.contains(name) }

if wanted("flow-100k") {
    let tags = generatedTags(count: 100_000, vocabulary: 20_000, seed: 1)
    let typesetter = FreeTypeTypesetter()
    var options = FlowOptions()
    options.seed = 1
    // Cold: typesetting every distinct word; warm: the typesetter's cache is full.
    let cold = try measure(runs: 1) { try FlowLayout(options).layout(tags, typesetter: typesetter, width: 1200) }
    let warm = try measure { try FlowLayout(options).layout(tags, typesetter: typesetter, width: 1200) }
    emit(["name": "flow-100k", "tags": tags.count, "distinct": 20_000, "placed": warm.result.placed.count,
          "seconds": warm.seconds, "seconds_cold_typesetting": cold.seconds,
          "height": warm.result.size.height])
}
