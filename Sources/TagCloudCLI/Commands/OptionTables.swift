extension TagCloudTool {
    /// The commands whose option tables `options(of:)` knows, in help order.
    public static let configurableCommands = ["flow", "cloud", "count"]

    /// The option table of a command (for `config --print`, fuzzing and documentation), or nil.
    public static func options(of command: String) -> [OptionSpec]? {
        switch command {
        case "flow": return FlowCommand.specs
        case "cloud": return CloudCommand.specs
        case "count": return CountCommand.specs
        default: return nil
        }
    }

    /// The value each option of `command` takes when the command line `args` does not give it, by
    /// option name; an option missing from the result has no value then (off, automatic, or not in
    /// effect). Nil for an unknown command.
    static func defaults(of command: String, for args: ParsedArguments) -> [String: String]? {
        switch command {
        case "flow": return FlowCommand.defaults(for: args)
        case "cloud": return CloudCommand.defaults(for: args)
        case "count": return CountCommand.defaults(for: args)
        default: return nil
        }
    }
}

/// The fixed defaults of an option table (`OptionSpec.defaultValue`), by option name.
func tableDefaults(_ specs: [OptionSpec]) -> [String: String] {
    var d: [String: String] = [:]
    for spec in specs { if let v = spec.defaultValue { d[spec.name] = v } }
    return d
}
