import TagCloud
import TagCloudExport
import TagCloudRecipe
import TagCloudText

/// What an editor needs beyond an option's row to draw a control for it: the values a choice
/// option takes and the kind of value it is. The choices come from the same enumerations the
/// parser reads the options with, so an editor built from them cannot offer a value the command
/// line refuses.
enum OptionCatalog {
    /// The values each choice option takes, by option name.
    static let choices: [String: [String]] = [
        "align": FlowOptions.Alignment.allCases.map(\.rawValue) + ["justified"],
        "valign": names(FlowOptions.CrossAlignment.self),
        "overflow": names(FlowOptions.Overflow.self),
        "oversize": names(FlowOptions.Oversize.self),
        "font-style": names(FontStyle.self),
        "font-choice": names(CloudStyle.Choice.self),
        "size-scale": names(WeightScale.Curve.self),
        "color-mode": names(CloudStyle.ColorMode.self),
        "palette": Palette.builtIn.map(\.name),
        "theme": names(HTMLWriter.Theme.self),
        "strategy": names(SearchStrategy.self),
        "fit": names(WordCloudOptions.Fit.self),
        "sizes": names(WordCloudOptions.Sizes.self),
        "shape": names(Shape.self),
        "language": names(Language.self),
        "weights": names(SeriesFrames.Weights.self),
        "font-weight": ["100", "200", "300", "400", "500", "600", "700", "800", "900"],
    ]

    /// The kind of value an option takes: `flag`, `choice`, `number`, `color`, `font` or `text`.
    static func kind(_ spec: RecipeKey) -> String {
        guard let valueName = spec.valueName else { return "flag" }
        if choices[spec.name] != nil { return "choice" }
        if spec.name == "font" { return "font" }
        if valueName == "COLOR" { return "color" }
        if ["N", "PT", "PX", "R", "P", "FACTOR", "0-255", "0-100", "SECONDS"].contains(valueName) { return "number" }
        return "text"
    }

    private static func names<E: RawRepresentable & CaseIterable>(_: E.Type) -> [String] where E.RawValue == String {
        E.allCases.map(\.rawValue)
    }
}
