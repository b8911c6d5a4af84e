import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics
import TagCloudText

/// The semantic arrangement against the default one, on the texts the project ships: the share of
/// the most related word pairs whose words touch (`RelatedAdjacency`, the 100 strongest pairs, boxes
/// within 4 pt), the fill ratio and the time, over several seeds, 200 words on 800×600.
enum SemanticBench {
    static let texts = [("semantic-alice", "demo/texts/alice.txt"), ("semantic-constitution", "demo/texts/constitution.txt")]
    static let seeds: [UInt64] = [1, 2, 3, 4, 5]

    static func run(names: Set<String>?, runs: Int, svgDir: String?) throws {
        for (name, path) in texts where names == nil || names!.contains(name) {
            var textOptions = TextOptions()
            textOptions.cooccurrenceWindow = 10
            let analysis = try TermCounter(textOptions).analyze(contentsOf: URL(fileURLWithPath: path))
            guard let relations = analysis.relations else { fail("\(path): no relations") }
            let plain = WordCloudOptions()
            var semantic = plain
            semantic.arrangement = .semantic(relations)
            var shares: [String: [Double]] = [:], fills: [String: [Double]] = [:], times: [String: [Double]] = [:]
            for seed in seeds {
                for (mode, base) in [("default", plain), ("semantic", semantic)] {
                    var options = base
                    options.seed = seed
                    let r = try measure(runs: runs) {
                        try WordCloudLayout(options).run(
                            analysis.terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()))
                    }
                    let adjacency = RelatedAdjacency(r.result.layout, relations: relations, strongest: 100)
                    shares[mode, default: []].append(adjacency.share)
                    fills[mode, default: []].append(r.result.statistics.fillRatio)
                    times[mode, default: []].append(r.seconds)
                    if let dir = svgDir, seed == seeds[0] {
                        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                        try Data(SVGWriter().data(r.result.layout)).write(to: URL(fileURLWithPath: "\(dir)/\(name)-\(mode).svg"))
                    }
                }
            }
            func avg(_ m: String, _ d: [String: [Double]]) -> Double { PreviousBench.mean(d[m]!) }
            func r3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
            emit([
                "name": name, "words": min(analysis.terms.count, 200), "seeds": seeds.count, "runs": runs,
                "adjacent_share": r3(avg("semantic", shares)), "default_adjacent_share": r3(avg("default", shares)),
                "adjacency_ratio": r3(avg("semantic", shares) / max(1e-9, avg("default", shares))),
                "fill_ratio": r3(avg("semantic", fills)), "default_fill_ratio": r3(avg("default", fills)),
                "fill_vs_default": r3(avg("semantic", fills) / max(1e-9, avg("default", fills))),
                "seconds": r3(avg("semantic", times)), "default_seconds": r3(avg("default", times)),
                "time_vs_default": r3(avg("semantic", times) / max(1e-9, avg("default", times))),
            ])
        }
    }
}
