import Foundation
import TagCloud
import Testing

@testable import TagCloudText

/// Random texts in four languages, with the punctuation, numbers, short words, plurals and phrases
/// that make a count's state between two words matter.
struct RandomText {
    enum Script: String, CaseIterable, Sendable { case english, german, chinese, arabic }

    static let vocabularies: [Script: [String]] = [
        .english: [
            "the", "of", "and", "a", "to", "in", "is", "was", "it", "that", "Alice", "alice", "rabbit", "rabbits",
            "Rabbit", "White", "white", "Queen", "queen's", "Alice's", "hole", "tea", "party", "Hatter", "mad", "New",
            "York", "new", "york", "city", "garden", "door", "key", "cat", "cats", "said", "very", "little", "time",
            "well-known", "don't", "I", "1999", "3.14", "x", "CAT", "Cat",
        ],
        .german: [
            "der", "die", "das", "und", "ist", "nicht", "Hund", "Hunde", "Katze", "Straße", "STRASSE", "Bücher", "Buch",
            "schön", "Mädchen", "Haus", "Häuser", "groß", "Weiße", "weiße", "Hase", "Königin", "sagte", "sehr", "ein",
            "eine", "zu", "mit", "Neues", "York", "2024", "Weiße Hase",
        ],
        .chinese: [
            "北京", "中国", "首都", "我们", "今天", "图书馆", "学习", "中文", "数学", "天气", "很好", "的", "是", "了", "在",
            "和", "白兔", "爱丽丝",
        ],
        .arabic: [
            "القاهرة", "هي", "عاصمة", "مصر", "وأكبر", "مدينة", "في", "العالم", "العربي", "نحن", "نحب", "قراءة", "الكتب",
            "المكتبة", "من", "إلى", "على", "الأرنب", "الأبيض", "١٩٩٩",
        ],
    ]

    /// A text of about `words` words.
    static func make(_ script: Script, words: Int, rng: inout SeededRandom) -> String {
        let vocabulary = vocabularies[script]!
        let joined = script == .chinese
        var out = ""
        for k in 0..<words {
            // Zipf-like: the first words far more often, so pairs repeat and collocations score.
            let i = min(vocabulary.count - 1, Int(Double(vocabulary.count) * pow(rng.nextUnit(), 2.5)))
            out += vocabulary[i]
            if k % 7 == 3 { out += joined ? "白兔" : (script == .arabic ? " الأرنب الأبيض" : " White Rabbit") }
            let r = rng.nextInt(below: 100)
            switch r {
            case 0..<8: out += joined ? "，" : (script == .arabic ? "، " : ", ")
            case 8..<13: out += joined ? "。\n" : ". "
            case 13..<15: out += "\n\n"
            case 15..<17: out += "\t"
            case 17..<19: out += "  "
            case 19..<20: out += joined ? "！ " : "! "
            default: out += joined ? (r < 60 ? "" : " ") : " "
            }
        }
        return out
    }

    /// `text` cut at random whitespace into `shards` pieces (fewer when it has too little whitespace),
    /// each cut just before or just after a whitespace byte.
    static func shards(_ text: String, _ shards: Int, rng: inout SeededRandom) -> [String] {
        let bytes = Array(text.utf8)
        var cuts = Set<Int>()
        let spaces = bytes.indices.filter { isASCIISpace(bytes[$0]) }
        guard !spaces.isEmpty else { return [text] }
        for _ in 0..<(shards - 1) {
            let s = spaces[rng.nextInt(below: spaces.count)]
            cuts.insert(rng.nextInt(below: 2) == 0 ? s : s + 1)
        }
        var pieces: [String] = []
        var start = 0
        for c in cuts.sorted() + [bytes.count] where c >= start {
            pieces.append(String(decoding: bytes[start..<c], as: UTF8.self))
            start = c
        }
        return pieces
    }
}

@Suite("Partial counts")
struct PartialCountTests {
    static let producer = "tagcloud test"

    /// The table as `tagcloud count` writes it.
    static func table(_ terms: [Term]) -> String {
        terms.map { "\($0.text)\t\(Int64($0.weight))\n" }.joined()
    }

    /// Merges `parts` (partial counts as files) in random groups until one is left, writing and
    /// reading each merged group again, and counts the result up.
    static func merged(_ parts: [Data], _ options: TextOptions, rng: inout SeededRandom) throws -> (TextAnalysis, Data) {
        var pool = parts
        pool.shuffle(using: &rng)
        while pool.count > 1 {
            let n = 2 + rng.nextInt(below: min(3, pool.count - 1))
            var group = PartialCount(options: options, producer: producer)
            for (k, data) in pool.prefix(n).enumerated() { try PartialCountReader.read(data, name: "part \(k)", into: &group) }
            pool.removeFirst(n)
            pool.insert(try PartialCountWriter.data(group), at: rng.nextInt(below: pool.count + 1))
        }
        var all = PartialCount(options: options, producer: producer)
        try PartialCountReader.read(pool[0], name: "all", into: &all)
        return (try all.analyze(), pool[0])
    }

    /// The shards' partial counts as files; `concurrently`: segmented on a second thread or not
    /// (the two paths carry punctuation across their pieces differently).
    static func shardData(_ shards: [String], _ options: TextOptions, concurrently: Bool = true) throws -> [Data] {
        var options = options
        options.segmentsConcurrently = concurrently
        var counter = TermCounter(options)
        counter.pipelinesOnOneCore = concurrently
        return try shards.enumerated().map { k, text in
            try PartialCountWriter.data(try counter.partialCount(text, key: String(format: "shard-%05d", k), producer: producer))
        }
    }

    static let variantNames = [
        "defaults", "no collocations", "phrases", "numbers, hyphens, min-length 3", "pair limit 16 (pairs spilled to disk)",
    ]

    static func options(variant: Int) -> TextOptions {
        var o = TextOptions()
        switch variant {
        case 1: o.collocations = false
        case 2: o.phrases = ["White Rabbit", "new york city", "York new", "الأرنب الأبيض", "Weiße Hase"]
        case 3: o.includeNumbers = true; o.keepHyphens = true; o.minimumLength = 3
        case 4: o.bigramLimit = 16
        default: break
        }
        return o
    }

    @Test(
        "Any sharding, merged in any order and grouping, gives the single count's table",
        arguments: RandomText.Script.allCases, [0, 1, 2, 3, 4])
    func shardedEqualsWhole(script: RandomText.Script, variant: Int) throws {
        let options = Self.options(variant: variant)
        var rng = SeededRandom(seed: UInt64(31 * variant + script.rawValue.count))
        for round in 0..<6 {
            let text = RandomText.make(script, words: 200 + rng.nextInt(below: 1500), rng: &rng)
            let whole = try TermCounter(options).analyze(text)
            let shards = RandomText.shards(text, 1 + rng.nextInt(below: 12), rng: &rng)
            #expect(shards.joined() == text)
            if options.bigramLimit < TextOptions().bigramLimit {
                // Pairs spilled to disk are all counted: the limit changes no table.
                let unlimited = try TermCounter(TextOptions()).analyze(text)
                #expect(Self.table(whole.terms) == Self.table(unlimited.terms))
                #expect(whole.collocations == unlimited.collocations && whole.collocations > 0)
            }
            let parts = try Self.shardData(shards, options, concurrently: round % 2 == 0)
            let (merged, _) = try Self.merged(parts, options, rng: &rng)
            let context = "\(script) \(Self.variantNames[variant]) round \(round), \(shards.count) shards"
            #expect(Self.table(merged.terms) == Self.table(whole.terms), "\(context)")
            #expect(merged.words == whole.words, "\(context)")
            #expect(merged.tokens == whole.tokens, "\(context)")
            #expect(merged.dropped == whole.dropped, "\(context)")
            #expect(merged.language == whole.language, "\(context)")
            #expect(merged.collocations == whole.collocations, "\(context)")
            #expect(merged.bytes == whole.bytes, "\(context)")
        }
    }

    @Test("The merged partial count is the same bytes whatever the merge order")
    func mergedBytesIndependentOfOrder() throws {
        var options = TextOptions()
        options.phrases = ["White Rabbit"]
        var rng = SeededRandom(seed: 5)
        let text = RandomText.make(.english, words: 3000, rng: &rng)
        let parts = try Self.shardData(RandomText.shards(text, 9, rng: &rng), options)
        let (_, first) = try Self.merged(parts, options, rng: &rng)
        let (_, second) = try Self.merged(parts.reversed(), options, rng: &rng)
        #expect(first == second)
        let whole = try TermCounter(options).analyze(text)
        #expect(whole.terms.contains { $0.text == "White Rabbit" })
    }

    @Test("Boundary words: a pair and a phrase across a cut, a shard of one word, an empty shard")
    func boundaries() throws {
        var options = TextOptions()
        options.phrases = ["new york city"]
        options.collocationThreshold = 0.5
        let shards = ["New ", "York ", "", "city and New York city, ", "  ", "red fox red fox red fox! ", "1999 red", " fox"]
        let text = shards.joined()
        let whole = try TermCounter(options).analyze(text)
        var rng = SeededRandom(seed: 1)
        let (merged, _) = try Self.merged(try Self.shardData(shards, options), options, rng: &rng)
        #expect(Self.table(merged.terms) == Self.table(whole.terms))
        #expect(whole.terms.contains { $0.text == "new york city" && $0.weight == 2 })
    }
}

@Suite("Partial count files")
struct PartialCountFileTests {
    static let producer = PartialCountTests.producer

    static func shard(_ text: String, key: String = "a", _ options: TextOptions = TextOptions()) throws -> Data {
        try PartialCountWriter.data(try TermCounter(options).partialCount(text, key: key, producer: producer))
    }

    /// The error reading `data` into a merge made with `options` gives.
    static func error(reading data: Data, _ options: TextOptions = TextOptions(), producer: String = producer) -> String? {
        var partial = PartialCount(options: options, producer: producer)
        do {
            try PartialCountReader.read(data, name: "x.counts", into: &partial)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("The file starts with the versioned header and holds every kind of record")
    func layout() throws {
        var o = TextOptions()
        o.phrases = ["New York"]
        let sample = "Hi. Alice met the White Rabbit in New York. Alice again 1999"
        let text = String(decoding: try Self.shard(sample, o), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("tagcloud-partial\t3\t{"))
        #expect(lines[0].contains("\"phrase\":[\"New York\"]"))
        #expect(lines[1...3] == ["n\tbytes\t\(sample.utf8.count)", "n\ttoo-long\t0", "n\tinvalid-utf8\t0"])
        // "Hi" is held for the merge (no break before it), the last kept word is "again", and the
        // dropped number after it is a break.
        #expect(lines[4] == "s\ta\t1\t1\tagain\t1\tHi\t")
        #expect(lines[5...7] == ["w\tHi\t0\tl\ta\t0", "w\tAlice\t2\tl\ta\t1", "w\tmet\t1\tl\ta\t2"])
        #expect(lines.contains("w\t1999\t1\tn\ta\t10"))
        #expect(lines.contains("f\tNew York\t1"))
        #expect(lines.contains("p\tWhite\tRabbit\t1"))
        #expect(!lines.contains { $0.hasPrefix("p\tin\t") })  // a phrase is never half of a pair
    }

    @Test("Another format version, other options or another producer: one line naming the file and the fix")
    func mismatches() throws {
        let data = try Self.shard("one two three")
        var text = String(decoding: data, as: UTF8.self)
        let version = Self.error(
            reading: Data(text.replacingOccurrences(of: "tagcloud-partial\t3\t", with: "tagcloud-partial\t1\t").utf8))
        #expect(
            version
                == "x.counts: a partial count of format 1, and this tagcloud reads format 3; count its shards again with this tagcloud"
        )
        var other = TextOptions()
        other.minimumLength = 3
        #expect(
            Self.error(reading: data, other)
                == "x.counts: counted with min-length 2, and this merge has min-length 3; give the merge and every partial count the same count options"
        )
        other = TextOptions()
        other.phrases = ["one two"]
        #expect(
            Self.error(reading: data, other)?.contains("counted with phrase [], and this merge has phrase [\"one two\"]") == true)
        #expect(
            Self.error(reading: data, producer: "tagcloud 9.9")?.contains("made by tagcloud test, and this is tagcloud 9.9")
                == true)
        text = "word\t3\n"
        #expect(Self.error(reading: Data(text.utf8))?.hasPrefix("x.counts: not a partial count") == true)
        #expect(Self.error(reading: Data())?.hasPrefix("x.counts: empty, not a partial count") == true)
        for error in [version, Self.error(reading: data, other)] { #expect(error?.contains("\n") == false) }
    }

    @Test("Damaged records are errors naming the line and field")
    func damaged() throws {
        let data = try Self.shard("one two three")
        // The record goes last, before an end record that matches it.
        let n = String(decoding: data, as: UTF8.self).split(separator: "\n").count
        let cases: [(String, String)] = [
            ("w\tfour\t-1\tl\ta\t9", "x.counts:\(n):3: expected a count"),
            ("w\tfour\t1\tq\ta\t9", "x.counts:\(n):4: expected a word kind"),
            ("p\tone\ttwo", "x.counts:\(n):3: expected 4 fields, found 3"),
            ("z\tone", "x.counts:\(n):1: unknown record type \"z\""),
            ("w\tfo\\xur\t1\tl\ta\t9", "x.counts:\(n):2: an unknown escape \\x"),
            ("p\tone\tfive\t1", "x.counts: names 1 word in pairs or shard boundaries without a w record"),
            ("w\tfive\t1\tl\tb\t0", "x.counts: has words of shard \"b\" but not its s record"),
            ("s\ta\t1\t0\t\t0\t", "x.counts: holds shard \"a\", which it holds too"),
            ("n\tinvalid-utf8\t99999999999999999999", "x.counts:\(n):3: expected a count"),
        ]
        let good = String(decoding: data, as: UTF8.self)
        for (record, expected) in cases {
            let error = Self.error(reading: PartialCountEndTests.rewritten(data) { $0 + [record] })
            #expect(error?.hasPrefix(expected) == true, "\(error ?? "no error") for \(expected)")
        }
        #expect(Self.error(reading: Data(Array(good.utf8) + [0xFF, 10]))?.contains("not valid UTF-8") == true)
    }

    @Test("The same shard twice is an error naming both files")
    func shardTwice() throws {
        let data = try Self.shard("one two three", key: "part-1")
        var partial = PartialCount(options: TextOptions(), producer: Self.producer)
        try PartialCountReader.read(data, name: "a.counts", into: &partial)
        #expect(throws: TextError.self) { try PartialCountReader.read(data, name: "b.counts", into: &partial) }
        do { try PartialCountReader.read(data, name: "b.counts", into: &partial) } catch {
            #expect(
                "\(error)".hasPrefix(
                    "b.counts: holds shard \"part-1\", which a.counts holds too; give each shard its own --shard KEY"))
        }
    }
}
