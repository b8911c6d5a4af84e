import Foundation
import TagCloudExport

/// A request body of the service, turned into the command line the CLI would run: the JSON that
/// `--config` reads (option names as keys) plus `"command"` and `"tags"`; files the request carries
/// (tags as term objects, a mask or colour image as a base64 `data:` URL, a text) are written to the
/// request's own scratch folder and named by the command line, so the CLI's own parser and checks
/// read them. No file path is ever taken from the request.
struct ServiceBody {
    /// `flow`, `cloud` or `count`.
    let command: String
    /// The arguments after the command's name.
    let arguments: [String]

    /// The largest body the service reads, in bytes, as for a configuration file.
    static let maximumBytes = ConfigFile.maximumBytes

    /// Options whose value is a path on the server's disk: never taken from a request.
    static let pathOptions: Set<String> = [
        "input", "text", "stopwords", "add-stopwords", "output", "format", "config", "previous",
    ]
    /// Options that carry an image, taken as a `data:` URL.
    static let imageOptions = ["mask", "color-image"]

    /// Reads `body` for `command` (nil: the body's `"command"`, which must be `flow` or `cloud`);
    /// `output` is the file name (in `scratch`) the drawing would be written to.
    init(_ body: Data, command given: String?, scratch: URL, output: String?) throws {
        let fields: [String: ConfigFile.Value]
        let any: [String: Any]
        do {
            fields = try JSONDecoder().decode(OptionFields.self, from: body).values
            any = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        } catch {
            throw ServiceError(
                status: 400, "the request body is not a JSON object of option names: send one such as {\"width\": 800}")
        }
        if let given {
            command = given
        } else {
            guard case .string(let name)? = fields["command"], ["flow", "cloud"].contains(name) else {
                throw ServiceError(status: 400, "\"command\" must be \"flow\" or \"cloud\"")
            }
            command = name
        }
        var config: [String: ConfigFile.Value] = [:]
        var args: [String] = []
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if ["command", "tags", "quiet", "verbose"].contains(key) || (key == "text" && given != nil) { continue }
            if case .null = value { continue }
            if case .other = value {
                throw ServiceError(status: 400, "\"\(key)\" needs a string, a number, a boolean or a list", option: "--" + key)
            }
            if Self.pathOptions.contains(key) {
                throw ServiceError(
                    status: 400,
                    "\"\(key)\" names a file on the server, which a request cannot: "
                        + "send tags in \"tags\" and images as data: URLs", option: "--" + key)
            }
            if Self.imageOptions.contains(key) {
                guard case .string(let url) = value else {
                    throw ServiceError(status: 400, "\"\(key)\" must be a data: URL of a PNG image", option: "--" + key)
                }
                args += ["--" + key, try Self.write(dataURL: url, option: key, to: scratch.appendingPathComponent(key))]
                continue
            }
            config[key] = value
        }
        let configPath = scratch.appendingPathComponent("request")
        try Self.writeScratch(Data(Self.encode(config).utf8), to: configPath)
        args = ["--config", configPath.path] + args
        if let output { args += ["--output", scratch.appendingPathComponent(output).path] }
        args.append("--quiet")
        if given == "count" {
            guard let text = any["text"] as? String else {
                throw ServiceError(status: 400, "\"text\" must be a string: the text to count", option: "--text")
            }
            let path = scratch.appendingPathComponent("text")
            try Self.writeScratch(Data(text.utf8), to: path)
            args += ["--text", path.path]
        } else {
            args += try Self.tags(any["tags"], scratch: scratch)
        }
        arguments = args
    }

    /// The tags as arguments: strings after `--`, as `"tags"` in a configuration file gives them;
    /// term objects as a JSON tag list in the scratch folder, read with `--input`.
    private static func tags(_ value: Any?, scratch: URL) throws -> [String] {
        guard let list = value as? [Any], !list.isEmpty else {
            if value == nil || (value as? [Any])?.isEmpty == true {
                throw ServiceError(status: 422, "no tags: send \"tags\": [\"swift\", \"linux\"] or term objects")
            }
            throw ServiceError(status: 400, "\"tags\" must be an array of strings or term objects")
        }
        if let strings = list as? [String], list.allSatisfy({ $0 is String }) {
            // "-" is standard input to the CLI: as a tag list it is read as a word instead.
            if !strings.contains("-") { return ["--"] + strings }
        }
        let terms = list.map { item -> Any in (item as? String).map { ["text": $0] } ?? item }
        guard terms.allSatisfy({ $0 is [String: Any] }) else {
            throw ServiceError(status: 400, "\"tags\" must be an array of strings or term objects")
        }
        guard let list = JSONValueText.data(terms) else {
            throw ServiceError(status: 400, "\"tags\" holds a number that is not finite: give weights and pins as plain numbers")
        }
        let path = scratch.appendingPathComponent("tags.json")
        try writeScratch(list, to: path)
        return ["--input", path.path]
    }

    /// Decodes a base64 `data:` URL into `path`.
    private static func write(dataURL: String, option: String, to path: URL) throws -> String {
        guard dataURL.hasPrefix("data:"), let comma = dataURL.firstIndex(of: ","),
            dataURL[..<comma].hasSuffix(";base64"),
            let bytes = Data(base64Encoded: String(dataURL[dataURL.index(after: comma)...]))
        else {
            throw ServiceError(
                status: 400, "\"\(option)\" must be a base64 data: URL (data:image/png;base64,...)", option: "--" + option)
        }
        try writeScratch(bytes, to: path)
        return path.path
    }

    /// The body's fields as option values, but `"tags"`: its term objects are read once, by the tag
    /// list reader, rather than tried here as every kind of option value in turn.
    private struct OptionFields: Decodable {
        var values: [String: ConfigFile.Value] = [:]

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Name.self)
            for name in fields.allKeys where name.stringValue != "tags" {
                values[name.stringValue] = try fields.decode(ConfigFile.Value.self, forKey: name)
            }
        }

        struct Name: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    /// Writes a file of the request's scratch folder: a new file (never one that exists), readable
    /// by this user only, and not synced to disk as `Data.write` syncs it: the file lives only as long
    /// as the request, which would otherwise wait for a disk flush per file.
    static func writeScratch(_ data: Data, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw scratchFailure(String(cString: strerror(errno))) }
        let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do { try file.write(contentsOf: data) } catch { throw scratchFailure("\(error)") }
    }

    private static func scratchFailure(_ reason: String) -> ServiceError {
        ServiceError(status: 503, "cannot write the request's files in the server's temporary folder: \(reason)")
    }

    /// The options as the JSON `--config` reads.
    static func encode(_ config: [String: ConfigFile.Value]) -> String {
        func value(_ v: ConfigFile.Value) -> String {
            switch v {
            case .null, .other: return "null"
            case .bool(let b): return b ? "true" : "false"
            case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
            case .string(let s): return JSONString.quoted(s)
            case .list(let l): return "[" + l.map(value).joined(separator: ", ") + "]"
            }
        }
        let fields = config.sorted { $0.key < $1.key }.map { "\(JSONString.quoted($0.key)): \(value($0.value))" }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
