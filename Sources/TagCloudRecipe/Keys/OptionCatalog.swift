import TagCloud
import TagCloudExport
import TagCloudText

/// What an editor needs beyond an option's row to draw a control for it: the values a choice
/// option takes, the kind of value it is, which options name files, and the words a person reads
/// (`OptionLabels`). The choices come from the same enumerations the parser reads the options with,
/// so an editor built from them cannot offer a value the command line refuses. The server's
/// `/api/options` and the engine's `options` command write these tables.
package enum OptionCatalog {
    /// The values each choice option takes, by option name.
    package static let choices: [String: [String]] = {
        var table: [String: [String]] = [
            "align": names(FlowOptions.Alignment.allCases) + ["justified"],
            "valign": names(FlowOptions.CrossAlignment.allCases),
            "overflow": names(FlowOptions.Overflow.allCases),
            "oversize": names(FlowOptions.Oversize.allCases),
            "font-style": names(FontStyle.allCases),
            "font-choice": names(CloudStyle.Choice.allCases),
            "size-scale": names(WeightScale.Curve.allCases),
            "color-mode": names(CloudStyle.ColorMode.allCases),
            "palette": Palette.builtIn.map { $0.name },
            "theme": names(HTMLWriter.Theme.allCases),
            "strategy": names(SearchStrategy.allCases),
            "fit": names(WordCloudOptions.Fit.allCases),
            "cjk-vertical": names(CJKVertical.allCases),
            "sizes": names(WordCloudOptions.Sizes.allCases),
            "shape": names(Shape.allCases),
            "language": names(Language.allCases),
            "font-weight": ["100", "200", "300", "400", "500", "600", "700", "800", "900"],
        ]
        // `series`, which the WebAssembly engine does not run.
        #if !hasFeature(Embedded)
        table["weights"] = names(SeriesFrames.Weights.allCases)
        #endif
        return table
    }()

    /// The options whose value names a file, or where one goes: a page or a server hands these
    /// over itself, or refuses them.
    package static let fileKeys: Set<String> = [
        "input", "text", "stopwords", "add-stopwords", "output", "format", "config", "previous",
    ]

    /// The kind of value an option takes: `flag`, `choice`, `number`, `color`, `font` or `text`.
    package static func kind(_ spec: RecipeKey) -> String {
        guard let valueName = spec.valueName else { return "flag" }
        if choices[spec.name] != nil { return "choice" }
        if spec.name == "font" { return "font" }
        if valueName == "COLOR" { return "color" }
        if ["N", "PT", "PX", "R", "P", "FACTOR", "0-255", "0-100", "SECONDS"].contains(valueName) { return "number" }
        return "text"
    }

    /// The option table of each command, as JSON: `{"cloud": [{"name", "label", "essential",
    /// "valueName", "help", "group", "groupLabel", "default", "repeatable", "flag", "file", "kind",
    /// "choices"}, ...], ...}`, commands and rows in the order given.
    package static func json(_ commands: [(name: String, keys: [RecipeKey])]) -> String {
        var parts: [String] = []
        for command in commands {
            let rows = command.keys.filter { $0.name != CommonOptions.help.name }.map(row)
            parts.append("\(q(command.name)): [\n  " + rows.joined(separator: ",\n  ") + "\n]")
        }
        return "{" + parts.joined(separator: ",\n") + "}\n"
    }

    private static func row(_ spec: RecipeKey) -> String {
        let label = OptionLabels.label(spec.name)
        return "{\"name\": \(q(spec.name)), \"label\": \(label.map(q) ?? "null"), "
            + "\"essential\": \(OptionLabels.essential.contains(spec.name)), "
            + "\"valueName\": \(spec.valueName.map(q) ?? "null"), "
            + "\"help\": \(q(spec.help)), \"group\": \(q(spec.group)), \"groupLabel\": \(q(OptionLabels.group(spec.group))), "
            + "\"default\": \(spec.defaultValue.map(q) ?? "null"), \"repeatable\": \(spec.repeatable), "
            + "\"flag\": \(!spec.takesValue), \"file\": \(fileKeys.contains(spec.name)), "
            + "\"kind\": \(q(kind(spec))), "
            + "\"choices\": \(choices[spec.name].map { "[" + $0.map(q).joined(separator: ", ") + "]" } ?? "null")}"
    }

    private static func q(_ s: String) -> String { JSONString.quoted(s) }

    private static func names<C: Collection>(_ cases: C) -> [String]
    where C.Element: RawRepresentable, C.Element.RawValue == String {
        cases.map { $0.rawValue }
    }
}
