import TagCloud
import TagCloudText

/// A JSON object of option names, as a `--config` file or a request body of `tagcloud serve` holds
/// it, read in one pass: each option's value kept as the `JSONValue` it is, and `"tags"` made terms as
/// they are read and counted, so a list past `TagListReader.maximumTags` is refused there rather
/// than after it has filled memory. A key given twice is refused: which one wins would be a guess.
/// Errors are `RecipeError`s; a bad tag's is the tag list reader's message, blaming the key `tags`.
package struct OptionsObject {
    /// The options in the order given, `"tags"` left out.
    package private(set) var fields: [(key: String, value: JSONValue)] = []
    /// The tags of `"tags"`, nil when the object has none (or `null`).
    package private(set) var tags: [Term]?
    /// Whether every element of `"tags"` was a string (they may then stand for tag arguments).
    private(set) var tagsAreStrings = true

    /// The most values (array elements included) one option may hold: far above any real option,
    /// far below what would exhaust memory.
    static let maximumValues = 100_000

    /// Reads `bytes`; `name` names the source in errors ("config FILE", "the request body"), and
    /// `maximumTags` is the most tags `"tags"` may hold.
    package init(_ bytes: [UInt8], name: String, maximumTags: Int = TagListReader.maximumTags) throws(RecipeError) {
        var reader = JSONReader(bytes)
        try Self.step(name) { () throws(JSONError) in try reader.checkSyntax() }
        guard try Self.step(name, { () throws(JSONError) in try reader.peek() }) == .object else {
            throw RecipeError.input("\(name) is not a JSON object of option names: write one such as {\"width\": 800}")
        }
        try Self.step(name) { () throws(JSONError) in try reader.beginObject() }
        var seen: Set<String> = []
        while let key = try Self.step(name, { () throws(JSONError) in try reader.nextKey() }) {
            guard seen.insert(key).inserted else {
                throw RecipeError.input("\(name): \"\(key)\" is given twice: keep one")
            }
            if key == "tags" {
                try readTags(&reader, name: name, limit: maximumTags)
                continue
            }
            let value = try Self.step(name) { () throws(JSONError) in
                try reader.readValue(limit: Self.maximumValues)
            }
            fields.append((key, value))
        }
        try Self.step(name) { () throws(JSONError) in try reader.finish() }
    }

    /// The value of option `key`, nil when not given.
    package func value(_ key: String) -> JSONValue? {
        fields.first { $0.key == key }?.value
    }

    /// Takes option `key` out of the object, returning its value (nil when not given): a face
    /// reads some keys itself (a request's images and text) before the rest become a recipe.
    package mutating func remove(_ key: String) -> JSONValue? {
        guard let i = fields.firstIndex(where: { $0.key == key }) else { return nil }
        return fields.remove(at: i).value
    }

    private mutating func readTags(_ reader: inout JSONReader, name: String, limit: Int) throws(RecipeError) {
        switch try Self.step(name, { () throws(JSONError) in try reader.peek() }) {
        case .null:
            try Self.step(name) { () throws(JSONError) in try reader.readNull() }
        case .array:
            do throws(TextError) {
                let read = try TagListReader.readTags(
                    &reader, name: "\(name) \"tags\"", limit: limit, item: { "tag \($0)" })
                tags = read.terms
                tagsAreStrings = read.allStrings
            } catch {
                throw RecipeError.input(error.description, key: "tags")
            }
        default:
            throw RecipeError.input("\(name): \"tags\" must be an array of strings or of term objects")
        }
    }

    /// Runs a step of the JSON reader, its error a one-line `RecipeError` naming `name`, line and column.
    static func step<T>(_ name: String, _ body: () throws(JSONError) -> T) throws(RecipeError) -> T {
        do { return try body() } catch {
            throw RecipeError.input(
                TextError.invalidJSONAt(name: name, line: error.line, column: error.column, reason: error.reason)
                    .description)
        }
    }
}
