import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// How stable a re-layout over a previous layout (`WordCloudOptions.previous`) is, against an
/// independent layout of the same words: a Zipf vocabulary of 300 words on 1200×800, laid out, then
/// changed (every tenth word replaced by a new word of its weight; and, in the second workload, every
/// weight moved by up to 10% either way) and laid out again, over the first layout and afresh.
enum PreviousBench {
    /// The workloads: name and whether the weights drift.
    static let workloads = [("previous-300-new10", false), ("previous-300-new10-drift10", true)]

    static func run(names: Set<String>?, runs: Int, svgDir: String?) throws {
        for (name, drift) in workloads where names == nil || names!.contains(name) {
            var options = WordCloudOptions()
            options.width = 1200
            options.height = 800
            options.maximumWords = 300
            options.seed = 1
            let first = try WordCloudLayout(options).layout(Workloads.zipf(count: 300, seed: 7), typesetter: FreeTypeTypesetter())
            let terms = changed(Workloads.zipf(count: 300, seed: 7), drift: drift)
            var over = options
            over.previous = PreviousLayout(first)
            let kept = try measure(runs: runs) {
                try WordCloudLayout(over).run(terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()))
            }
            let fresh = try measure(runs: runs) {
                try WordCloudLayout(options).run(terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()))
            }
            if let dir = svgDir {
                // The layout over the previous one, for an independent overlap checker.
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Data(SVGWriter().data(kept.result.layout)).write(to: URL(fileURLWithPath: "\(dir)/\(name).svg"))
            }
            let c = kept.result.statistics.continuity
            let keptMoves = moves(from: first, to: kept.result.layout), freshMoves = moves(from: first, to: fresh.result.layout)
            func rounded(_ x: Double) -> Double { (x * 10).rounded() / 10 }
            emit([
                "name": name, "words": terms.count, "shared": keptMoves.count, "runs": runs,
                "stayed": c?.stayed ?? 0, "moved": c?.moved ?? 0, "new": c?.new ?? 0, "gone": c?.removed ?? 0,
                "mean_move": rounded(mean(keptMoves)), "max_move": rounded(keptMoves.max() ?? 0),
                "median_move": rounded(percentile(keptMoves, 0.5)), "p90_move": rounded(percentile(keptMoves, 0.9)),
                "independent_median_move": rounded(percentile(freshMoves, 0.5)),
                "independent_mean_move": rounded(mean(freshMoves)), "independent_max_move": rounded(freshMoves.max() ?? 0),
                "fill_ratio": (kept.result.statistics.fillRatio * 1000).rounded() / 1000,
                "independent_fill_ratio": (fresh.result.statistics.fillRatio * 1000).rounded() / 1000,
                "unplaced": kept.result.statistics.unplaced, "independent_unplaced": fresh.result.statistics.unplaced,
                "seconds": kept.seconds, "independent_seconds": fresh.seconds,
            ])
        }
    }

    /// `terms` with every tenth word replaced by a new one of its weight and, with `drift`, every
    /// weight moved by up to 10% either way (from a seeded generator).
    static func changed(_ terms: [Term], drift: Bool) -> [Term] {
        var rng = SeededRandom(seed: 11)
        return terms.enumerated().map { i, t in
            var t = t
            if i % 10 == 5 { t.text = "new\(t.text)" }
            if drift { t.weight = max(1, (t.weight * (0.9 + 0.2 * rng.nextUnit())).rounded()) }
            return t
        }
    }

    /// How far each word placed in both layouts moved: the distance between its frame centres.
    static func moves(from a: CloudLayout, to b: CloudLayout) -> [Double] {
        var before: [String: Point] = [:]
        for w in a.placed where before[w.text] == nil { before[w.text] = w.frame.center }
        var seen = Set<String>()
        return b.placed.compactMap { w in
            guard seen.insert(w.text).inserted, let p = before[w.text] else { return nil }
            let c = w.frame.center
            return ((c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y)).squareRoot()
        }
    }

    static func mean(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count) }

    /// The value below which a share `p` of `xs` lies (nearest rank).
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let sorted = xs.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
    }
}
