import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

/// `tagcloud cloud --arrange semantic`, through the real fonts: a text's topics come out as groups.
@Suite("cloud --arrange semantic")
struct SemanticCLITests {
    static let fruit = ["apple", "banana", "cherry", "grape", "mango", "lemon", "peach", "plum"]
    static let music = ["piano", "violin", "guitar", "drum", "flute", "cello", "harp", "oboe"]

    /// Sentences of one topic each, the topics in turn at random.
    static func plantedText() -> String {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        return (0..<400).map { _ in
            let topic = next(2) == 0 ? fruit : music
            return "The " + (0..<8).map { _ in topic[next(topic.count)] }.joined(separator: " and ") + "."
        }.joined(separator: "\n")
    }

    /// The centre of each placed word of a layout JSON.
    func centres(_ json: Data) throws -> [String: (x: Double, y: Double)] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var out: [String: (x: Double, y: Double)] = [:]
        for w in try #require(root["placed"] as? [[String: Any]]) {
            let f = try #require(w["frame"] as? [String: Double])
            out[try #require(w["text"] as? String)] = (f["x"]! + f["width"]! / 2, f["y"]! + f["height"]! / 2)
        }
        return out
    }

    /// Of the pairs of words whose boxes touch (within 6 pt), the share within one topic.
    func withinShare(_ json: Data) throws -> Double {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var boxes: [(fruit: Bool, f: [String: Double])] = []
        for w in try #require(root["placed"] as? [[String: Any]]) {
            boxes.append((Self.fruit.contains(try #require(w["text"] as? String)), try #require(w["frame"] as? [String: Double])))
        }
        var within = 0, all = 0
        for a in boxes.indices {
            for b in (a + 1)..<boxes.count {
                let p = boxes[a].f, q = boxes[b].f
                let dx = max(0, max(p["x"]!, q["x"]!) - min(p["x"]! + p["width"]!, q["x"]! + q["width"]!))
                let dy = max(0, max(p["y"]!, q["y"]!) - min(p["y"]! + p["height"]!, q["y"]! + q["height"]!))
                guard dx * dx + dy * dy <= 36 else { continue }
                all += 1
                if boxes[a].fruit == boxes[b].fruit { within += 1 }
            }
        }
        return all == 0 ? 0 : Double(within) / Double(all)
    }

    /// Lays out `input` (arguments naming it) with `extra`, and returns the layout JSON.
    func layout(_ input: [String], _ extra: [String], in dir: URL, name: String) throws -> Data {
        let out = dir.appendingPathComponent(name)
        let r = try ToolRun.run(
            ["cloud"] + input + extra + (extra.contains("--width") ? [] : ["--width", "500", "--height", "360"])
                + ["--font", "DejaVu Sans", "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: out)
    }

    /// How many words lie nearer the centre of the other topic's words than of their own.
    func wrongSide(_ c: [String: (x: Double, y: Double)]) -> Int {
        func mean(_ words: [String]) -> (x: Double, y: Double) {
            let ps = words.compactMap { c[$0] }
            return (ps.map(\.x).reduce(0, +) / Double(ps.count), ps.map(\.y).reduce(0, +) / Double(ps.count))
        }
        let f = mean(Self.fruit), m = mean(Self.music)
        func d(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double { hypot(p.x - q.x, p.y - q.y) }
        return c.filter { word, p in
            Self.fruit.contains(word) ? d(p, m) < d(p, f) : d(p, f) < d(p, m)
        }.count
    }

    // Words at a size that leaves room (--max-size 60 on 900×600): with the canvas packed full, there is
    // no space for two groups to stand apart, and big words land wherever they fit.
    @Test("a text's two topics come out as two groups, each in one colour; same bytes twice")
    func topics() throws {
        let dir = try scratchFolder()
        let text = dir.appendingPathComponent("topics.txt")
        try Data(Self.plantedText().utf8).write(to: text)
        let roomy = ["--size-scale", "sqrt", "--width", "900", "--height", "600", "--max-size", "60"]
        let semantic = ["--arrange", "semantic", "--color-mode", "cluster"] + roomy
        var wrong = 0, mixedWrong = 0
        for seed in 1...3 {
            let seeded = ["--seed", "\(seed)"]
            let a = try layout(["--text", text.path], semantic + seeded, in: dir, name: "a\(seed).json")
            let b = try layout(["--text", text.path], semantic + seeded, in: dir, name: "b\(seed).json")
            let plain = try layout(["--text", text.path], roomy + seeded, in: dir, name: "p\(seed).json")
            #expect(a == b)
            let c = try centres(a)
            #expect(c.count == 16)
            wrong += wrongSide(c)
            mixedWrong += wrongSide(try centres(plain))
            let root = try #require(try JSONSerialization.jsonObject(with: a) as? [String: Any])
            var colours: [String: Set<String>] = [:]
            for w in try #require(root["placed"] as? [[String: Any]]) {
                let word = try #require(w["text"] as? String)
                colours[Self.fruit.contains(word) ? "fruit" : "music", default: []].insert("\(w["color"] ?? "")")
            }
            #expect(colours["fruit"]?.count == 1 && colours["music"]?.count == 1 && colours["fruit"] != colours["music"])
        }
        // Every word sits on its own topic's side; ignoring the topics puts several on the wrong one.
        #expect(wrong == 0, "\(wrong) words on the wrong side")
        #expect(mixedWrong >= 3, "\(mixedWrong) words on the wrong side without --arrange semantic")
    }

    @Test("tags of one group are placed together under --arrange semantic")
    func groups() throws {
        let dir = try scratchFolder()
        let csv = dir.appendingPathComponent("tags.csv")
        // text,weight,link,id,color,group
        let rows = Self.fruit.map { "\($0),\(20 + $0.count),,,,fruit" } + Self.music.map { "\($0),\(20 + $0.count),,,,music" }
        try Data(rows.joined(separator: "\n").utf8).write(to: csv)
        var within = 0.0, mixedWithin = 0.0
        for seed in 1...3 {
            let seeded = ["--seed", "\(seed)", "--size-scale", "sqrt"]
            within += try withinShare(try layout(["-i", csv.path], ["--arrange", "semantic"] + seeded, in: dir, name: "g.json"))
            mixedWithin += try withinShare(try layout(["-i", csv.path], seeded, in: dir, name: "p.json"))
        }
        // On this small canvas, full at the sizes the tags ask for, the two groups' regions meet
        // along the canvas's whole width, and the largest words overhang them.
        #expect(within > mixedWithin + 0.1, "\(within / 3) against \(mixedWithin / 3)")
    }

    @Test(
        "usage mistakes: one line, exit 1",
        arguments: [
            ["cloud", "a", "b", "--arrange", "sideways"],
            ["cloud", "a", "b", "--color-mode", "cluster"],
            ["flow", "a", "b", "--color-mode", "cluster"],
        ])
    func mistakes(_ args: [String]) throws {
        let dir = try scratchFolder()
        let r = try ToolRun.run(args + ["-o", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }
}
