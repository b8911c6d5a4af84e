import Foundation
import TagCloud
import TagCloudExport
import TagCloudText

/// A request body of the service, turned into the command line the CLI would run: the JSON that
/// `--config` reads (option names as keys) plus `"command"` and `"tags"`, read in one pass by
/// `OptionsObject` (its tags counted as they are read); images the request carries (a mask or colour
/// image as a base64 `data:` URL, a text to count) are written to the request's own scratch folder
/// and named by the command line, so the CLI's own parser and checks read them. No file path is
/// ever taken from the request.
struct ServiceBody {
    /// `flow`, `cloud` or `count`.
    let command: String
    /// The arguments after the command's name.
    let arguments: [String]
    /// The body's `"tags"`, read already: the command reads them as a configuration's tags.
    let terms: [Term]

    /// The most tags one request may carry. A flow's answer (its layout and SVG) takes about 400
    /// bytes a tag on top of the layout's own memory: at this limit two requests at once stay well
    /// within the server's memory; larger lists are the command line's work.
    static let maximumTags = 100_000

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
        let object: OptionsObject
        do { object = try OptionsObject([UInt8](body), name: "the request body", maximumTags: Self.maximumTags) } catch let e
            as CLIError
        {
            throw ServiceError(status: 400, e.description)
        } catch let e as TextError {
            // The body is JSON of the right shape, but a tag in it is not one.
            throw ServiceError(status: 422, e.description)
        }
        if let given {
            command = given
        } else {
            guard case .string(let name)? = object.value("command"), ["flow", "cloud"].contains(name) else {
                throw ServiceError(status: 400, "\"command\" must be \"flow\" or \"cloud\"")
            }
            command = name
        }
        var config: [String: JSONValue] = [:]
        var args: [String] = []
        for (key, value) in object.fields.sorted(by: { $0.key < $1.key }) {
            if ["command", "quiet", "verbose"].contains(key) || (key == "text" && given != nil) { continue }
            if let image = try Self.option(key, value, scratch: scratch) {
                args += image
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
            guard case .string(let text)? = object.value("text") else {
                throw ServiceError(status: 400, "\"text\" must be a string: the text to count", option: "--text")
            }
            let path = scratch.appendingPathComponent("text")
            try Self.writeScratch(Data(text.utf8), to: path)
            args += ["--text", path.path]
            terms = []
        } else {
            guard let tags = object.tags, !tags.isEmpty else {
                throw ServiceError(status: 422, "no tags: send \"tags\": [\"swift\", \"linux\"] or term objects")
            }
            terms = tags
        }
        arguments = args
    }

    /// The command line parsed with `options`, the body's tags as a configuration's tags.
    func parsed(_ options: [OptionSpec]) throws -> ParsedArguments {
        var parsed = try CommandLineParser(options: options).parse(arguments)
        parsed.configTerms = terms
        return parsed
    }

    /// Checks option `key` of a request: a path on the server is refused; an image, given as a
    /// `data:` URL, is written to the scratch folder and its arguments returned; nil for the rest.
    private static func option(_ key: String, _ value: JSONValue, scratch: URL) throws -> [String]? {
        if case .null = value { return nil }
        if case .object = value {
            throw ServiceError(status: 400, "\"\(key)\" needs a string, a number, a boolean or a list", option: "--" + key)
        }
        if pathOptions.contains(key) {
            throw ServiceError(
                status: 400,
                "\"\(key)\" names a file on the server, which a request cannot: "
                    + "send tags in \"tags\" and images as data: URLs", option: "--" + key)
        }
        guard imageOptions.contains(key) else { return nil }
        guard case .string(let url) = value else {
            throw ServiceError(status: 400, "\"\(key)\" must be a data: URL of a PNG image", option: "--" + key)
        }
        return ["--" + key, try write(dataURL: url, option: key, to: scratch.appendingPathComponent(key))]
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
    static func encode(_ config: [String: JSONValue]) -> String {
        func value(_ v: JSONValue) -> String {
            switch v {
            case .null, .object: return "null"
            case .bool(let b): return b ? "true" : "false"
            case .number(let n): return DecimalText.plain(n.value)
            case .string(let s): return JSONString.quoted(s)
            case .array(let l): return "[" + l.map(value).joined(separator: ", ") + "]"
            }
        }
        let fields = config.sorted { $0.key < $1.key }.map { "\(JSONString.quoted($0.key)): \(value($0.value))" }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
