import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

// Benchmarks: one JSON line per workload on standard output (median of 5 runs). Speed lives here,
// never in timed tests. Usage:
//   tagcloud-bench [flow|cloud|render|count|previous|series|semantic|startup|scaling|soak|all] [NAME,NAME...]
//                  [--corpus FILE] [--runs N]
//                  [--svg-dir DIR] [--write-inputs DIR] [--floor]
// With --floor, each cloud line also gives the floor: the time to shape and rasterise every placed
// word once, at its final size and angle, with a fresh typesetter (work that any pixel-exact layout
// of that result must do, before it searches for a single position).

/// Median wall-clock seconds of `runs` runs of `body`, and the last result.
func measure<T>(runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
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

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tagcloud-bench: error: \(message)\n".utf8))
    exit(1)
}

var group = "all"
var names: Set<String>? = nil
var corpus: String? = nil
var runs = 5
var svgDir: String? = nil
var inputsDir: String? = nil
var measureFloor = false
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    func value() -> String {
        if args.isEmpty { fail("\(a) needs a value") }
        return args.removeFirst()
    }
    switch a {
    case "--corpus": corpus = value()
    case "--runs":
        guard let n = Int(value()), n > 0 else { fail("--runs needs a positive number") }
        runs = n
    case "--svg-dir": svgDir = value()
    case "--write-inputs": inputsDir = value()
    case "--floor": measureFloor = true
    case "flow", "cloud", "render", "count", "previous", "series", "semantic", "startup", "scaling", "soak", "all":
        group = a
    default:
        if a.hasPrefix("-") { fail("unknown option \(a)") }
        names = Set(a.split(separator: ",").map(String.init))
    }
}

guard let fontPath = try? FontLibrary.shared.resolve(.default).file else {
    fail("DejaVu Sans is not installed (run scripts/setup)")
}

@MainActor func cloudTerms(_ w: CloudWorkload) throws -> [Term] {
    if let corpus { return try Workloads.corpus(path: corpus, count: w.words) }
    return Workloads.zipf(count: w.words, seed: 7)
}

if let dir = inputsDir, group == "count" {
    // The texts of the count workloads, for bench/compare.py to time the Python package's process_text.
    try CountBench.run(names: names, corpus: corpus, runs: runs, inputsDir: dir)
    exit(0)
}

if let dir = inputsDir, group == "scaling" {
    // The scaling workloads with the sizes and angles of our layout, for bench/d3cloud.py.
    try ScalingBench.writeWords(names: names, into: dir)
}

if let dir = inputsDir {
    // The inputs of every word-cloud workload, for bench/compare.py to run the Python package on.
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for w in CloudWorkload.all + ScalingBench.workloads where names == nil || names!.contains(w.name) {
        let terms = try cloudTerms(w)
        let tsv = terms.map { "\($0.text)\t\(Int($0.weight))" }.joined(separator: "\n") + "\n"
        try tsv.write(toFile: "\(dir)/\(w.name).tsv", atomically: true, encoding: .utf8)
        var mask: Any = NSNull()
        if let shape = w.shape {
            // The Python package's convention: white is forbidden.
            let path = "\(dir)/\(w.name)-mask.png"
            try ImageWriter.pngData(shape.mask(width: w.width, height: w.height).allowed).write(to: URL(fileURLWithPath: path))
            mask = path
        }
        let spec: [String: Any] = [
            "name": w.name, "width": w.width, "height": w.height, "max_words": w.words,
            "margin": 2, "prefer_horizontal": 0.9, "font_path": fontPath, "mask": mask,
            "rotation": w.anyAngle ? "any" : "0,90", "relative_scaling": 0.5, "min_font_size": 4,
        ]
        try JSONSerialization.data(withJSONObject: spec, options: [.sortedKeys, .prettyPrinted])
            .write(to: URL(fileURLWithPath: "\(dir)/\(w.name).json"))
    }
    exit(0)
}

if (group == "all" || group == "flow") && (names == nil || names!.contains("flow-100k")) {
    let many = Workloads.flowTags
    var options = FlowOptions()
    options.seed = 1
    // Cold: a fresh typesetter shapes every distinct word; warm: its cache is full.
    let cold = try measure(runs: 1) { try FlowLayout(options).layout(many, typesetter: FreeTypeTypesetter(), width: 1200) }
    let typesetter = FreeTypeTypesetter()
    _ = try FlowLayout(options).layout(many, typesetter: typesetter, width: 1200)
    let warm = try measure(runs: runs) { try FlowLayout(options).layout(many, typesetter: typesetter, width: 1200) }
    emit([
        "name": "flow-100k", "tags": many.count, "distinct": Set(many.map(\.text)).count, "placed": warm.result.placed.count,
        "seconds": warm.seconds, "seconds_cold": cold.seconds, "height": warm.result.size.height,
    ])
}

if group == "all" || group == "cloud" {
    for w in CloudWorkload.all where names == nil || names!.contains(w.name) {
        let terms = try cloudTerms(w)
        let options = w.options
        // A fresh typesetter and rasteriser each run: nothing typeset or rasterised is reused
        // between runs, so every run costs what a new `tagcloud` process pays (the Python package
        // is timed the same way, each run on its own).
        let m = try measure(runs: runs) { () -> (CloudLayout, WordCloudLayout.Statistics) in
            var rng = SeededRandom(seed: options.seed)
            return try WordCloudLayout(options).run(
                terms, typesetter: FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer()),
                using: &rng)
        }
        let (layout, stats) = m.result
        var floorFields: [String: Any] = [:]
        if measureFloor {
            let font = options.style.fonts.count == 1 ? options.style.fonts[0] : nil
            let words = layout.placed.map {
                (
                    text: $0.text, font: font ?? FontDescriptor(family: $0.font.file),
                    size: $0.fontSize, angle: $0.rotation
                )
            }
            func placedWords(rasterise: Bool) throws -> Double {
                try measure(runs: runs) { () -> Int in
                    let typesetter = FreeTypeTypesetter(rasterizer: FreeTypeGlyphRasterizer())
                    // Returned, so the work cannot be optimised away.
                    var used = 0
                    for w in words {
                        let set = try typesetter.typesetUnremembered(w.text, font: w.font, size: w.size)
                        used += rasterise ? try typesetter.coverage(of: set, rotation: w.angle).bits.width : set.glyphs.count
                    }
                    return used
                }.seconds
            }
            let floorSeconds = try placedWords(rasterise: true)
            floorFields = [
                "floor_seconds": floorSeconds, "shape_seconds": try placedWords(rasterise: false),
                "floor_share": (floorSeconds / m.seconds * 1000).rounded() / 1000,
            ]
        }
        if let dir = svgDir {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(SVGWriter().data(layout)).write(to: URL(fileURLWithPath: "\(dir)/\(w.name).svg"))
        }
        emit(
            [
                "name": w.name, "seconds": m.seconds, "words_requested": stats.requested, "placed": stats.placed,
                "shrunk": stats.shrunk, "unplaced": stats.unplaced, "fill_ratio": (stats.fillRatio * 10000).rounded() / 10000,
                "width": w.width, "height": w.height, "runs": runs, "corpus": corpus ?? "zipf",
            ]
            .merging(floorFields) { a, _ in a })
    }
}

if group == "all" || group == "render" {
    // Drawing a laid-out cloud and encoding it as PNG, as `tagcloud cloud -o cloud.png` does after
    // the layout, and writing its JSON (`-o layout.json`); the layout is made once, outside the timing.
    for name in ["cloud-200-800x600", "cloud-1000-1600x1200", "cloud-1000-3840x2160"]
    where names == nil || names!.contains("png-" + name) || names!.contains("json-" + name) {
        guard let w = CloudWorkload.all.first(where: { $0.name == name }) else { continue }
        let layout = try WordCloudLayout(w.options).layout(try cloudTerms(w), typesetter: FreeTypeTypesetter())
        let renderer = CairoRenderer()
        let m = try measure(runs: runs) { try renderer.pngData(layout) }
        emit([
            "name": "png-" + name, "seconds": m.seconds, "bytes": m.result.count, "width": w.width, "height": w.height,
            "megapixels_per_second": (Double(w.width * w.height) / 1e6 / m.seconds * 10).rounded() / 10, "runs": runs,
        ])
        let j = try measure(runs: runs) { try LayoutJSON.encode(layout) }
        emit(["name": "json-" + name, "seconds": j.seconds, "bytes": j.result.count, "words": layout.placed.count, "runs": runs])
    }
    if names == nil || names!.contains("json-flow-20000") {
        // A large flow (20,000 distinct tags), as `-o flow.json` writes it: without glyphs, and with.
        let tags = Workloads.zipf(count: 20_000, seed: 1)
        let layout = try FlowLayout(FlowOptions()).layout(tags, typesetter: FreeTypeTypesetter(), width: 1200)
        let j = try measure(runs: runs) { try LayoutJSON.encode(layout) }
        let g = try measure(runs: runs) { try LayoutJSON.encode(layout, glyphs: true) }
        emit([
            "name": "json-flow-20000", "seconds": j.seconds, "bytes": j.result.count, "words": layout.placed.count,
            "seconds_glyphs": g.seconds, "bytes_glyphs": g.result.count, "runs": runs,
        ])
    }
    if names == nil || names!.contains("json-flow-100k") {
        try JSONFlowBench.run(runs: runs)
    }
}

if group == "all" || group == "count" {
    try CountBench.run(names: names, corpus: corpus, runs: runs, inputsDir: nil)
}

if group == "all" || group == "previous" {
    try PreviousBench.run(names: names, runs: runs, svgDir: svgDir)
}

if group == "all" || group == "series" {
    try SeriesBench.run(names: names, runs: runs, svgDir: svgDir, textsDir: "demo/texts")
}

if group == "all" || group == "semantic" {
    try SemanticBench.run(names: names, runs: runs, svgDir: svgDir)
}

if group == "all" || group == "startup" {
    try StartupBench.run(names: names, runs: runs, required: group == "startup")
}

if group == "scaling" {
    try ScalingBench.run(names: names, runs: runs, svgDir: svgDir)
}

if group == "soak" {
    // Not part of "all": 10,000 consecutive layouts (word clouds and flows, rendered to PNG and SVG)
    // in one process; resident memory at the start and end shows whether anything accumulates.
    let terms = Workloads.zipf(count: 40, seed: 3)
    let typesetter = FreeTypeTypesetter()
    var cloud = WordCloudOptions()
    cloud.width = 320
    cloud.height = 220
    var flow = FlowOptions()
    let layouts = 10_000
    var rssAt1000 = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<layouts {
        cloud.seed = UInt64(i)
        flow.seed = UInt64(i)
        let layout =
            i % 2 == 0
            ? try WordCloudLayout(cloud).layout(terms, typesetter: typesetter)
            : try FlowLayout(flow).layout(terms, typesetter: typesetter, width: 400)
        if i % 10 == 0 {
            _ = try CairoRenderer().pngData(layout)
            _ = try SVGWriter().svg(layout)
        }
        if i == 999 { rssAt1000 = CountBench.residentMemoryMB() }
    }
    emit([
        "name": "soak-10k-layouts", "layouts": layouts, "rss_mb_after_1000": rssAt1000,
        "rss_mb_end": CountBench.residentMemoryMB(), "peak_mb": CountBench.peakMemoryMB(),
        "seconds": Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
    ])
}
