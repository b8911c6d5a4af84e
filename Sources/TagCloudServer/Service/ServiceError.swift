import TagCloud
import TagCloudExport
import TagCloudRecipe

/// Why a service call (`ToolService`) could not answer: an HTTP status, the message and, when one
/// key of the request is to blame, that key (`width`), as the request spells it.
public struct ServiceError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status that fits: 400 for a request that is wrong, 422 for a valid one that cannot
    /// be laid out or drawn.
    public let status: Int
    /// One line naming the bad input and the fix.
    public let message: String
    /// The request key the message is about (`width`), when one is.
    public let key: String?

    /// An error with `status`, about `key` when given.
    public init(status: Int, _ message: String, key: String? = nil) {
        self.status = status
        self.message = message
        self.key = key
    }

    /// A recipe's error met while reading the request (400) or while doing its work (422), its
    /// key spelled as a request spells it (`"width"`, where the command line says `--width`).
    init(_ error: RecipeError, status: Int) {
        var message = error.message
        if let key = error.key { message = Self.respelling(message, key: key) }
        self.init(status: status, message, key: error.key)
    }

    /// The message.
    public var description: String { message }

    /// `{"error": "...", "key": "width"}` (without `key` when none is known).
    public var json: String {
        var s = "{\"error\": \(JSONString.quoted(message))"
        if let key { s += ", \"key\": \(JSONString.quoted(key))" }
        return s + "}"
    }

    /// `message` with the flag `--key` written as the JSON key `"key"`.
    static func respelling(_ message: String, key: String) -> String {
        let flag = "--" + key
        var out = ""
        var rest = Substring(message)
        while let range = rest.range(of: flag) {
            let next = rest[range.upperBound...].first
            out += rest[..<range.lowerBound]
            // `--max-size` is not `--max-size-step`: only the whole flag is respelled.
            if let next, next.isLetter || next.isNumber || next == "-" {
                out += flag
            } else {
                out += "\"\(key)\""
            }
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
