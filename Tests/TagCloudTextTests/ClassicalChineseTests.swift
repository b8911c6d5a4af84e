import Foundation
import TagCloud
import Testing

@testable import TagCloudText

@Suite("Classical Chinese: detection, stop words and the particles ICU joins to a word")
struct ClassicalChineseTests {
    static let analects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demo/texts/analects.txt")

    /// The particles and function characters that filled the top of the Analects before it had a list.
    static let particles = ["曰", "子曰", "也", "之", "而", "其", "于", "乎", "者", "矣", "吾", "与", "则", "无", "不", "焉", "哉"]

    private func analyze(_ text: String, _ language: Language?, _ configure: (inout TextOptions) -> Void = { _ in }) throws
        -> TextAnalysis
    {
        var o = TextOptions()
        o.collocations = false
        o.language = language
        configure(&o)
        return try TermCounter(o).analyze(text)
    }

    private func counts(_ a: TextAnalysis) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: a.terms.map { ($0.text, Int($0.weight)) })
    }

    @Test(
        "The classics are told from modern Chinese, in simplified and traditional characters",
        arguments: [
            ("子曰：学而时习之，不亦说乎？人不知而不愠，不亦君子乎？", Language.lzh),
            ("子曰：「學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？」子曰：「君子不器。」子曰：「巧言令色，鮮矣仁。」", .lzh),
            ("我的猫和我的狗在花园里。我的猫是白色的。", .zh),
            ("《论语》是孔子及其弟子的语录结集，由孔子弟子及再传弟子编写而成，至战国前期成书。它体现了孔子的政治主张。", .zh),
            ("他們認為這個問題的關鍵在於其中之一，而且我們沒有時間了。", .zh),
        ] as [(String, Language)])
    func detection(text: String, language: Language) throws {
        #expect(try analyze(text, nil).language == language)
    }

    @Test("A particle ICU joined to a character comes off it; a run of particles is a stop word")
    func particles() throws {
        let a = try analyze("子曰 子曰 子 不知 知 仁者 可以 如之何 君子 不亦乐乎", .lzh)
        #expect(counts(a) == ["子": 3, "知": 2, "仁": 1, "君子": 1, "不亦乐乎": 1])
        // 可以 and 如之何 are counted as stop words, like 曰 alone.
        #expect(a.dropped.stopWords == 2 && a.dropped.extraStopWords == 0)
        // Off with the other clitic rules, and with single characters too short to count.
        let off = counts(try analyze("子曰 子曰 子 不知 可以", .lzh, { $0.mergeClitics = false }))
        #expect(off == ["子曰": 2, "子": 1, "不知": 1, "可以": 1])
        let long = counts(try analyze("子曰 子曰 君子 可以", .lzh, { $0.minimumIdeographicLength = 2 }))
        #expect(long == ["子曰": 2, "君子": 1])
        // Modern Chinese keeps its words: the rule is classical Chinese's.
        #expect(counts(try analyze("子曰 不知", .zh))["子曰"] == 1)
    }

    @Test("The Analects: detected as classical Chinese, no particle among the top words, 子, 君子 and 仁 on top")
    func analectsSample() throws {
        for language in [nil, Language.lzh] {
            var o = TextOptions()
            o.language = language
            let a = try TermCounter(o).analyze(contentsOf: Self.analects)
            #expect(a.language == .lzh)
            let top = a.terms.prefix(30).map(\.text)
            for p in Self.particles { #expect(!top.contains(p), "\(p) in \(top)") }
            #expect(top.first == "子", "\(top)")
            for w in ["君子", "仁", "礼", "知"] { #expect(top.contains(w), "\(w) not in \(top)") }
        }
    }

    @Test("lzh is a language code everywhere a code is read")
    func code() throws {
        #expect(try Language(code: "lzh") == .lzh)
        #expect(try Language(code: "LZH") == .lzh)
        #expect(Language.lzh.name == "Classical Chinese")
        #expect(StopWords.list(for: .lzh).isSuperset(of: ["曰", "矣", "乎", "焉", "哉", "也", "之", "而", "其", "者"]))
    }
}
