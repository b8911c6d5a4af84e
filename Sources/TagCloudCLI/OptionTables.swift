extension TagCloudTool {
    /// The option table of a command (for `config --print`, fuzzing and documentation), or nil.
    public static func options(of command: String) -> [OptionSpec]? {
        switch command {
        case "flow": return FlowCommand.specs
        case "cloud": return CloudCommand.specs
        default: return nil
        }
    }
}
