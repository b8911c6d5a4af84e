/// Arabic proclitics: the conjunctions و and ف, the prepositions ب, ك and ل, written as one word with
/// what follows ("وقال", "فلا", "بما"). Light and conservative, in the style of light stemmers such as
/// Larkey's light10, but stricter, since a letter that looks like a proclitic is often the word's own
/// ("وجد", "وطن", "فكرة"):
///
/// - a stop word behind one or two proclitics (و or ف, then ب, ك or ل; ل before ال loses the alif,
///   "للذي") is a stop word: "ولا", "وما", "فلا", "وبه", "للذي";
/// - a content word behind و or ف counts with the word without it, and is shown as it, when that word
///   also occurs in the text and keeps at least three letters: "وذهب" and "فذهب" with "ذهب", but "وجد"
///   stays whole (two letters would be left), and so does "وزير" unless "زير" occurs too.
///
/// Limits: a word that starts with و or ف of its own and whose rest is another word of the same text
/// merges with it unless it is one of the `exceptions` ("ورقة" and "رقة"); the suffixes (pronouns,
/// plurals) and the article stay on content words, so "كتابه" and "الكتاب" stay apart.
enum ArabicProclitics {
    /// The conjunctions و and ف.
    static let conjunctions: Set<Unicode.Scalar> = ["\u{0648}", "\u{0641}"]
    /// The prepositions ب, ك and ل.
    static let prepositions: Set<Unicode.Scalar> = ["\u{0628}", "\u{0643}", "\u{0644}"]

    /// Content words that begin with و or ف of their own, whose rest is another common word.
    static let exceptions: Set<String> = [
        "وجود", "وحدة", "ورقة", "وزير", "وكيل", "وداع", "وقود", "وعود", "ورود", "وجوه", "وسيلة", "وصية",
        "وقار", "وحيد", "وفاء", "وادي", "ولاء", "فكرة", "فريق", "فلان", "فقير", "فراغ", "فرقة", "فراق",
        "فتاة", "فراش", "فطرة", "فلاح", "فوائد", "فارس",
    ]

    /// Words whose first letter looks like a proclitic before a stop word but that are content
    /// words as often: "فهم" (understanding), "بان" (became clear), "لهو" (play), "بقل" (herbs).
    static let stopExceptions: Set<String> = ["فهم", "بان", "لهو", "بقل"]

    /// Harakat, the superscript alif and the tatweel: written on or between letters, not letters.
    static func isMark(_ s: Unicode.Scalar) -> Bool {
        (0x064B...0x065F).contains(s.value) || s.value == 0x0670 || s.value == 0x0640
    }

    /// `word` without its first letter when that letter is in `letters`, with the marks written on it.
    private static func dropping(_ letters: Set<Unicode.Scalar>, from word: Substring.UnicodeScalarView) -> Substring
        .UnicodeScalarView?
    {
        guard let first = word.first, letters.contains(first) else { return nil }
        var rest = word.dropFirst()
        while let s = rest.first, isMark(s) { rest = rest.dropFirst() }
        return rest
    }

    private static func letterCount(_ s: Substring.UnicodeScalarView) -> Int { s.reduce(0) { isMark($1) ? $0 : $0 + 1 } }

    /// The case-folded word without a leading و or ف, when at least three letters are left and the
    /// word is not one of the `exceptions`; nil otherwise.
    static func withoutConjunction(_ word: String) -> String? {
        guard let first = word.unicodeScalars.first, conjunctions.contains(first), !exceptions.contains(word),
            let rest = dropping(conjunctions, from: Substring(word).unicodeScalars), letterCount(rest) >= 3
        else { return nil }
        return String(String.UnicodeScalarView(rest))
    }

    /// The words a stop word may hide behind proclitics in `word`, each of at least two letters: it
    /// without و/ف, without ب/ك/ل, and without both, in that order; empty when `word` starts with no
    /// proclitic or is one of the `stopExceptions`.
    static func stopWordCandidates(_ word: String) -> [String] {
        guard let first = word.unicodeScalars.first, conjunctions.contains(first) || prepositions.contains(first),
            !stopExceptions.contains(word)
        else { return [] }
        var found: [String] = []
        let whole = Substring(word).unicodeScalars
        let afterConjunction = dropping(conjunctions, from: whole)
        if let c = afterConjunction { add(c, to: &found) }
        for start in [whole, afterConjunction].compactMap({ $0 }) {
            guard let p = start.first, let rest = dropping(prepositions, from: start) else { continue }
            add(rest, to: &found)
            // ل before the article drops its alif: "للذي" is ل + "الذي".
            if p == "\u{0644}", rest.first == "\u{0644}" { found.append("\u{0627}" + String(String.UnicodeScalarView(rest))) }
        }
        return found
    }

    private static func add(_ s: Substring.UnicodeScalarView, to found: inout [String]) {
        if letterCount(s) >= 2 { found.append(String(String.UnicodeScalarView(s))) }
    }
}
