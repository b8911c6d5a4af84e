import Foundation
import TagCloudTestSupport
import Testing

/// `cloud --arrange semantic` on a real mixed text, as a user meets it: the paragraphs of *Alice*
/// interleaved with those of the US Constitution (three times, so the topics weigh alike), 150
/// words on 1200×800. The two topics never share a paragraph, so they must come out as two
/// regions: each word's nearest words are of its own text.
@Suite("cloud --arrange semantic on a mixed text")
struct SemanticMixTests {
    static let texts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demo/texts")

    /// The paragraphs of `name` (a file of demo/texts).
    static func paragraphs(_ name: String) throws -> [String] {
        let text = try String(contentsOf: texts.appendingPathComponent(name), encoding: .utf8)
        return text.components(separatedBy: "\n\n").filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Each word's counts in `name`, as `tagcloud count` gives them, per counted word.
    static func rates(_ name: String) throws -> [String: Double] {
        let r = try ToolRun.run(["count", "--text", texts.appendingPathComponent(name).path])
        var counts: [String: Double] = [:]
        for line in String(decoding: r.stdout, as: UTF8.self).split(separator: "\n") {
            let cells = line.split(separator: "\t")
            if cells.count == 2, let n = Double(cells[1]) { counts[String(cells[0]).lowercased()] = n }
        }
        let total = counts.values.reduce(0, +)
        return counts.mapValues { $0 / total }
    }

    /// Of the placed words whose text is at least twice as frequent in one text, the mean share
    /// of their 5 nearest such words (by the gap between boxes) from the same text, scaled so that
    /// a layout blind to the texts scores about 0.
    static func purity(_ json: Data, topic: (String) -> Int?) throws -> Double {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var words: [(topic: Int, f: [String: Double])] = []
        for w in try #require(root["placed"] as? [[String: Any]]) {
            if let t = topic(try #require(w["text"] as? String)) {
                words.append((t, try #require(w["inkBounds"] as? [String: Double])))
            }
        }
        func gap(_ p: [String: Double], _ q: [String: Double]) -> Double {
            let dx = max(0, max(p["x"]!, q["x"]!) - min(p["x"]! + p["width"]!, q["x"]! + q["width"]!))
            let dy = max(0, max(p["y"]!, q["y"]!) - min(p["y"]! + p["height"]!, q["y"]! + q["height"]!))
            return hypot(dx, dy)
        }
        var same = 0.0, chance = 0.0
        for (i, w) in words.enumerated() {
            let others = words.indices.filter { $0 != i }.sorted { gap(w.f, words[$0].f) < gap(w.f, words[$1].f) }
            same += Double(others.prefix(5).count { words[$0].topic == w.topic }) / 5
            chance += Double(words.count { $0.topic == w.topic } - 1) / Double(words.count - 1)
        }
        return (same - chance) / (Double(words.count) - chance)
    }

    @Test("two texts that never share a paragraph come out as two regions; the default layout mixes them")
    func twoTopics() throws {
        let alice = try Self.paragraphs("alice.txt"),
            constitution = Array(repeating: try Self.paragraphs("constitution.txt"), count: 3).flatMap { $0 }
        var mixed: [String] = []
        for i in 0..<max(alice.count, constitution.count) {
            if i < alice.count { mixed.append(alice[i]) }
            if i < constitution.count { mixed.append(constitution[i]) }
        }
        let dir = try scratchFolder()
        let mix = dir.appendingPathComponent("mix.txt")
        try Data(mixed.joined(separator: "\n\n").utf8).write(to: mix)
        let a = try Self.rates("alice.txt"), c = try Self.rates("constitution.txt")
        func topic(_ word: String) -> Int? {
            let x = a[word.lowercased()] ?? 0, y = c[word.lowercased()] ?? 0
            return x >= 2 * y && x > 0 ? 0 : y >= 2 * x && y > 0 ? 1 : nil
        }
        var semantic = 0.0, plain = 0.0
        for seed in 1...2 {
            let common = [
                "cloud", "--text", mix.path, "--width", "1200", "--height", "800", "--max-words", "150", "--seed", "\(seed)",
            ]
            let s = try ToolRun.run(common + ["--arrange", "semantic", "-o", dir.appendingPathComponent("s.json").path])
            let p = try ToolRun.run(common + ["-o", dir.appendingPathComponent("p.json").path])
            #expect(s.status == 0 && p.status == 0, "\(s.stderr)\(p.stderr)")
            semantic += try Self.purity(try Data(contentsOf: dir.appendingPathComponent("s.json")), topic: topic) / 2
            plain += try Self.purity(try Data(contentsOf: dir.appendingPathComponent("p.json")), topic: topic) / 2
        }
        #expect(semantic >= 0.5, "semantic purity \(semantic)")
        #expect(plain <= 0.15, "default purity \(plain)")
    }
}
