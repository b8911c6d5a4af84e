import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics
import TagCloudText

/// Clouds over time (`SeriesLayout`) against independent layouts of the same frames: how far the
/// words shared by consecutive frames move, how full each frame is, and the time. Each frame's SVG
/// goes to `--svg-dir` for an independent overlap check.
enum SeriesBench {
    static let workloads = ["series-zipf-20x300", "series-constitution"]

    static func run(names: Set<String>?, runs: Int, svgDir: String?, textsDir: String) throws {
        for name in workloads where names == nil || names!.contains(name) {
            var options = WordCloudOptions()
            options.width = 1200
            options.height = 800
            options.maximumWords = 300
            options.seed = 1
            let frames = name == "series-zipf-20x300" ? drift(frames: 20, words: 300) : try constitution(textsDir)
            let typesetter = FreeTypeTypesetter()
            let timed = try measure(runs: runs) { try SeriesLayout(options).run(frames, typesetter: typesetter) }
            let (series, stats) = timed.result
            var independent: [CloudLayout] = [], independentFill: [Double] = []
            for f in frames {
                let (layout, s) = try WordCloudLayout(options).run(f.terms, typesetter: typesetter)
                independent.append(layout)
                independentFill.append(s.fillRatio)
            }
            if let dir = svgDir {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                for (k, f) in series.frames.enumerated() {
                    try Data(SVGWriter().data(f.layout)).write(to: URL(fileURLWithPath: "\(dir)/\(name)-\(k + 1).svg"))
                }
            }
            var moves: [Double] = [], freshMoves: [Double] = [], steadyMoves: [Double] = []
            for k in 1..<max(1, series.frames.count) {
                moves += PreviousBench.moves(from: series.frames[k - 1].layout, to: series.frames[k].layout)
                freshMoves += PreviousBench.moves(from: independent[k - 1], to: independent[k])
                steadyMoves += sameSizeMoves(series.frames[k - 1].layout, series.frames[k].layout)
            }
            let ratios = zip(stats.fillRatios, independentFill).map { $1 > 0 ? $0 / $1 : 1 }
            func r(_ x: Double, _ places: Double = 10) -> Double { (x * places).rounded() / places }
            emit([
                "name": name, "frames": frames.count, "words": stats.words, "runs": runs, "seconds": timed.seconds,
                "unplaced": stats.unplaced, "shrunk": stats.shrunk, "shared_pairs": moves.count,
                "mean_move": r(PreviousBench.mean(moves)), "max_move": r(moves.max() ?? 0),
                "same_size_max_move": r(steadyMoves.max() ?? 0),
                "independent_mean_move": r(PreviousBench.mean(freshMoves)), "independent_max_move": r(freshMoves.max() ?? 0),
                "fill_mean": r(PreviousBench.mean(stats.fillRatios), 1000),
                "independent_fill_mean": r(PreviousBench.mean(independentFill), 1000),
                "fill_vs_independent_min": r(ratios.min() ?? 0, 100),
                "fill_vs_independent_mean": r(PreviousBench.mean(ratios), 100),
            ])
        }
    }

    /// Moves of the words shared by two frames at the same font size: 0 when a word that did not
    /// change stays put.
    static func sameSizeMoves(_ a: CloudLayout, _ b: CloudLayout) -> [Double] {
        var before: [String: PlacedWord] = [:]
        for w in a.placed { before[w.text] = w }
        return b.placed.compactMap { w in
            guard let p = before[w.text], p.fontSize == w.fontSize else { return nil }
            return abs(p.frame.center.x - w.frame.center.x) + abs(p.frame.center.y - w.frame.center.y)
        }
    }

    /// A Zipf vocabulary of twice `words` words whose weights drift over `frames` frames (each
    /// word's weight follows a seeded random walk of ±15% a frame); each frame keeps its `words`
    /// heaviest.
    static func drift(frames: Int, words: Int) -> [SeriesLayout.Frame] {
        var vocabulary = Workloads.zipf(count: words * 2, seed: 7)
        var rng = SeededRandom(seed: 5)
        return (0..<frames).map { k in
            if k > 0 {
                for i in vocabulary.indices {
                    vocabulary[i].weight = max(1, (vocabulary[i].weight * (0.85 + 0.3 * rng.nextUnit())).rounded())
                }
            }
            let top = vocabulary.sorted { $0.weight > $1.weight }.prefix(words)
            return SeriesLayout.Frame(label: "frame \(k + 1)", terms: Array(top))
        }
    }

    /// The US Constitution the project ships, cut at its articles, each counted as `tagcloud
    /// series --text` counts it (weights as per cent of each frame's total).
    static func constitution(_ dir: String) throws -> [SeriesLayout.Frame] {
        let text = try String(contentsOfFile: dir + "/constitution.txt", encoding: .utf8)
        var parts: [(String, [Substring])] = [("Preamble", [])]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Article") { parts.append((String(line), [])) } else { parts[parts.count - 1].1.append(line) }
        }
        return try parts.map { label, lines in
            var terms = try TermCounter(TextOptions()).analyze(lines.joined(separator: "\n")).terms
            let total = terms.reduce(0) { $0 + $1.weight }
            for i in terms.indices { terms[i].weight *= 100 / total }
            return SeriesLayout.Frame(label: label, terms: terms)
        }
    }
}
