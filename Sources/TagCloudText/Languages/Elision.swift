/// French and Italian elision: an article, pronoun or conjunction that lost its vowel before a word
/// and is written attached to it with an apostrophe ("l'air", "qu'elle", "dell'anno"). The word counts
/// without it: "l'air" as "air", and "qu'elle" as "elle", which is a stop word.
///
/// Rule-based and light: only the elided forms listed here come off, only the first one, and only
/// when a word follows. Words in which the apostrophe is part of the word ("aujourd'hui",
/// "presqu'île", "quelqu'un") keep it, since what stands before their apostrophe is not on the lists;
/// the few whose first part is on a list ("d'Artagnan") are exceptions. Limits: an elided form that
/// is also a name's first part ("D'Annunzio") is taken off unless listed; a word written with a space
/// after the apostrophe ("l' air") is two words already, and an apostrophe-less spelling is untouched.
enum Elision {
    /// The elided forms of French, before the apostrophe, case-folded.
    static let french: Set<String> = [
        "c", "ç", "d", "j", "l", "m", "n", "s", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",
    ]

    /// The elided forms of Italian: articles, articulated prepositions, pronouns, demonstratives and
    /// a few adverbs ("com'era", "dov'è", "anch'io").
    static let italian: Set<String> = [
        "l", "gl", "un", "d", "c", "m", "t", "s", "v", "n", "dell", "dall", "nell", "sull", "all", "coll",
        "pell", "quest", "quell", "nessun", "ciascun", "com", "dov", "cos", "anch", "tutt", "senz",
    ]

    /// Words whose first part is on a list but belongs to the word, written with a straight
    /// apostrophe and case-folded.
    static let exceptions: Set<String> = [
        "d'artagnan", "d'alembert", "d'annunzio", "d'azeglio", "d'orsay", "l'hospital", "n'importe",
    ]

    /// The elided forms of `language`, or nil when it has none.
    static func forms(of language: Language) -> Set<String>? {
        switch language {
        case .fr: return french
        case .it: return italian
        default: return nil
        }
    }

    /// A case-folded word split after its elided form: the characters to take off the front (the form
    /// and its apostrophe) and the word left, or nil when `word` starts with none of `forms`.
    static func split(_ word: String, forms: Set<String>) -> (characters: Int, base: String)? {
        let u = word.utf8
        // Byte scan: only words holding an apostrophe go further, and the form before it is short.
        var i = u.startIndex, n = 0
        var apostropheEnd: String.Index? = nil
        while i != u.endIndex && n <= 7 {
            let b = u[i]
            if b == UInt8(ascii: "'") {
                apostropheEnd = u.index(after: i)
                break
            }
            // ’ (U+2019) and ʼ (U+02BC).
            if b == 0xE2 || b == 0xCA {
                let rest = u[i...].prefix(3)
                if rest.elementsEqual([0xE2, 0x80, 0x99]) { apostropheEnd = u.index(i, offsetBy: 3); break }
                if rest.prefix(2).elementsEqual([0xCA, 0xBC]) { apostropheEnd = u.index(i, offsetBy: 2); break }
            }
            i = u.index(after: i)
            n += 1
        }
        guard let end = apostropheEnd, end != u.endIndex, i != u.startIndex else { return nil }
        let form = String(word[..<i])
        guard forms.contains(form) else { return nil }
        let base = String(word[end...])
        guard let first = base.unicodeScalars.first, first.properties.isAlphabetic else { return nil }
        if exceptions.contains(form + "'" + base) { return nil }
        return (form.count + 1, base)
    }
}
