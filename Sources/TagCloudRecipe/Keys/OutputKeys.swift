import TagCloud
import TagCloudExport
import TagCloudGraphics

/// The output keys every drawing command shares: where and in which format, the PNG scale, the
/// HTML theme, SVG and JSON variants.
enum OutputKeys {
    static let group = "Output"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let all: [RecipeKey] = [
        RecipeKey("output", short: "o", valueName: "FILE", help: "Where to write: .png, .pdf, .svg, .html or .json (the format follows the extension); - for standard output.", group: group),
        RecipeKey("format", valueName: "FORMAT", help: "png, pdf, svg, html or json; overrides the extension (needed for -o - unless SVG).", group: group),
        RecipeKey("scale", valueName: "FACTOR", help: "Pixels per point in PNG output (2 for high-DPI); the layout is unchanged. Default: 1.", group: group,
                   defaultValue: NumberText.plain(RenderOptions().scale)),
        RecipeKey("theme", valueName: "THEME", help: "HTML page colours: light (the cloud's own, default), dark (dark page, words lightened to stay readable), or auto (follows the reader's light/dark setting).", group: group,
                   defaultValue: HTMLWriter().theme.rawValue),
        RecipeKey("svg-outlines", help: "Write SVG words as glyph outlines (paths), so the file looks the same without the fonts.", group: group),
        RecipeKey("svg-embed-fonts", help: "Keep SVG words as text and embed a subset of each font used (a data URI), so the file looks right without the fonts.", group: group),
        RecipeKey("json-glyphs", help: "Write each word's glyph ids and positions in JSON output, for an app that draws the glyphs itself (left out by default: they are most of a large layout's bytes).", group: group),
        CommonOptions.quiet,
        CommonOptions.verbose,
    ]
}
