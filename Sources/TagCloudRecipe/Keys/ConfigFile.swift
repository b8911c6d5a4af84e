import TagCloud

/// Options from a JSON file: an object whose keys are option names (as the flags, without dashes)
/// and whose values are strings, numbers, booleans (flags) or arrays (repeatable options), plus
/// `"tags": [...]` for tags given as arguments. `null` (or `[]`, or `false` for a flag) leaves an
/// option unset, as `config --print` writes options that have no value. The command line wins.
///
///     {"width": 800, "height": 600, "font": ["DejaVu Sans", "DejaVu Serif"], "justify": true, "seed": 7}
package enum ConfigFile {
    /// `--config FILE`, understood by every command.
    package static let spec = RecipeKey(
        "config", valueName: "FILE",
        help:
            "Read options from a JSON file ({\"width\": 800, \"font\": [\"DejaVu Sans\"], \"justify\": true}); the command line wins. `tagcloud config --print COMMAND ...` writes one.",
        group: "Other")

    /// The largest configuration file read, in bytes.
    static let maximumBytes = 16 << 20

    /// `parsed` with the file's options added where the command line gave none. A `"command"` key (as
    /// `tagcloud serve` saves) must name `command`, the command reading the file, when it is known.
    package static func load(
        path: String, under parsed: Recipe, options: [RecipeKey], command: String? = nil
    ) throws(RecipeError) -> Recipe {
        try merge(read(path), under: parsed, options: options, command: command, source: "config \(path)")
    }

    /// The file's top-level object, read in one pass; its JSON errors are reported with their line
    /// and column, and its tags counted as they are read.
    static func read(_ path: String) throws(RecipeError) -> OptionsObject {
        let bytes = try RecipeFiles.contents(
            of: path, limit: maximumBytes, name: "config \(path)", key: nil, kind: "a configuration",
            fix: "give a configuration file")
        return try OptionsObject(bytes, name: "config \(path)")
    }

    /// `parsed` with the keys of `object` added where it gave none, each checked against the keys
    /// of `options`; `source` names the object in errors ("config FILE", "the request body").
    package static func merge(
        _ object: OptionsObject, under parsed: Recipe, options: [RecipeKey], command: String?, source: String
    ) throws(RecipeError) -> Recipe {
        var result = parsed
        let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        if let tags = object.tags, result.positionals.isEmpty {
            if object.tagsAreStrings {
                result.positionals = tags.map { $0.text }
            } else {
                result.configTerms = tags
            }
        }
        for (key, value) in object.fields.sorted(by: { $0.key < $1.key }) {
            if key == "command" {
                try checkCommand(value, command: command, source: source)
                continue
            }
            if key == ConfigFile.spec.name {
                throw RecipeError.input(
                    "\(source): \"\(key)\" cannot be set in a configuration file (one file does not name another): "
                        + "remove it, or merge the two files")
            }
            guard let spec = byName[key] else {
                let hint = closestMatch(to: key, among: options.map { $0.name }).map { ": did you mean \"\($0)\"?" } ?? ""
                throw RecipeError.input("\(source): unknown option \"\(key)\"\(hint)", key: key)
            }
            // The command line wins; null leaves the option unset.
            if result.values[key] != nil || result.flags.contains(key) { continue }
            try set(spec, value, in: &result, source: source)
        }
        return result
    }

    /// Refuses a `"command"` that is not a command's name or not `command`'s.
    private static func checkCommand(_ value: JSONValue, command: String?, source: String) throws(RecipeError) {
        guard case .string(let saved) = value else {
            throw RecipeError.input("\(source): \"command\" must be a command name such as \"cloud\"", key: "command")
        }
        if let command, saved != command {
            throw RecipeError.input(
                "\(source): saved for `tagcloud \(saved)`, not `tagcloud \(command)`: run it with that command",
                key: "command")
        }
    }

    /// Sets key `spec` of `recipe` to `value`: `null` (or `[]`, or `false` for a flag) leaves it unset.
    private static func set(
        _ spec: RecipeKey, _ value: JSONValue, in recipe: inout Recipe, source: String
    ) throws(RecipeError) {
        let key = spec.name
        if case .null = value { return }
        if spec.valueName == nil {
            guard case .bool(let flag) = value else {
                throw RecipeError.input("\(source): \"\(key)\" is a flag: write true or false", key: key)
            }
            if flag { recipe.flags.insert(key) }
            return
        }
        var items: [JSONValue] = [value]
        if case .array(let l) = value { items = l }
        if items.isEmpty { return }
        if items.count != 1 && !spec.repeatable {
            throw RecipeError.input("\(source): \"\(key)\" takes one value, not a list", key: key)
        }
        recipe.values[key] = try items.map { (item) throws(RecipeError) in try optionValue(item, key: key, source: source) }
    }

    /// One value of option `key` as the command line would give it.
    private static func optionValue(_ item: JSONValue, key: String, source: String) throws(RecipeError) -> String {
        switch item {
        case .string(let s): return s
        case .number(let n):
            let d = n.value
            // JSON readers keep integers exactly only up to 2^53; past it the value read is
            // another one (a seed would silently give another cloud).
            guard abs(d) < 9_007_199_254_740_992 else {
                throw RecipeError.input(
                    "\(source): \"\(key)\" is a number too large to read exactly (2^53 or more): "
                        + "write it as a string, such as \"\(key)\": \"12345678901234567890\"", key: key)
            }
            return NumberText.plain(d)
        default: throw RecipeError.input("\(source): \"\(key)\" needs a string or a number", key: key)
        }
    }
}
