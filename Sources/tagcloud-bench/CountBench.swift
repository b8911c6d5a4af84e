import Foundation
import TagCloud
import TagCloudText

/// The `count` workloads: text to terms through `TermCounter`, streamed from a file as `tagcloud count`
/// does. Each reports MB/s and the peak resident memory of that workload alone (Linux resets the
/// high-water mark through /proc/self/clear_refs), so a flat peak from 10 MB to 200 MB shows that
/// memory follows the vocabulary, not the input.
enum CountBench {
    struct Workload {
        var name: String
        var megabytes: Int
        var mixedScripts: Bool
        /// Runs beyond one are skipped for the largest input: its time is long enough to be stable.
        var singleRun: Bool
    }

    static let all = [
        Workload(name: "count-en-10mb", megabytes: 10, mixedScripts: false, singleRun: false),
        Workload(name: "count-en-200mb", megabytes: 200, mixedScripts: false, singleRun: true),
        Workload(name: "count-mixed-20mb", megabytes: 20, mixedScripts: true, singleRun: false),
    ]

    /// Runs the selected workloads and prints one JSON line each. `inputsDir` also keeps the
    /// generated texts (for bench/compare.py to time the Python package on the same bytes).
    static func run(names: Set<String>?, corpus: String?, runs: Int, inputsDir: String?) throws {
        for w in all where names == nil || names!.contains(w.name) {
            let url = try write(w, corpus: corpus, directory: inputsDir)
            defer { if inputsDir == nil { try? FileManager.default.removeItem(at: url) } }
            if inputsDir != nil { continue }
            let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.doubleValue ?? 0
            resetPeakMemory()
            let m = try measure(runs: w.singleRun ? 1 : runs) { try TermCounter().analyze(contentsOf: url) }
            let peak = peakMemoryMB()
            let a = m.result
            emit([
                "name": w.name, "seconds": m.seconds, "mb": (bytes / 1e6 * 10).rounded() / 10,
                "mb_per_s": (bytes / 1e6 / m.seconds * 10).rounded() / 10, "peak_rss_mb": peak,
                "words": a.words, "terms": a.terms.count, "collocations": a.collocations,
                "language": a.language?.rawValue ?? "none", "runs": w.singleRun ? 1 : runs,
                "corpus": corpus ?? "generated", "top": a.terms.prefix(5).map { "\($0.text):\(Int($0.weight))" },
            ])
        }
    }

    /// Generates the workload's text into a file, in blocks, so even 200 MB never sits in memory.
    static func write(_ w: Workload, corpus: String?, directory: String?) throws -> URL {
        let dir = directory.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("\(w.name).txt")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var generator = try TextGenerator(corpus: corpus, mixedScripts: w.mixedScripts)
        let target = w.megabytes * 1_000_000
        var written = 0
        while written < target {
            let block = generator.block(bytes: min(1 << 20, target - written))
            handle.write(block)
            written += block.count
        }
        return url
    }

    /// Peak resident memory (VmHWM) in MB, or -1 where /proc is missing.
    static func peakMemoryMB() -> Double { memoryMB("VmHWM:") }

    /// Current resident memory (VmRSS) in MB, or -1 where /proc is missing.
    static func residentMemoryMB() -> Double { memoryMB("VmRSS:") }

    /// A memory line of /proc/self/status in MB, or -1 where /proc is missing.
    static func memoryMB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return (kb / 1024 * 10).rounded() / 10
    }

    /// Resets VmHWM to the current resident size (Linux 4.0+), so each workload reports its own peak.
    static func resetPeakMemory() {
        if let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            h.write(Data("5".utf8))
            try? h.close()
        }
    }
}

/// English-like text: sentences of the project's own README (or a corpus) mixed with words drawn from
/// a Zipf vocabulary, so the vocabulary keeps growing slowly as real text does. Mixed mode adds
/// Chinese, Japanese, Russian, Arabic, Hindi and Thai sentences.
struct TextGenerator {
    private var rng = SeededRandom(seed: 11)
    private let sentences: [String]
    private let vocabulary: [String]
    private let cumulative: [Double]
    private let mixedScripts: Bool

    static let foreign = [
        "北京是中国的首都，也是一座历史悠久的城市。", "我们今天在图书馆学习中文和数学。",
        "東京は日本の首都で、とても大きな都市です。", "私は毎朝コーヒーを飲みながら新聞を読みます。",
        "Москва — столица России и крупнейший город страны.", "Мы читали интересную книгу о космосе.",
        "القاهرة هي عاصمة مصر وأكبر مدينة في العالم العربي.", "نحن نحب قراءة الكتب في المكتبة.",
        "दिल्ली भारत की राजधानी है और एक बड़ा शहर है।", "हम हर सुबह बगीचे में टहलते हैं।",
        "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย", "ภาษาไทยเป็นภาษาที่สวยงามมาก",
        "Straße, naïve café, São Paulo, Zürich — «déjà vu».",
    ]

    init(corpus: String?, mixedScripts: Bool) throws {
        let source: String
        if let corpus {
            source = try String(contentsOfFile: corpus, encoding: .utf8)
        } else {
            // The project's own README: text this project wrote, present in every clone.
            let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md")
            source =
                (try? String(contentsOf: readme, encoding: .utf8))
                ?? "Tag clouds and word clouds from any text, in every language, fast."
        }
        sentences = source.split(whereSeparator: { $0 == "." || $0 == "\n" }).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.count > 20 }
        let terms = Workloads.zipf(count: 50_000, seed: 5)
        vocabulary = terms.map(\.text)
        var sum = 0.0
        cumulative = terms.map {
            sum += $0.weight; return sum
        }
        self.mixedScripts = mixedScripts
    }

    /// About `bytes` bytes of text, ending with a line break.
    mutating func block(bytes: Int) -> Data {
        var out = ""
        out.reserveCapacity(bytes + 256)
        while out.utf8.count < bytes {
            let r = rng.nextInt(below: 10)
            if mixedScripts && r < 4 {
                out += Self.foreign[rng.nextInt(below: Self.foreign.count)]
            } else if r < 6 && !sentences.isEmpty {
                out += sentences[rng.nextInt(below: sentences.count)]
            } else {
                let n = 6 + rng.nextInt(below: 12)
                var words: [String] = []
                for _ in 0..<n { words.append(zipfWord()) }
                out += words.joined(separator: " ").capitalizedFirst
            }
            out += rng.nextInt(below: 8) == 0 ? ".\n" : ". "
        }
        return Data(out.utf8)
    }

    private mutating func zipfWord() -> String {
        let x = rng.nextUnit() * cumulative[cumulative.count - 1]
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return vocabulary[lo]
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
