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
    /// The mixes' seeds: more than the single texts', as one layout's purity varies by ±0.1.
    static let mixSeeds: [UInt64] = Array(1...12)
    /// Texts of two and three topics (`TopicMix`), laid out as the user did: 150 words on 1200×800.
    static let mixes: [(name: String, sources: [(path: String, times: Int)])] = [
        ("semantic-mix2", [("demo/texts/alice.txt", 1), ("demo/texts/constitution.txt", 3)]),
        ("semantic-mix3", [("demo/texts/alice.txt", 1), ("demo/texts/constitution.txt", 3), ("demo/texts/moby-dick.txt", 1)]),
    ]

    static func run(names: Set<String>?, runs: Int, svgDir: String?) throws {
        for mix in mixes where names == nil || names!.contains(mix.name) {
            try runMix(mix.name, mix.sources, runs: runs, svgDir: svgDir)
        }
        for (name, path) in texts where names == nil || names!.contains(name) {
            var textOptions = TextOptions()
            textOptions.cooccurrenceWindow = 10
            let analysis = try TermCounter(textOptions).analyze(contentsOf: URL(fileURLWithPath: path))
            guard let relations = analysis.relations else { fail("\(path): no relations") }
            let plain = WordCloudOptions()
            var semantic = plain
            semantic.arrangement = .semantic(relations)
            var shares: [String: [Double]] = [:], fills: [String: [Double]] = [:], times: [String: [Double]] = [:]
            try layOut(
                analysis.terms, plain: plain, semantic: semantic, seeds: seeds, runs: runs, svg: svgDir.map { "\($0)/\(name)" }
            ) {
                mode, result, seconds in
                shares[mode, default: []].append(RelatedAdjacency(result.layout, relations: relations, strongest: 100).share)
                fills[mode, default: []].append(result.statistics.fillRatio)
                times[mode, default: []].append(seconds)
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

extension SemanticBench {
    /// One mix of topics: how far apart the topics are (`TopicSeparation`, 5 nearest words), the share
    /// of related pairs that touch, and the fill, for the semantic and the default arrangement.
    static func runMix(_ name: String, _ sources: [(path: String, times: Int)], runs: Int, svgDir: String?) throws {
        var textOptions = TextOptions()
        textOptions.cooccurrenceWindow = 10
        let mix = try TopicMix(sources, options: textOptions)
        let analysis = try TermCounter(textOptions).analyze(mix.text)
        guard let relations = analysis.relations else { fail("\(name): no relations") }
        var plain = WordCloudOptions()
        (plain.width, plain.height, plain.maximumWords) = (1200, 800, 150)
        var semantic = plain
        semantic.arrangement = .semantic(relations)
        var figures: [String: [Double]] = [:]
        try layOut(
            analysis.terms, plain: plain, semantic: semantic, seeds: mixSeeds, runs: runs, svg: svgDir.map { "\($0)/\(name)" }
        ) {
            mode, result, seconds in
            let separation = TopicSeparation(result.layout, topics: mix.topics)
            figures["\(mode)_purity", default: []].append(separation.score)
            figures["\(mode)_adjacent_share", default: []].append(
                RelatedAdjacency(result.layout, relations: relations, strongest: 100).share)
            figures["\(mode)_fill", default: []].append(result.statistics.fillRatio)
            figures["\(mode)_seconds", default: []].append(seconds)
            figures["\(mode)_measured", default: []].append(Double(separation.words))
        }
        var line: [String: Any] = ["name": name, "words": 150, "seeds": mixSeeds.count, "runs": runs]
        for (key, values) in figures { line[key] = (PreviousBench.mean(values) * 1000).rounded() / 1000 }
        line["fill_vs_default"] =
            ((PreviousBench.mean(figures["semantic_fill"]!) / PreviousBench.mean(figures["default_fill"]!)) * 1000).rounded()
            / 1000
        emit(line)
    }

    /// Lays `terms` out with the default (`plain`) and the `semantic` options at each of `seeds`,
    /// `runs` times each, and hands on each mode's layout and its median time; the first seed's
    /// layouts are written to `svg`-MODE.svg when given.
    static func layOut(
        _ terms: [Term], plain: WordCloudOptions, semantic: WordCloudOptions, seeds: [UInt64], runs: Int, svg: String?,
        _ each: (_ mode: String, _ result: (layout: CloudLayout, statistics: WordCloudLayout.Statistics), _ seconds: Double)
            throws -> Void
    ) throws {
        for seed in seeds {
            for (mode, base) in [("default", plain), ("semantic", semantic)] {
                var options = base
                options.seed = seed
                let r = try measure(runs: runs) {
                    try WordCloudLayout(options).run(terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()))
                }
                try each(mode, r.result, r.seconds)
                if let svg, seed == seeds[0] {
                    try FileManager.default.createDirectory(
                        atPath: (svg as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data(SVGWriter().data(r.result.layout)).write(to: URL(fileURLWithPath: "\(svg)-\(mode).svg"))
                }
            }
        }
    }
}
