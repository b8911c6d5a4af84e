import TagCloud

/// What a person types or pastes to add words (the editor's "Add a word"), read the way people
/// write lists rather than as a file format:
///
/// - `apple, banana, cherry` (commas or semicolons between words): each a word of weight 1;
/// - `apple 3`, `apple: 3`, `apple<TAB>3`: a word and its weight, a number at the end after a
///   space, colon or tab (`New York 3` is "New York", 3);
/// - several lines: an entry per line (and per comma); a word given again adds up, so one word per
///   line with repeats counts them.
///
/// Words keep the order of their first appearance. Entries with no letters or digits, or whose
/// weight is not a positive finite number, are skipped and counted in `skipped`.
public struct WordEntry: Sendable, Equatable {
    /// The most entries read from one text; the rest are left and counted in `skipped`.
    public static let maximumEntries = 100_000
    /// The longest word kept, in characters; a longer one is cut there.
    public static let maximumWordLength = 200

    /// The words with their summed weights, in the order they first appear.
    public var terms: [Term]
    /// Entries left out: empty, a weight that is not a positive number, or past `maximumEntries`.
    public var skipped: Int

    /// Reads `text`.
    public init(_ text: String) {
        var order: [String] = []
        var weights: [String: Double] = [:]
        var skipped = 0
        var entries = 0
        for line in text.split(whereSeparator: { $0.isNewline }) {
            for piece in line.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "،" || $0 == "、" || $0 == "，" }) {
                guard entries < Self.maximumEntries else {
                    skipped += 1
                    continue
                }
                entries += 1
                guard let (word, weight) = Self.entry(piece) else {
                    if !piece.allSatisfy({ $0.isWhitespace }) { skipped += 1 }
                    continue
                }
                if weights[word] == nil { order.append(word) }
                weights[word, default: 0] += weight
            }
        }
        terms = order.map { Term($0, weight: weights[$0] ?? 1) }
        self.skipped = skipped
    }

    /// One entry: its word and weight, or nil when it holds no word or a weight that is not positive.
    static func entry(_ piece: Substring) -> (String, Double)? {
        var text = Substring(TagListReader.trimmed(piece))
        var weight = 1.0
        if let split = text.lastIndex(where: { $0 == " " || $0 == "\t" || $0 == ":" }) {
            let number = text[text.index(after: split)...]
            if !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }) {
                guard let value = DecimalText.double(number), value.isFinite, value > 0 else { return nil }
                weight = value
                text = Substring(TagListReader.trimmed(text[..<split]))
                while text.last == ":" { text = Substring(TagListReader.trimmed(text.dropLast())) }
            }
        }
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return (String(text.prefix(maximumWordLength)), weight)
    }
}
