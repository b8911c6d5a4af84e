import TagCloud
import Testing

@testable import TagCloudText

/// Relations from a text: words that occur near one another are related, others are not.
struct CooccurrenceTests {
    static let fruit = ["apple", "banana", "cherry", "grape", "mango", "lemon"]
    static let music = ["piano", "violin", "guitar", "drum", "flute", "cello"]

    /// Sentences of one topic each, the topics alternating at random.
    static func plantedText(sentences: Int = 300, seed: UInt64 = 1) -> String {
        var rng = SeededRandom(seed: seed)
        return (0..<sentences).map { _ in
            let topic = rng.nextInt(below: 2) == 0 ? fruit : music
            return "The " + (0..<8).map { _ in topic[rng.nextInt(below: topic.count)] }.joined(separator: " and ") + "."
        }.joined(separator: "\n")
    }

    @Test("the strongest relations are within a topic; the terms are counted as without relations")
    func plantedTopics() throws {
        var options = TextOptions()
        options.cooccurrenceWindow = 10
        let text = Self.plantedText()
        let related = try TermCounter(options).analyze(text)
        let plain = try TermCounter(TextOptions()).analyze(text)
        #expect(related.terms == plain.terms)
        #expect(plain.relations == nil)
        let pairs = try #require(related.relations).pairs
        #expect(pairs.count >= 20)
        let within = pairs.filter { (Self.fruit.contains($0.first) == Self.fruit.contains($0.second)) }
        #expect(Double(within.count) / Double(pairs.count) > 0.9)
        // Every cross-topic pair is weaker than every within-topic pair.
        let across = pairs.filter { Self.fruit.contains($0.first) != Self.fruit.contains($0.second) }
        if let strongestAcross = across.map(\.similarity).max() {
            #expect(within.map(\.similarity).min()! > strongestAcross)
        }
    }

    @Test("words of two paragraphs are not near each other: short paragraphs of two topics in turn stay apart")
    func paragraphsApart() throws {
        var options = TextOptions()
        options.cooccurrenceWindow = 10
        var rng = SeededRandom(seed: 3)
        let text = (0..<400).map { k in
            let topic = k % 2 == 0 ? Self.fruit : Self.music
            return (0..<4).map { _ in topic[rng.nextInt(below: topic.count)] }.joined(separator: " ") + "."
        }.joined(separator: "\n\n")
        let pairs = try #require(try TermCounter(options).analyze(text).relations).pairs
        #expect(pairs.count >= 20)
        let across = pairs.filter { Self.fruit.contains($0.first) != Self.fruit.contains($0.second) }
        #expect(across.isEmpty, "\(across.prefix(5))")
    }

    @Test("a collocation is related as one term, its words not on their own")
    func collocations() throws {
        var options = TextOptions()
        options.cooccurrenceWindow = 6
        let text = (0..<60).map { k in
            "Alice \(["followed", "chased", "watched"][k % 3]) the White Rabbit.\nThe \(["Hatter", "Dormouse", "Queen"][k % 3]) drank tea."
        }.joined(separator: "\n")
        let a = try TermCounter(options).analyze(text)
        #expect(a.terms.contains { $0.text == "White Rabbit" })
        let pairs = try #require(a.relations).pairs
        #expect(pairs.contains { $0.first == "White Rabbit" || $0.second == "White Rabbit" })
        #expect(!pairs.contains { ["White", "Rabbit"].contains($0.first) || ["White", "Rabbit"].contains($0.second) })
    }
}
