import TagCloudRecipe

/// Formats a help page: summary, usage lines, options grouped by `RecipeKey.group` in first-seen
/// order with aligned columns, then examples. Prose wraps at 100 columns; usage and example lines
/// are commands, so they are never broken.
///
/// - Parameters:
///   - command: the command as typed, e.g. `tagcloud render`.
///   - usage: argument patterns that follow the command, one per line, e.g. `[options] FILE`.
///   - examples: complete command lines.
public func helpText(
    command: String, summary: String, usage: [String], options: [RecipeKey],
    examples: [String]
) -> String {
    let width = 100, indent = "  "
    var lines = wrap(summary, width: width)
    if !usage.isEmpty {
        lines += ["", "Usage:"] + usage.map { indent + command + ($0.isEmpty ? "" : " " + $0) }
    }
    lines += optionLines(options, width: width, indent: indent)
    if !examples.isEmpty {
        lines += ["", "Examples:"] + examples.map { indent + $0 }
    }
    return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
}

/// The options' part of a help page: a header per group, then each option's label and its help
/// in a second column.
private func optionLines(_ options: [RecipeKey], width: Int, indent: String) -> [String] {
    func label(_ spec: RecipeKey) -> String {
        // Flags without a short form are indented as if they had one so long names line up.
        let short = spec.short.map { "-\($0), " } ?? "    "
        return indent + short + "--" + spec.name + (spec.valueName.map { " " + $0 } ?? "")
    }
    // Cap the label column so one long option does not squeeze every help text to the right.
    let column = min(options.map { label($0).count }.max() ?? 0, 34) + 2
    var groups: [String] = []
    for spec in options where !groups.contains(spec.group) { groups.append(spec.group) }
    var lines: [String] = []
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
    return lines
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
