/// One command-line option, as a row of the table `CommandLineParser` and `helpText` work from.
public struct RecipeKey: Sendable {
    /// The long name without dashes, e.g. `width` for `--width`. Also the key in `Recipe`.
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
    public init(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String,
        repeatable: Bool = false, group: String = "Options", defaultValue: String? = nil
    ) {
        self.name = name; self.short = short; self.valueName = valueName; self.help = help
        self.repeatable = repeatable; self.group = group; self.defaultValue = defaultValue
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }
}

/// The fixed defaults of an option table (`RecipeKey.defaultValue`), by option name.
func tableDefaults(_ specs: [RecipeKey]) -> [String: String] {
    var d: [String: String] = [:]
    for spec in specs { if let v = spec.defaultValue { d[spec.name] = v } }
    return d
}
