import Foundation

/// The options a partial count was made with, as its header records them: every option of
/// `TextOptions` that changes the counts or the final table, named after the command-line flag
/// that sets it. Partial counts merge only when these agree (with each other and with the merge),
/// so a partial made with other options is an error, never a silently different table.
///
/// `TextOptions.segmentsConcurrently` (the counts are the same either way) and
/// `TextOptions.cooccurrenceWindow` (not part of a table) are not recorded.
public struct PartialCountSettings: Codable, Equatable, Sendable {
    /// The version of the line format (docs/counting-at-scale.md) this code writes and reads.
    public static let formatVersion = 3

    /// The program and version that made the partial count, e.g. `tagcloud 0.1.0`: counting rules
    /// may change between versions, so partials from different ones do not merge.
    public var producer: String
    var keepApostrophes: Bool
    var keepHyphens: Bool
    var numbers: Bool
    var minLength: Int
    var minIdeographicLength: Int
    var wordPattern: String?
    /// A language code, or nil to detect the language at the merge.
    var language: String?
    /// `language` (the language's list), `none` or `custom` (the words in `stopwordList`).
    var stopwords: String
    var stopwordList: [String]
    var addStopwords: [String]
    /// `auto` (English only), `merge` or `keep`.
    var plurals: String
    var collocations: Bool
    var collocationThreshold: Double
    var phrases: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case producer = "tagcloud"
        case keepApostrophes = "keep-apostrophes"
        case keepHyphens = "keep-hyphens"
        case numbers
        case minLength = "min-length"
        case minIdeographicLength = "min-ideographic-length"
        case wordPattern = "word-pattern"
        case language
        case stopwords
        case stopwordList = "stopword-list"
        case addStopwords = "add-stopwords"
        case plurals
        case collocations
        case collocationThreshold = "collocation-threshold"
        case phrases = "phrase"
    }

    /// The settings of `options`, made by `producer`.
    public init(_ options: TextOptions, producer: String) {
        self.producer = producer
        keepApostrophes = options.keepApostrophes
        keepHyphens = options.keepHyphens
        numbers = options.includeNumbers
        minLength = options.minimumLength
        minIdeographicLength = options.minimumIdeographicLength
        wordPattern = options.pattern
        language = options.language?.rawValue
        switch options.stopWords {
        case .language: (stopwords, stopwordList) = ("language", [])
        case .none: (stopwords, stopwordList) = ("none", [])
        case .custom(let words): (stopwords, stopwordList) = ("custom", words.sorted(by: TermOrder.utf8Precedes))
        }
        addStopwords = options.extraStopWords.sorted(by: TermOrder.utf8Precedes)
        plurals = options.mergePlurals.map { $0 ? "merge" : "keep" } ?? "auto"
        collocations = options.collocations
        collocationThreshold = options.collocationThreshold
        phrases = options.phrases
    }

    /// The settings as the header's JSON object: keys sorted, one line.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and lists of strings cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The settings a header's JSON object gives, nil when it is not one.
    init?(json: [UInt8]) {
        guard let decoded = try? JSONDecoder().decode(Self.self, from: Data(json)) else { return nil }
        self = decoded
    }

    /// The first setting that differs from `other`'s, as `name: this value, other value` parts for a
    /// message; nil when they agree.
    func firstDifference(from other: Self) -> (name: String, mine: String, theirs: String)? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func values(_ s: Self) -> [String: String] {
            guard let data = try? encoder.encode(s),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return [:] }
            var out: [String: String] = [:]
            for (key, value) in object {
                let text = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]))
                out[key] = text.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
            }
            return out
        }
        guard self != other else { return nil }
        let mine = values(self), theirs = values(other)
        for key in CodingKeys.allCases.map(\.rawValue) where mine[key] != theirs[key] {
            return (key, mine[key] ?? "none", theirs[key] ?? "none")
        }
        return ("settings", json(), other.json())
    }
}
