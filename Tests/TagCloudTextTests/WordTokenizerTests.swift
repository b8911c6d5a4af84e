import Foundation
import TagCloud
import Testing

@testable import TagCloudText

private func words(_ text: String, _ configure: (inout TextOptions) -> Void = { _ in }) throws -> [String] {
    var o = TextOptions()
    configure(&o)
    return try WordTokenizer(options: o).words(in: text).map(\.text)
}

@Suite("Word segmentation")
struct WordTokenizerTests {
    @Test("Chinese is split into words by ICU's dictionary")
    func chinese() throws {
        let w = try words("我喜欢学习中文。北京是中国的首都。")
        #expect(w.contains("喜欢"))
        #expect(w.contains("学习"))
        #expect(w.contains("中文"))
        #expect(w.contains("北京"))
        #expect(w.contains("首都"))
        #expect(!w.contains("我喜欢学习中文"))
    }

    @Test("Japanese is split into words")
    func japanese() throws {
        let w = try words("東京は日本の首都です。私は寿司を食べました。")
        #expect(w.contains("東京"))
        #expect(w.contains("日本"))
        #expect(w.contains("首都"))
        #expect(w.contains("寿司"))
        #expect(w.count >= 8)
    }

    @Test("Thai is split into words")
    func thai() throws {
        let w = try words("ภาษาไทยเป็นภาษาที่สวยงาม")
        #expect(w.contains("ภาษา"))
        #expect(w.contains("ไทย"))
        #expect(w.contains("สวยงาม"))
    }

    @Test("Arabic and Hindi words stay whole")
    func arabicHindi() throws {
        #expect(try words("مرحبا بالعالم الجميل") == ["مرحبا", "بالعالم", "الجميل"])
        #expect(try words("हिन्दी भाषा बहुत सुंदर है।") == ["हिन्दी", "भाषा", "बहुत", "सुंदर", "है"])
    }

    @Test("Apostrophes are kept by default and split on request")
    func apostrophes() throws {
        #expect(try words("don't l’homme") == ["don't", "l’homme"])
        #expect(try words("don't l’homme") { $0.keepApostrophes = false } == ["don", "t", "l", "homme"])
    }

    @Test("Hyphenated words split by default and kept whole on request")
    func hyphens() throws {
        #expect(try words("a well-known fact - not co--op") == ["a", "well", "known", "fact", "not", "co", "op"])
        #expect(
            try words("a well-known fact - not co--op") { $0.keepHyphens = true } == [
                "a", "well-known", "fact", "not", "co", "op",
            ])
        #expect(try words("ein weiß-blauer Himmel") { $0.keepHyphens = true } == ["ein", "weiß-blauer", "Himmel"])
    }

    @Test("Numbers are kinds of words the counter can drop")
    func numbers() throws {
        let w = try WordTokenizer().words(in: "In 1999 pi was 3.14, and 1,000 cats")
        #expect(w.filter { $0.kind == .number }.map(\.text) == ["1999", "3.14", "1,000"])
    }

    @Test("A custom pattern replaces word breaks")
    func pattern() throws {
        #expect(try words("#swift and #linux, not swift") { $0.pattern = "#\\w+" } == ["#swift", "#linux"])
        #expect(throws: TextError.self) {
            try WordTokenizer(
                options: {
                    var o = TextOptions(); o.pattern = "(["; return o
                }())
        }
    }

    /// The ASCII fast path must segment exactly as ICU does, or counts would depend on which path ran.
    @Test("A blank line between two words ends a paragraph, on every path; one line feed does not")
    func paragraphs() throws {
        let fast = try Segmenter(options: TextOptions())
        let slow = try Segmenter(options: TextOptions())
        slow.asciiFastPath = false
        for segmenter in [fast, slow] {
            #expect(
                tokens(Array("one two\nthree.\n \r\n\tfour\n\nfive".utf8), segmenter) == [
                    "one/letter/false", "two/letter/false", "three/letter/false", "four/letter/true/¶", "five/letter/true/¶",
                ])
            #expect(tokens(Array("東京\n\nb".utf8), segmenter).last == "b/letter/true/¶")
        }
    }

    @Test("The ASCII fast path agrees with ICU", arguments: [1, 2, 3, 4])
    func fastPathAgreesWithICU(seed: UInt64) throws {
        let alphabet = Array("ab Z9_0.',;:-!? \n\t\"()@#/".utf8)
        var rng = SeededRandom(seed: seed)
        let fast = try Segmenter(options: TextOptions())
        let slow = try Segmenter(options: TextOptions())
        slow.asciiFastPath = false
        for _ in 0..<300 {
            let bytes = (0..<rng.nextInt(below: 40)).map { _ in alphabet[rng.nextInt(below: alphabet.count)] }
            #expect(tokens(bytes, fast) == tokens(bytes, slow), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}

/// Texts mixing ASCII with the punctuation marks the fast path handles itself and with characters
/// that send the text around them to ICU: the tokens must be ICU's, with hyphens kept or split.
@Suite("Fast path around non-ASCII text")
struct FastPathMixedTests {
    @Test("Dashes, curly quotes, ellipses and other marks segment as ICU does", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func fastPunctuationAgreesWithICU(seed: UInt64) throws {
        let alphabet = [
            "ab", "Z9", "_", "0", ".", "'", ",", "-", " ", "\n", "\"", "3.5",
            "—", "–", "“", "”", "…", "•", "«", "»", "×", "°", "§", "’", "é", "北京", "‘", "‐", "\u{301}", "\u{2060}",
        ]
        var rng = SeededRandom(seed: seed)
        for keepHyphens in [false, true] {
            var o = TextOptions()
            o.keepHyphens = keepHyphens
            let fast = try Segmenter(options: o)
            let slow = try Segmenter(options: o)
            slow.asciiFastPath = false
            for _ in 0..<400 {
                let text = (0..<rng.nextInt(below: 14)).map { _ in alphabet[rng.nextInt(below: alphabet.count)] }.joined()
                #expect(
                    tokens(Array(text.utf8), fast) == tokens(Array(text.utf8), slow),
                    "\(text.debugDescription) keepHyphens \(keepHyphens)")
            }
        }
    }
}

/// The Unicode fast path segments Cyrillic, Greek, Arabic, Devanagari and accented Latin without ICU;
/// whatever it does not know goes to ICU. Either way the tokens must be exactly ICU's.
@Suite("Unicode fast path")
struct UnicodeFastPathTests {

    @Test("Random texts of many scripts and marks segment as ICU does", arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func agreesWithICU(seed: UInt64) throws {
        let alphabet = [
            "ab", "Z9", "_", "0", ".", "'", ",", ";", ":", "-", " ", "\n", "\"", "3.5", "@",
            "Мос", "ква", "Ё", "αβ", "ς", "عرب", "كَتَبَ", "،", "٣٤", "٫", "٬", "؟", "ـ",
            "हिन्दी", "।", "१२", "é", "e\u{301}", "ß", "ǅ", "·", "·", "’", "‘", "“", "—", "…",
            "\u{2060}", "\u{200D}", "\u{200C}", "\u{AD}", "\u{A0}", "\u{2003}", "\u{2007}", "\u{2028}", "\u{85}", "\u{202F}",
            "שלום", "״", "ภาษา", "ກາ", "北京", "カタ", "ひら", "한국", "😀", "👍🏽", "❤", "\u{FE0F}", "™", "©",
            "\u{2010}", "\u{2011}", "#", "Ⅻ", "½", "ª", "\u{1F1EB}\u{1F1F7}", "\u{E000}", "𝐀", "\u{10400}",
        ]
        var rng = SeededRandom(seed: seed)
        for keepHyphens in [false, true] {
            var o = TextOptions()
            o.keepHyphens = keepHyphens
            o.keepApostrophes = seed % 2 == 0
            let fast = try Segmenter(options: o)
            let slow = try Segmenter(options: o)
            slow.asciiFastPath = false
            for _ in 0..<500 {
                let text = (0..<rng.nextInt(below: 14)).map { _ in alphabet[rng.nextInt(below: alphabet.count)] }.joined()
                #expect(
                    tokens(Array(text.utf8), fast) == tokens(Array(text.utf8), slow),
                    "\(text.debugDescription) keepHyphens \(keepHyphens)")
            }
        }
    }

    /// Every code point the table gives a fast class, between letters, digits, spaces and
    /// combining marks: a class that differs from ICU's rules for even one character fails here.
    @Test("Every code point below U+3000 segments as ICU does in every context")
    func everyCodePointAgreesWithICU() throws {
        let fast = try Segmenter(options: TextOptions())
        let slow = try Segmenter(options: TextOptions())
        slow.asciiFastPath = false
        var fastClassed = 0
        var mismatches: [String] = []
        for value in 0x80..<WordClass.limit {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if WordClass.belowLimit[value] != WordClass.needsICU { fastClassed += 1 }
            let x = String(Character(scalar))
            for text in [
                "a\(x)b", "1\(x)2", "Я\(x)я", "\(x)", " \(x) ", "a\(x)", "\(x)a", "7\(x)", "a\u{301}\(x)b", "\(x)\u{301}",
                "a\(x)\u{301}b", "_\(x)", "\(x)_",
            ] {
                if tokens(Array(text.utf8), fast) != tokens(Array(text.utf8), slow) { mismatches.append(text.debugDescription) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) texts differ, e.g. \(mismatches.prefix(20))")
        // The fast path must cover most of the table, or it would not be a fast path.
        #expect(fastClassed > 8_000, "only \(fastClassed) code points have a fast class")
    }
}

/// The tokens `segmenter` finds in `bytes`, each as text/kind/afterPunctuation.
func tokens(_ bytes: [UInt8], _ segmenter: Segmenter) -> [String] {
    let r = Recorder()
    var bytes = bytes
    bytes.withUnsafeMutableBufferPointer { segmenter.process($0, into: r) }
    return r.tokens
}

final class Recorder: TokenSink {
    var tokens: [String] = []
    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
        tokens.append("\(String(decoding: bytes, as: UTF8.self))/\(kind)/\(afterPunctuation)\(afterParagraph ? "/¶" : "")")
    }
}
