import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// How the word-cloud layout scales to posters: the words growing with the canvas (1,000 words on
/// 2000×1500 up to 20,000 on 8000×6000, about 2,400 canvas pixels per word), and 5,000 words on a
/// canvas that grows around them. A layout whose cost per word stays flat across either series
/// scales linearly; one that revisits the crowded middle for every word grows with the canvas.
enum ScalingBench {
    static let workloads: [CloudWorkload] = [
        CloudWorkload(name: "scale-1000-2000x1500", words: 1000, width: 2000, height: 1500),
        CloudWorkload(name: "scale-5000-4000x3000", words: 5000, width: 4000, height: 3000),
        CloudWorkload(name: "scale-10000-5657x4243", words: 10_000, width: 5657, height: 4243),
        CloudWorkload(name: "scale-20000-8000x6000", words: 20_000, width: 8000, height: 6000),
        CloudWorkload(name: "canvas-5000-2828x2121", words: 5000, width: 2828, height: 2121),
        CloudWorkload(name: "canvas-5000-5657x4243", words: 5000, width: 5657, height: 4243),
        CloudWorkload(name: "canvas-5000-8000x6000", words: 5000, width: 8000, height: 6000),
    ]

    /// Lays out each workload named in `names` (all when nil) once and writes `<name>.words.tsv` into
    /// `dir`: each placed word, its font size and its angle, so another layout can be given the same
    /// words at the same sizes and angles.
    static func writeWords(names: Set<String>?, into dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for w in workloads where names == nil || names!.contains(w.name) {
            let layout = try WordCloudLayout(w.options).layout(
                Workloads.zipf(count: w.words, seed: 7), typesetter: FreeTypeTypesetter())
            let lines = layout.placed.map { "\($0.text)\t\($0.fontSize)\t\($0.rotation)\n" }
            try lines.joined().write(toFile: "\(dir)/\(w.name).words.tsv", atomically: true, encoding: .utf8)
        }
    }

    /// Runs the workloads named in `names` (all when nil): each layout with a fresh typesetter and
    /// rasteriser, as a new process has; `svgDir` receives each cloud for the overlap checker.
    static func run(names: Set<String>?, runs: Int, svgDir: String?) throws {
        for w in workloads where names == nil || names!.contains(w.name) {
            let terms = Workloads.zipf(count: w.words, seed: 7)
            let options = w.options
            let m = try measure(runs: runs) { () -> (CloudLayout, WordCloudLayout.Statistics) in
                var rng = SeededRandom(seed: options.seed)
                return try WordCloudLayout(options).run(
                    terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()), using: &rng)
            }
            let (layout, stats) = m.result
            if let dir = svgDir {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try Data(SVGWriter().data(layout)).write(to: URL(fileURLWithPath: "\(dir)/\(w.name).svg"))
            }
            emit([
                "name": w.name, "seconds": m.seconds, "words_requested": stats.requested, "placed": stats.placed,
                "shrunk": stats.shrunk, "unplaced": stats.unplaced,
                "fill_ratio": (stats.fillRatio * 10000).rounded() / 10000,
                "microseconds_per_word": (m.seconds / Double(w.words) * 1e6).rounded(),
                "width": w.width, "height": w.height, "runs": runs,
            ])
        }
    }
}
