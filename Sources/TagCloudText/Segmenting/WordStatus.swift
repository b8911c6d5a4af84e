/// A word's ICU rule status as the rules of its characters set it, one character at a time: the status
/// of the last rule matched. A letter makes it a letter word, a digit a number ("a1" is a number, "1a"
/// a word), an underscore keeps the kind of the character before it, and two underscores make a word.
struct WordStatus {
    private(set) var status = WordClass.other
    private var previous = WordClass.other

    /// Takes the next word character (or, between two word characters, the mid character joining them).
    @inline(__always) mutating func take(_ k: UInt8) {
        if k == WordClass.underscore {
            if previous == WordClass.digit {
                status = WordClass.digit
            } else if previous != WordClass.other {
                status = WordClass.letter
            }
        } else if WordClass.isWordCharacter(k) {
            status = k
        }
        previous = k
    }

    /// Takes a whole run of letters (the common case: no per-character replay).
    @inline(__always) mutating func takeLetters() {
        status = WordClass.letter
        previous = WordClass.letter
    }
}
