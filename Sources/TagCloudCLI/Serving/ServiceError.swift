import TagCloudExport

/// Why a service call (`ToolService`) could not answer: an HTTP status, the message in the CLI's
/// words and, when one option is to blame, its flag (`--width`).
public struct ServiceError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status that fits: 400 for a request that is wrong, 422 for a valid one that cannot
    /// be laid out or drawn.
    public let status: Int
    /// One line naming the bad input and the fix.
    public let message: String
    /// The option the message is about, as a flag (`--width`), when known.
    public let option: String?

    /// An error with `status`; the option is read from the message when not given.
    public init(status: Int, _ message: String, option: String? = nil) {
        self.status = status
        self.message = message
        self.option = option ?? Self.firstFlag(in: message)
    }

    /// The message.
    public var description: String { message }

    /// `{"error": "...", "option": "--width"}` (without `option` when none is known).
    public var json: String {
        var s = "{\"error\": \(JSONString.quoted(message))"
        if let option { s += ", \"option\": \(JSONString.quoted(option))" }
        return s + "}"
    }

    /// A CLI error met while reading the request (400) or while doing its work (422), with the
    /// request's scratch folder left out of the message.
    static func from(_ error: CLIError, status: Int, scratch: String) -> ServiceError {
        let message = error.description.replacingOccurrences(of: scratch + "/", with: "")
        return ServiceError(status: status, message)
    }

    /// The first `--name` in a message, the flag CLI errors name first.
    static func firstFlag(in message: String) -> String? {
        guard let range = message.range(of: "--") else { return nil }
        let name = message[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        return name.isEmpty ? nil : "--" + name
    }
}
