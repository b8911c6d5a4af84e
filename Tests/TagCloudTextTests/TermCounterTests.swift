import Foundation
import TagCloud
import Testing

@testable import TagCloudText

private func counts(_ text: String, _ configure: (inout TextOptions) -> Void = { _ in }) throws -> [String: Int] {
    var o = TextOptions()
    configure(&o)
    var result: [String: Int] = [:]
    for t in try TermCounter(o).count(text) { result[t.text] = Int(t.weight) }
    return result
}

/// A text where "white rabbit" always comes as a pair among varied filler, for collocation tests.
private func rabbitText() -> String {
    let filler = ["queen", "garden", "tea", "hatter", "door", "key", "cake", "bottle", "cat", "tree", "court", "tart"]
    var rng = SeededRandom(seed: 3)
    var words: [String] = []
    for i in 0..<600 {
        words.append(filler[rng.nextInt(below: filler.count)])
        if i % 10 == 0 { words += ["White", "Rabbit"] }
        if i % 7 == 0 { words.append("white") }
        if i % 9 == 0 { words.append("rabbit") }
    }
    return words.joined(separator: " ")
}

@Suite("Counting words")
struct TermCounterTests {
    @Test("Case folding shows each word in its most frequent spelling")
    func caseFolding() throws {
        let c = try counts("Swift swift SWIFT Swift linux Linux Linux", { $0.collocations = false })
        #expect(c == ["Swift": 4, "Linux": 3])
        // Full case folding and NFC: ß and SS, and a decomposed é, are one word.
        let d = try counts(
            "Straße STRASSE strasse Cafe\u{301} café café",
            {
                $0.collocations = false; $0.language = .de
            })
        #expect(d["Straße"] == 3)  // a tie: the spelling seen first
        #expect(d["café"] == 3)
    }

    @Test("English plurals merge into the singular when both occur; possessives lose 's")
    func plurals() throws {
        let c = try counts(
            "rabbits rabbit rabbit glasses glass bus news Alice's Alice",
            {
                $0.collocations = false; $0.language = .en
            })
        #expect(c["rabbit"] == 3)
        #expect(c["rabbits"] == nil)
        #expect(c["glasses"] == 1)  // only a trailing single s is a plural
        #expect(c["news"] == 1)
        #expect(c["Alice"] == 2)
        let off = try counts(
            "rabbits rabbit rabbit",
            {
                $0.collocations = false; $0.language = .en; $0.mergePlurals = false
            })
        #expect(off["rabbits"] == 1)
    }

    @Test(
        "Stop words per language",
        arguments: [
            ("The cat and the dog are in the garden with the cat", Language.en, "cat", ["the", "and", "in"]),
            ("Der Hund und die Katze sind in dem Garten und der Hund", .de, "Hund", ["der", "und", "die"]),
            ("Le chat et le chien sont dans le jardin avec le chat", .fr, "chat", ["le", "et", "dans"]),
            ("El gato y el perro están en el jardín con el gato", .es, "gato", ["el", "y", "en"]),
            ("Il gatto e il cane sono nel giardino con il gatto", .it, "gatto", ["il", "e", "con"]),
            ("O gato e o cão estão no jardim com o gato", .pt, "gato", ["o", "e", "no"]),
            ("De kat en de hond zijn in de tuin met de kat", .nl, "kat", ["de", "en", "in"]),
            ("Кошка и собака в саду и кошка это", .ru, "Кошка", ["и", "в", "это"]),
            ("我的猫和我的狗在花园里。我的猫是白色的。", .zh, "猫", ["的", "我", "是"]),
            ("私の猫は庭にいます。私の猫は白いです。", .ja, "猫", ["の", "は", "です"]),
            ("القطة في الحديقة مع الكلب في الحديقة القطة", .ar, "القطة", ["في", "مع"]),
            ("बिल्ली और कुत्ता बगीचे में हैं और बिल्ली सफेद है", .hi, "बिल्ली", ["और", "में", "है"]),
        ] as [(String, Language, String, [String])])
    func stopWords(text: String, language: Language, kept: String, dropped: [String]) throws {
        let analysis = try TermCounter(
            {
                var o = TextOptions(); o.collocations = false; return o
            }()
        ).analyze(text)
        #expect(analysis.language == language, "detected \(String(describing: analysis.language))")
        let c = Dictionary(uniqueKeysWithValues: analysis.terms.map { ($0.text.lowercased(), Int($0.weight)) })
        #expect(c[kept.lowercased()] != nil, "\(c)")
        for w in dropped { #expect(c[w] == nil, "\(w) should be a stop word in \(language)") }
    }

    @Test("Stop words can be replaced, extended and turned off")
    func stopWordOptions() throws {
        let text = "the cat sat on the mat"
        #expect(
            try counts(
                text,
                {
                    $0.stopWords = .none; $0.collocations = false
                })["the"] == 2)
        let custom = try counts(
            text,
            {
                $0.stopWords = .custom(["cat"]); $0.collocations = false
            })
        #expect(custom["the"] == 2 && custom["cat"] == nil)
        let extended = try counts(
            text,
            {
                $0.extraStopWords = ["MAT"]; $0.collocations = false
            })
        #expect(extended["the"] == nil && extended["mat"] == nil && extended["cat"] == 1)
    }

    @Test("Numbers and short words follow the options")
    func numbersAndLength() throws {
        let text = "In 1999 a cat ate 3.14 pies"
        #expect(try counts(text, { $0.collocations = false })["1999"] == nil)
        let n = try counts(
            text,
            {
                $0.includeNumbers = true; $0.collocations = false
            })
        #expect(n["1999"] == 1 && n["3.14"] == 1)
        let long = try counts(
            text,
            {
                $0.minimumLength = 4; $0.collocations = false
            })
        #expect(long["pies"] == 1 && long["cat"] == nil)
    }

    @Test("A pair that always appears together becomes a collocation, taken out of its words")
    func collocation() throws {
        let c = try counts(rabbitText())
        // 60 pairs spelled "White Rabbit" and 10 spelled "white rabbit" (where i is a multiple of 63):
        // the pair takes its most frequent spelling.
        #expect(c["White Rabbit"] == 70)
        // The single words keep only their appearances outside the pair (146 and 127 in all).
        #expect(c["white"] == 76)
        #expect(c["rabbit"] == 57)
        // A dropped token between two words (a number, a one-letter word) breaks the pair, as
        // punctuation does: README tables gave "MB MB" from "72 MB | 1.42 MB/s" rows.
        let apart = try counts(rabbitText().replacingOccurrences(of: "White Rabbit", with: "White 42 Rabbit"))
        #expect(apart["White Rabbit"] == nil)
        let short = try counts(rabbitText().replacingOccurrences(of: "White Rabbit", with: "White x Rabbit"))
        #expect(short["White Rabbit"] == nil)
        let off = try counts(rabbitText(), { $0.collocations = false })
        #expect(off["White Rabbit"] == nil)
        #expect(off["White"] == nil || off["white"] == 146)
    }

    @Test("A pair keeps its plural as written; its words alone still merge into the singular")
    func collocationKeepsPlural() throws {
        // "United States" 70 times, "state" alone now and then: "states" merges into "state" as a word,
        // but the pair is shown as written, never as "United State", which the text does not contain.
        let text = rabbitText().replacingOccurrences(of: "White Rabbit", with: "United States")
            .replacingOccurrences(of: "rabbit", with: "state")
        let c = try counts(text, { $0.language = .en })
        #expect(c["United States"] == 60, "\(c.filter { $0.key.contains("United") })")
        #expect(c["United State"] == nil)
        #expect(c["state"] != nil && c["states"] == nil)
        // A possessive still loses its 's inside a pair, as it does alone.
        let possessive = try counts(
            rabbitText().replacingOccurrences(of: "White Rabbit", with: "Alice's garden"),
            { $0.language = .en })
        #expect(possessive["Alice garden"] != nil, "\(possessive.filter { $0.key.contains("Alice") })")
    }

    @Test("The collocation score matches the Python package's formula")
    func score() {
        // wordcloud.tokenization.score(5, 5, 5, 100) gives 39.7030 (wordcloud 1.9.6).
        let s = Collocation.score(bigram: 5, first: 5, second: 5, words: 100)
        #expect(abs(s - 39.70) < 0.01)
        #expect(Collocation.score(bigram: 3, first: 100, second: 3, words: 100) == 0)
    }

    @Test("A protected phrase is counted whole, never split or stop-worded")
    func phrase() throws {
        let text = "I flew to New York. new york is big, and York is old; the New Yorker is new."
        let c = try counts(text, { $0.phrases = ["New York", "The Who"] })
        #expect(c["New York"] == 2)
        #expect(c["York"] == 1)
        #expect(c["Yorker"] == 1)
        let who = try counts("the who sang; The Who played", { $0.phrases = ["The Who"] })
        #expect(who["The Who"] == 2)
        #expect(throws: TextError.self) {
            try TermCounter(
                {
                    var o = TextOptions(); o.phrases = ["  ,, "]; return o
                }()
            ).count("x")
        }
    }

    @Test("Chinese and Japanese are counted by words")
    func cjkCounts() throws {
        let c = try counts("北京很大。我爱北京。北京的天气很好。", { $0.collocations = false })
        #expect(c["北京"] == 3)
        let j = try counts("東京は大きい。東京が好きです。", { $0.collocations = false })
        #expect(j["東京"] == 2)
    }
}
