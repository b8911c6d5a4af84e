import TagCloud

/// One command-line option, as a row of the table `CommandLineParser` and `helpText` work from.
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `width` for `--width`. Also the key in `ParsedArguments`.
    public var name: String
    /// The one-letter form, e.g. `w` for `-w`.
    public var short: Character?
    /// The placeholder shown in help for the option's value (`WIDTH`); nil makes it a boolean flag.
    public var valueName: String?
    /// One or two sentences for the help page.
    public var help: String
    /// Whether the option may be given more than once (each value is kept, in order).
    public var repeatable: Bool
    /// The help-page section the option is listed under.
    public var group: String
    /// The value used when the option is not given, as `config --print` reports it (nil: none).
    public var defaultValue: String?

    /// Creates an option; omit `valueName` for a boolean flag.
    public init(_ name: String, short: Character? = nil, valueName: String? = nil, help: String,
                repeatable: Bool = false, group: String = "Options", defaultValue: String? = nil) {
        self.name = name; self.short = short; self.valueName = valueName; self.help = help
        self.repeatable = repeatable; self.group = group; self.defaultValue = defaultValue
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }
}

/// What `CommandLineParser.parse` found, with typed accessors that turn bad values into usage errors.
public struct ParsedArguments: Sendable, Equatable {
    /// The values given to each value option, keyed by long name, in command-line order.
    public var values: [String: [String]]
    /// The long names of the boolean flags that were given.
    public var flags: Set<String>
    /// Arguments that are not options (file names, `-` for stdin, everything after `--`).
    public var positionals: [String]

    /// Creates parsed arguments directly (useful in tests and for defaults).
    public init(values: [String: [String]] = [:], flags: Set<String> = [], positionals: [String] = []) {
        self.values = values; self.flags = flags; self.positionals = positionals
    }

    /// The value of an option, or nil when it was not given. For a repeatable option, the last one.
    public func string(_ name: String) -> String? { values[name]?.last }

    /// Every value given to an option, in order; empty when it was not given.
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a boolean flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The option's value as a finite number, checked against `range`; nil when not given.
    public func double(_ name: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = string(name) else { return nil }
        let expected = range.map { "a number between \(plain($0.lowerBound)) and \(plain($0.upperBound))" }
            ?? "a number"
        // Double("nan") and Double("inf") succeed, but no option means either.
        guard let value = Double(text), value.isFinite, range?.contains(value) ?? true else {
            throw invalid(text, name, expected)
        }
        return value
    }

    /// The option's value as a whole number, checked against `range`; nil when not given.
    public func int(_ name: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = string(name) else { return nil }
        let expected = range.map { "a whole number between \($0.lowerBound) and \($0.upperBound)" }
            ?? "a whole number"
        guard let value = Int(text), range?.contains(value) ?? true else { throw invalid(text, name, expected) }
        return value
    }

    /// The option's value as an unsigned 64-bit number (seeds); nil when not given.
    public func uint64(_ name: String) throws -> UInt64? {
        guard let text = string(name) else { return nil }
        guard let value = UInt64(text) else {
            throw invalid(text, name, "a whole number between 0 and \(UInt64.max)")
        }
        return value
    }

    private func invalid(_ text: String, _ name: String, _ expected: String) -> CLIError {
        .usage("invalid value \"\(text)\" for --\(name): expected \(expected)")
    }
}

/// A table-driven parser for GNU-style command lines.
///
/// Accepts `--name value`, `--name=value`, `-x value`, boolean `--flag`, `--` to end options and a
/// lone `-` as a positional (stdin/stdout by convention). A value option takes the next argument
/// unless it looks like another option; negative numbers never do, so `--angle -45` works. Other
/// values that start with `-` must be attached: `--text=-x`.
public struct CommandLineParser: Sendable {
    /// The options understood, in help order.
    public let options: [OptionSpec]
    private let byName: [String: OptionSpec]
    private let byShort: [Character: OptionSpec]

    /// Creates a parser. Duplicate long or short names are a programming error and trap. Every parser
    /// also understands `--config FILE` (options from a JSON file, under the command line's).
    public init(options: [OptionSpec]) {
        let options = options.contains { $0.name == ConfigFile.spec.name } ? options : options + [ConfigFile.spec]
        self.options = options
        var byName: [String: OptionSpec] = [:], byShort: [Character: OptionSpec] = [:]
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

    /// Parses arguments (without the program name); throws `CLIError.usage` with a one-line reason.
    public func parse(_ args: [String]) throws -> ParsedArguments {
        var result = ParsedArguments()
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

            // Split into the spec, how the user spelled it (for messages) and any attached value.
            let spec: OptionSpec, spelled: String
            var attached: String?
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name = body.firstIndex(of: "=").map { String(body[..<$0]) } ?? String(body)
                if let eq = body.firstIndex(of: "=") { attached = String(body[body.index(after: eq)...]) }
                guard let found = byName[name] else { throw unknown("--" + name, name) }
                spec = found; spelled = "--" + name
            } else {
                let body = arg.dropFirst()
                // `-xvalue` and bundled `-abc` are not supported; a long name typed with one dash
                // is the likelier mistake, so suggest against long names.
                guard body.count == 1, let found = byShort[body.first!] else { throw unknown(arg, String(body)) }
                spec = found; spelled = arg
            }

            if result.values[spec.name] != nil || result.flags.contains(spec.name), !spec.repeatable {
                throw CLIError.usage("option --\(spec.name) given twice")
            }
            guard let valueName = spec.valueName else {
                if attached != nil { throw CLIError.usage("option \(spelled) takes no value") }
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
                throw CLIError.usage(message)
            }
            result.values[spec.name, default: []].append(value)
        }
        if let path = result.string(ConfigFile.spec.name) {
            result = try ConfigFile.load(path: path, under: result, options: options)
        }
        for (name, values) in result.values where values.count > Self.maximumRepeats {
            throw CLIError.usage("--\(name) is given \(values.count) times, more than \(Self.maximumRepeats): give fewer")
        }
        return result
    }

    /// The spec of an option, by long name.
    public func spec(named name: String) -> OptionSpec? { byName[name] }

    /// Whether an argument is an option rather than a value: `-` (stdin), negative numbers and
    /// anything else a dash and a digit begin (`-45..45`, `-90,0`: no option name starts with a digit)
    /// are values.
    private static func looksLikeOption(_ arg: String) -> Bool {
        guard arg.hasPrefix("-"), arg != "-", Double(arg) == nil else { return false }
        let second = arg.dropFirst().first
        return !(second.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false)
    }

    private func unknown(_ spelled: String, _ name: String) -> CLIError {
        var message = "unknown option \(spelled)"
        if let best = closestMatch(to: name, among: options.map(\.name)) {
            message += ": did you mean --\(best)?"
        } else if byName["help"] != nil {
            message += " (see --help)"
        }
        return .usage(message)
    }
}

/// Formats a help page: summary, usage lines, options grouped by `OptionSpec.group` in first-seen
/// order with aligned columns, then examples. Prose wraps at 100 columns; usage and example lines
/// are commands, so they are never broken.
///
/// - Parameters:
///   - command: the command as typed, e.g. `tagcloud render`.
///   - usage: argument patterns that follow the command, one per line, e.g. `[options] FILE`.
///   - examples: complete command lines.
public func helpText(command: String, summary: String, usage: [String], options: [OptionSpec],
                     examples: [String]) -> String {
    let width = 100, indent = "  "
    var lines = wrap(summary, width: width)

    if !usage.isEmpty {
        lines += ["", "Usage:"] + usage.map { indent + command + ($0.isEmpty ? "" : " " + $0) }
    }

    func label(_ spec: OptionSpec) -> String {
        // Flags without a short form are indented as if they had one so long names line up.
        let short = spec.short.map { "-\($0), " } ?? "    "
        return indent + short + "--" + spec.name + (spec.valueName.map { " " + $0 } ?? "")
    }
    // Cap the label column so one long option does not squeeze every help text to the right.
    let column = min(options.map { label($0).count }.max() ?? 0, 34) + 2
    var groups: [String] = []
    for spec in options where !groups.contains(spec.group) { groups.append(spec.group) }
    for group in groups {
        lines += ["", group + ":"]
        for spec in options where spec.group == group {
            let left = label(spec)
            // The default comes from the library's own options, so help cannot drift from the code;
            // help that explains its default in words says it itself.
            var help = spec.help
            if let value = spec.defaultValue, !help.lowercased().contains("default") { help += " Default: \(value)." }
            if spec.repeatable && !help.contains("Repeatable") { help += " (repeatable)" }
            var body = wrap(help, width: width - column)
            if left.count + 2 > column {
                lines.append(left)
            } else {
                let first = body.isEmpty ? "" : body.removeFirst()
                lines.append(left.padding(to: column) + first)
            }
            lines += body.map { String(repeating: " ", count: column) + $0 }
        }
    }

    if !examples.isEmpty {
        lines += ["", "Examples:"] + examples.map { indent + $0 }
    }
    return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
}

/// Greedy word wrap; explicit newlines start new paragraphs, over-long words get a line of their own.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        for word in paragraph.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
    }
    return lines
}

/// A number as people write it: `32768`, not `32768.0`.
func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}

private extension String {
    func padding(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }

    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
