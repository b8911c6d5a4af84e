import Foundation
import TagCloud
import Testing

@testable import TagCloudText

private func counts(_ text: String, _ language: Language?, _ configure: (inout TextOptions) -> Void = { _ in }) throws -> [String:
    Int]
{
    var o = TextOptions()
    o.collocations = false
    o.language = language
    configure(&o)
    var result: [String: Int] = [:]
    for t in try TermCounter(o).count(text) { result[t.text] = Int(t.weight) }
    return result
}

@Suite("Elision and attached particles: the rules on word lists")
struct CliticRuleTests {
    @Test(
        "French elided forms come off; lexicalised apostrophes stay",
        arguments: [
            ("l'air", "air"), ("qu'elle", "elle"), ("c'est", "est"), ("d'un", "un"), ("n'y", "y"), ("j'ai", "ai"),
            ("s'il", "il"), ("m'a", "a"), ("t'aime", "aime"), ("lorsqu'il", "il"), ("puisqu'on", "on"),
            ("jusqu'à", "à"), ("quoiqu'elle", "elle"), ("l’homme", "homme"), ("qu’il", "il"), ("ç'avait", "avait"),
            ("qu'aujourd'hui", "aujourd'hui"),
        ] as [(String, String)])
    func frenchSplits(word: String, base: String) {
        #expect(Elision.split(word, forms: Elision.french)?.base == base)
    }

    @Test(
        "French words whose apostrophe belongs to them are not split",
        arguments: [
            "aujourd'hui", "prud'homme", "presqu'île", "quelqu'un", "entr'acte", "d'artagnan", "grand'mère", "o'brien", "l'",
            "'air", "l''air",
        ])
    func frenchKeeps(word: String) {
        #expect(Elision.split(word, forms: Elision.french) == nil)
    }

    @Test(
        "Italian elided forms come off",
        arguments: [
            ("l'uomo", "uomo"), ("dell'anno", "anno"), ("dall'alto", "alto"), ("nell'acqua", "acqua"),
            ("sull'isola", "isola"), ("all'ombra", "ombra"), ("un'altra", "altra"), ("d'oro", "oro"), ("c'è", "è"),
            ("quest'anno", "anno"), ("quell'uomo", "uomo"), ("anch'io", "io"), ("dov'è", "è"), ("l’isola", "isola"),
        ] as [(String, String)])
    func italianSplits(word: String, base: String) {
        #expect(Elision.split(word, forms: Elision.italian)?.base == base)
        // The characters taken off the front: the form and its apostrophe.
        #expect(Elision.split(word, forms: Elision.italian)?.characters == word.count - base.count)
    }

    @Test("Italian words and names keep their apostrophe")
    func italianKeeps() {
        for w in ["po'", "d'annunzio", "sant'anna", "bell'uomo"] {
            #expect(Elision.split(w, forms: Elision.italian) == nil, "\(w)")
        }
        // The French list does not hold Italian forms.
        #expect(Elision.split("dell'anno", forms: Elision.french) == nil)
    }

    @Test("Arabic: و/ف come off a content word only when three letters or more are left")
    func arabicConjunction() {
        #expect(ArabicProclitics.withoutConjunction("وقال") == "قال")
        #expect(ArabicProclitics.withoutConjunction("فقال") == "قال")
        #expect(ArabicProclitics.withoutConjunction("والكتاب") == "الكتاب")
        // Harakat on the conjunction go with it.
        #expect(ArabicProclitics.withoutConjunction("وَقَالَ") == "قَالَ")
        // Words that merely start with و or ف.
        for w in ["وجد", "وطن", "ولد", "وقت", "فهم", "فرح", "وجود", "ورقة", "فكرة", "فريق", "قال", "بالله"] {
            #expect(ArabicProclitics.withoutConjunction(w) == nil, "\(w)")
        }
    }

    @Test("Arabic: a stop word behind proclitics is found; a content word is not")
    func arabicStopCandidates() {
        let stop = StopWords.list(for: .ar)
        for w in [
            "ولا", "وما", "فلا", "فما", "ولم", "وهو", "وبه", "بما", "فإن", "ولكن", "وإلى", "للذي", "والذي", "وفيه", "فمن", "وقال",
            "فقال", "فقالت", "وقلت",
        ] {
            #expect(ArabicProclitics.stopWordCandidates(w).contains(where: stop.contains), "\(w) hides a stop word")
        }
        for w in ["وذهب", "فذهب", "وجد", "ولد", "بيت", "كتاب", "لبنان", "فهم", "الله", "قال", "بقل"] {
            #expect(!ArabicProclitics.stopWordCandidates(w).contains(where: stop.contains), "\(w) is no stop word")
        }
    }
}

@Suite("Elision and attached particles: counting")
struct CliticCountingTests {
    @Test("French: l'air counts as air, qu'elle as a stop word, aujourd'hui whole")
    func french() throws {
        let c = try counts(
            "L'air l'air air qu'elle c'est d'un n'y suis était aujourd'hui Aujourd'hui prud'homme l’homme homme", .fr)
        #expect(c["air"] == 3)
        #expect(c["homme"] == 2)
        #expect(c["aujourd'hui"] == 2)
        #expect(c["prud'homme"] == 1)
        for w in ["L'air", "l'air", "qu'elle", "elle", "c'est", "est", "d'un", "n'y", "suis", "était", "l’homme"] {
            #expect(c[w] == nil, "\(w): \(c)")
        }
    }

    @Test("French: a word met only with its article is shown without it, in its own case")
    func frenchSpelling() throws {
        let c = try counts("L'Angleterre d'Angleterre l'Angleterre", .fr)
        #expect(c == ["Angleterre": 3])
        // The words dropped with their stop-word base are counted as stop words.
        let a = try TermCounter(
            {
                var o = TextOptions(); o.language = .fr; o.collocations = false; return o
            }()
        ).analyze("qu'elle c'est maison")
        #expect(a.dropped.stopWords == 2 && a.dropped.extraStopWords == 0)
    }

    @Test("Italian: dell'anno and quest'anno count as anno")
    func italian() throws {
        let c = try counts("dell'anno quest'anno anno l'uomo c'è po' gatto", .it)
        #expect(c["anno"] == 3)
        #expect(c["uomo"] == 1)
        #expect(c["po"] == 1)  // a final apostrophe is not part of the word
        #expect(c["c'è"] == nil && c["è"] == nil)
    }

    @Test("English is not touched, even with a French-looking apostrophe")
    func english() throws {
        let c = try counts("l'air d'Artagnan qu'elle O'Brien O'Brien", .en)
        #expect(c["l'air"] == 1 && c["qu'elle"] == 1 && c["O'Brien"] == 2 && c["air"] == nil)
    }

    @Test("Arabic: ذهب, وذهب and فذهب are one term; stop words with proclitics go")
    func arabic() throws {
        let c = try counts("ذهب ذهب ذهب وذهب فذهب ولا وما فلا إلا يا لي وجد جد وطن طن كتاب وكتاب", .ar)
        #expect(c["ذهب"] == 5)
        #expect(c["وذهب"] == nil && c["فذهب"] == nil)
        for w in ["ولا", "وما", "فلا", "إلا", "يا", "لي"] { #expect(c[w] == nil, "\(w): \(c)") }
        // Two letters left: not split, even though the two-letter word occurs.
        #expect(c["وجد"] == 1 && c["وطن"] == 1)
        #expect(c["كتاب"] == 2)
        // The bare form must occur in the text: وزير stays whole.
        let d = try counts("وزير وزير وذهب وذهب", .ar)
        #expect(d == ["وزير": 2, "وذهب": 2])
    }

    @Test("Arabic: a merged term is shown bare, as the text writes the bare word, even when rarer")
    func arabicBare() throws {
        #expect(try counts("وذهب وذهب وذهب ذهب", .ar) == ["ذهب": 4])
        #expect(try counts("فذهب وذهب فذهب ذهب", .ar) == ["ذهب": 4])
        // Harakat on the conjunction come off with it.
        #expect(try counts("وَذَهَبَ وَذَهَبَ ذَهَبَ", .ar) == ["ذَهَبَ": 3])
    }

    @Test("Arabic: قال and its forms are stop words, behind proclitics too; English drops said, French dit")
    func verbsOfSaying() throws {
        #expect(try counts("قال وقال فقال قالت فقالت يقول قالوا وقالوا قلت فقلت كتاب", .ar) == ["كتاب": 1])
        #expect(try counts("he said she says they say", .en).isEmpty)
        #expect(try counts("il dit, elle disait, ils dirent : partir", .fr) == ["partir": 1])
    }

    @Test("mergeClitics = false turns the rules off; languages without rules are untouched")
    func switchOff() throws {
        let fr = try counts("l'air l'air air qu'elle", .fr, { $0.mergeClitics = false })
        #expect(fr["l'air"] == 2 && fr["air"] == 1 && fr["qu'elle"] == 1)
        let ar = try counts("ذهب وذهب فذهب ولا", .ar, { $0.mergeClitics = false })
        #expect(ar["وذهب"] == 1 && ar["فذهب"] == 1 && ar["ولا"] == 1)
        let plain = try counts("l'air l'air air", .de)
        #expect(plain["l'air"] == 2)
    }
}

@Suite("Elision and attached particles: the samples the project ships")
struct CliticSampleTests {
    static let texts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demo/texts")

    /// The 40 most frequent terms of a sample, case-folded, with the language detected.
    private func top40(_ name: String, _ configure: (inout TextOptions) -> Void = { _ in }) throws -> (Set<String>, Language?) {
        var o = TextOptions()
        configure(&o)
        let a = try TermCounter(o).analyze(contentsOf: Self.texts.appendingPathComponent(name))
        return (Set(a.terms.prefix(40).map { $0.text.lowercased() }), a.language)
    }

    private static let frenchRemnants = [
        "c'est", "qu'elle", "qu'il", "d'un", "d'une", "n'y", "c'était", "suis", "n'était", "qu'un",
    ]
    private static let arabicParticles = ["ولا", "وما", "إلا", "يا", "لي", "فلا"]
    private static let arabicSaid = ["قال", "وقال", "فقال", "قالا", "قلت", "يقول", "قالوا", "فقلت", "فقالوا"]

    @Test("French: the top 40 of Verne holds no elided form nor form of être")
    func french() throws {
        let (top, language) = try top40("tour-du-monde.txt")
        #expect(language == .fr)
        for w in Self.frenchRemnants { #expect(!top.contains(w), "\(w) in \(top.sorted())") }
        // The words are there, without their article.
        #expect(top.contains("angleterre"))
        let (off, _) = try top40("tour-du-monde.txt", { $0.mergeClitics = false })
        #expect(off.contains("c'est") && off.contains("qu'il") && off.contains("d'un"), "\(off.sorted())")
    }

    @Test("Arabic: the top 40 of Sahih Muslim has no particle, no form of قال, and وسلم shown bare")
    func arabic() throws {
        let (top, language) = try top40("sahih-muslim.txt")
        #expect(language == .ar)
        for w in Self.arabicParticles + Self.arabicSaid { #expect(!top.contains(w), "\(w) in \(top.sorted())") }
        // وسلم (in the blessing صلى الله عليه وسلم) is written far more often than سلم, but is shown as it.
        #expect(top.contains("سلم") && !top.contains("وسلم"), "\(top.sorted())")
        let (off, _) = try top40("sahih-muslim.txt", { $0.mergeClitics = false })
        #expect(off.contains("فقال") && off.contains("وسلم"), "\(off.sorted())")
    }

    @Test("French: dit, the sixth word of Verne, is gone as a stop word; répondit stays")
    func frenchSaid() throws {
        let a = try TermCounter(TextOptions()).analyze(contentsOf: Self.texts.appendingPathComponent("tour-du-monde.txt"))
        let words = Set(a.terms.map { $0.text.lowercased() })
        #expect(!words.contains("dit") && !words.contains("dire"))
        #expect(words.contains("répondit"))
    }
}
