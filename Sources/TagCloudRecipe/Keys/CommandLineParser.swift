import TagCloud

/// A table-driven parser for GNU-style command lines.
///
/// Accepts `--name value`, `--name=value`, `-x value`, boolean `--flag`, `--` to end options and a
/// lone `-` as a positional (stdin/stdout by convention). A value option takes the next argument
/// unless it looks like another option; negative numbers never do, so `--angle -45` works. Other
/// values that start with `-` must be attached: `--text=-x`.
public struct CommandLineParser: Sendable {
    /// The options understood, in help order.
    public let options: [RecipeKey]
    /// The command parsed for (`flow`, `cloud`…), which a configuration file's `"command"` must name.
    public let command: String?
    private let byName: [String: RecipeKey]
    private let byShort: [Character: RecipeKey]

    /// Creates a parser. Duplicate long or short names are a programming error and trap. Every parser
    /// also understands `--config FILE` (options from a JSON file, under the command line's).
    public init(options: [RecipeKey], command: String? = nil) {
        self.command = command
        let options = options.contains { $0.name == ConfigFile.spec.name } ? options : options + [ConfigFile.spec]
        self.options = options
        var byName: [String: RecipeKey] = [:], byShort: [Character: RecipeKey] = [:]
        for spec in options {
            precondition(byName.updateValue(spec, forKey: spec.name) == nil, "duplicate option --\(spec.name)")
            if let s = spec.short {
                precondition(byShort.updateValue(spec, forKey: s) == nil, "duplicate option -\(s)")
            }
        }
        self.byName = byName; self.byShort = byShort
    }

    /// Most values one repeatable option may take (fonts, colours, phrases, input files), on the
    /// command line and in a configuration file together: each costs work (a font to resolve, a
    /// phrase to match), and a configuration file could otherwise list millions.
    public static let maximumRepeats = 1000

    /// Parses arguments (without the program name); throws `RecipeError.usage` with a one-line reason.
    /// Options from a `--config` file are merged in under the command line's.
    public func parse(_ args: [String]) throws(RecipeError) -> Recipe {
        var result = Recipe()
        var index = 0
        while index < args.count {
            let arg = args[index]
            index += 1
            if arg == "--" {
                result.positionals += args[index...]
                break
            }
            guard Self.looksLikeOption(arg) else {
                result.positionals.append(arg)
                continue
            }
            let (spec, spelled, attached) = try split(arg)
            if result.values[spec.name] != nil || result.flags.contains(spec.name), !spec.repeatable {
                throw RecipeError.usage("option --\(spec.name) given twice")
            }
            guard let valueName = spec.valueName else {
                if attached != nil { throw RecipeError.usage("option \(spelled) takes no value") }
                result.flags.insert(spec.name)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < args.count, !Self.looksLikeOption(args[index]) {
                value = args[index]
                index += 1
            } else {
                var message = "option \(spelled) needs a value (\(valueName))"
                if index < args.count, args[index] != "--" {
                    message += "; for a value starting with '-', write --\(spec.name)=\(valueName)"
                }
                throw RecipeError.usage(message)
            }
            result.values[spec.name, default: []].append(value)
        }
        if let path = result.string(ConfigFile.spec.name) {
            result = try ConfigFile.load(path: path, under: result, options: options, command: command)
        }
        for (name, values) in result.values where values.count > Self.maximumRepeats {
            throw RecipeError.usage("--\(name) is given \(values.count) times, more than \(Self.maximumRepeats): give fewer")
        }
        return result
    }

    /// The spec of an option, by long name.
    public func spec(named name: String) -> RecipeKey? { byName[name] }

    /// The option an argument names, how the user spelled it (for messages) and any value attached
    /// with `=`.
    private func split(_ arg: String) throws(RecipeError) -> (spec: RecipeKey, spelled: String, attached: String?) {
        if arg.hasPrefix("--") {
            let body = arg.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = equals.map { String(body[..<$0]) } ?? String(body)
            guard let found = byName[name] else { throw unknown("--" + name, name) }
            return (found, "--" + name, equals.map { String(body[body.index(after: $0)...]) })
        }
        let body = arg.dropFirst()
        // `-xvalue` and bundled `-abc` are not supported; a long name typed with one dash
        // is the likelier mistake, so suggest against long names.
        guard body.count == 1, let found = byShort[body.first!] else { throw unknown(arg, String(body)) }
        return (found, arg, nil)
    }

    /// Whether an argument is an option rather than a value: `-` (stdin), negative numbers and
    /// anything else a dash and a digit begin (`-45..45`, `-90,0`: no option name starts with a digit)
    /// are values.
    private static func looksLikeOption(_ arg: String) -> Bool {
        guard arg.hasPrefix("-"), arg != "-", Double(arg) == nil else { return false }
        let second = arg.dropFirst().first
        return !(second.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false)
    }

    private func unknown(_ spelled: String, _ name: String) -> RecipeError {
        var message = "unknown option \(spelled)"
        if let best = closestMatch(to: name, among: options.map { $0.name }) {
            message += ": did you mean --\(best)?"
        } else if byName["help"] != nil {
            message += " (see --help)"
        }
        return .usage(message)
    }
}
