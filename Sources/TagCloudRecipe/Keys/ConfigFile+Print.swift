import TagCloud

extension ConfigFile {
    /// The effective configuration of a command as the JSON `--config` reads, every option in
    /// table order: the value given (file or command line), else its default from `defaults`
    /// (by default the table's own), else `null` (`false` for a flag, `[]` for a repeatable option).
    /// `command`, when given, is written first as `"command"`, so the file says what it draws
    /// (`Recipe(contentsOf:)` reads it; the command line checks it).
    package static func effective(
        _ parsed: Recipe, options: [RecipeKey], defaults: [String: String]? = nil,
        skip: Set<String>, command: String? = nil
    ) -> String {
        let defaults = defaults ?? tableDefaults(options)
        let json = JSONString.quoted
        var fields: [(String, String)] = command.map { [("command", json($0))] } ?? []
        // A number only when reading it back gives the same text: a seed above 2^53, or 1.50,
        // would come back as another value.
        func scalar(_ s: String) -> String {
            if let d = Double(s), d.isFinite, NumberText.plain(d) == s { return s }
            return json(s)
        }
        for spec in options where !skip.contains(spec.name) {
            if spec.valueName == nil {
                fields.append((spec.name, parsed.flags.contains(spec.name) ? "true" : "false"))
                continue
            }
            var values = parsed.strings(spec.name)
            if values.isEmpty, let d = defaults[spec.name] { values = [d] }
            if spec.repeatable {
                fields.append((spec.name, "[" + values.map(scalar).joined(separator: ", ") + "]"))
            } else {
                fields.append((spec.name, values.last.map(scalar) ?? "null"))
            }
        }
        if !parsed.positionals.isEmpty {
            fields.append(("tags", "[" + parsed.positionals.map(json).joined(separator: ", ") + "]"))
        }
        return "{\n" + fields.map { "  \(json($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}
