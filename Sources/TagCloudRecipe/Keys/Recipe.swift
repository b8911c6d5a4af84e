import TagCloud

/// A recipe: what a command is asked to do, by key — the command line's flags (`--max-words`), a
/// `--config` file's and a request body's keys (`"max-words"`) — with typed accessors that turn bad
/// values into usage errors naming the key. A command (`RecipeCommand.resolve`) turns it into one
/// typed request before any work; `Recipe.render` and `Recipe.write` do the whole of it.
public struct Recipe: Sendable, Equatable {
    /// The values given to each value option, keyed by long name, in command-line order.
    public var values: [String: [String]]
    /// The long names of the boolean flags that were given.
    public var flags: Set<String>
    /// Arguments that are not options (file names, `-` for stdin, everything after `--`).
    public var positionals: [String]
    /// Tags a configuration file gave as term objects (`{"text": …, "weight": …}`), read as a JSON
    /// tag list is; they stand where tags given as arguments would.
    public var configTerms: [Term] = []
    /// Images the recipe carries itself, by key (`mask`, `color-image`): a request's `data:` URLs,
    /// decoded. Each stands where the key's file would, and is named by its key in messages.
    public var images: [String: [UInt8]] = [:]
    /// Texts the recipe carries itself (a request's `"text"`), counted as `text` files are.
    public var texts: [String] = []
    /// The command the recipe is for (`cloud`, `flow`), when it names one.
    public var command: String?

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
    public func double(_ name: String, range: ClosedRange<Double>? = nil) throws(RecipeError) -> Double? {
        guard let text = string(name) else { return nil }
        let expected =
            range.map {
                "a number between \(NumberText.plain($0.lowerBound)) and \(NumberText.plain($0.upperBound))"
            } ?? "a number"
        // Double("nan") and Double("inf") succeed, but no option means either.
        guard let value = Double(text), value.isFinite, range?.contains(value) ?? true else {
            throw invalid(text, name, expected)
        }
        return value
    }

    /// The option's value as a whole number, checked against `range`; nil when not given.
    public func int(_ name: String, range: ClosedRange<Int>? = nil) throws(RecipeError) -> Int? {
        guard let text = string(name) else { return nil }
        let expected =
            range.map { "a whole number between \($0.lowerBound) and \($0.upperBound)" }
            ?? "a whole number"
        guard let value = Int(text), range?.contains(value) ?? true else { throw invalid(text, name, expected) }
        return value
    }

    /// The option's value as an unsigned 64-bit number (seeds); nil when not given.
    public func uint64(_ name: String) throws(RecipeError) -> UInt64? {
        guard let text = string(name) else { return nil }
        guard let value = UInt64(text) else {
            throw invalid(text, name, "a whole number between 0 and \(UInt64.max)")
        }
        return value
    }

    /// An enumeration-valued option (case-insensitive), with the allowed values in the error; nil
    /// when not given.
    package func choice<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type) throws(RecipeError) -> E?
    where E.RawValue == String {
        guard let raw = string(name) else { return nil }
        return try Self.choice(raw, for: name, type)
    }

    /// `raw`, the value given to option `name`, as one of an enumeration's cases (case-insensitive).
    static func choice<E: RawRepresentable & CaseIterable>(
        _ raw: String, for name: String, _: E.Type
    ) throws(RecipeError) -> E where E.RawValue == String {
        if let v = E(rawValue: raw.lowercased()) { return v }
        let allowed = E.allCases.map { $0.rawValue }.joined(separator: ", ")
        throw RecipeError.usage("invalid value \"\(raw)\" for --\(name): expected one of \(allowed)", key: name)
    }

    private func invalid(_ text: String, _ name: String, _ expected: String) -> RecipeError {
        .usage("invalid value \"\(text)\" for --\(name): expected \(expected)", key: name)
    }
}
