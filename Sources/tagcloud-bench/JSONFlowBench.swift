import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// `json-flow-100k`: what `tagcloud flow -o flow.json` does with 100,000 tags (20,000 distinct
/// words, each five times): lay them out, then stream the JSON to a file. It reports the file's
/// bytes without and with glyphs, the seconds of each write, and the peak resident memory of the
/// layout and its writing together (Linux resets the high-water mark first), meant to stay under
/// 200 MB for the whole process.
enum JSONFlowBench {
    static func run(runs: Int) throws {
        let many = Workloads.flowTags
        var options = FlowOptions()
        options.seed = 1
        let path = NSTemporaryDirectory() + "tagcloud-bench-flow-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        CountBench.resetPeakMemory()
        let before = CountBench.residentMemoryMB()
        let layout = try FlowLayout(options).layout(many, typesetter: FreeTypeTypesetter(), width: 1200)
        func write(glyphs: Bool) throws -> (seconds: Double, result: Int) {
            try measure(runs: runs) { () -> Int in
                try AtomicFile.write(to: URL(fileURLWithPath: path)) { sink in
                    try LayoutJSON.write(layout, glyphs: glyphs, to: sink)
                }
                return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
            }
        }
        let compact = try write(glyphs: false)
        let peak = CountBench.peakMemoryMB()
        let full = try write(glyphs: true)
        emit([
            "name": "json-flow-100k", "tags": many.count, "placed": layout.placed.count,
            "seconds": compact.seconds, "bytes": compact.result,
            "bytes_per_tag": (Double(compact.result) / Double(many.count)).rounded(),
            "seconds_glyphs": full.seconds, "bytes_glyphs": full.result,
            "rss_mb_before": before, "peak_rss_mb": peak, "peak_rss_mb_glyphs": CountBench.peakMemoryMB(), "runs": runs,
        ])
    }
}
