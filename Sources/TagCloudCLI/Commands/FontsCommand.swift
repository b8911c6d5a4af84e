import TagCloudGraphics
import TagCloudRecipe

/// `tagcloud fonts`: the installed font families, optionally only those that can draw a sample
/// text or cover a script.
enum FontsCommand: OptionTableCommand {
    /// The filters of the listing, resolved.
    struct Request {
        /// `--sample`: only families that can draw this text.
        var sample: String?
        /// `--script`: only families that cover this script.
        var script: FontScript?
        /// `--manifest`: print the font manifest of the listed families instead of their names.
        var manifest = false
    }

    static let name = "fonts"
    static let summary = "List installed font families."
    static let usage = ["[--sample TEXT] [--script NAME] [--manifest]"]
    static let examples = ["tagcloud fonts --sample 你好", "tagcloud fonts --script han", "tagcloud fonts --script Arab"]

    static let options = [
        RecipeKey("sample", valueName: "TEXT", help: "Only families that can draw TEXT."),
        RecipeKey(
            "script", valueName: "NAME",
            help:
                "Only families that cover a script: latin, cyrillic, greek, arabic, hebrew, devanagari, thai, han, japanese, hangul, … or its ISO 15924 code (Latn, Hani, Arab…)."
        ),
        RecipeKey(
            "manifest",
            help:
                "Print, as JSON, what the WebAssembly engine knows of the fonts in place of fontconfig: every installed font and its characters, the font each listed family resolves to at each weight and style, and the fallback orders (docs/web-engine.md)."
        ),
        CommonOptions.help,
    ]

    static func resolve(_ arguments: Recipe, reporting: Reporting) throws -> Request {
        var request = Request(sample: arguments.string("sample"), manifest: arguments.flag("manifest"))
        if let name = arguments.string("script") {
            guard let script = FontScript.named(name) else {
                throw RecipeError.usage(
                    "unknown script \"\(name)\": choose one of \(FontScript.acceptedNames.joined(separator: ", ")), "
                        + "or an ISO 15924 code such as Latn, Hani or Arab")
            }
            request.script = script
        }
        return request
    }

    static func run(_ request: Request, reporting: Reporting) throws {
        let library = FontLibrary.shared
        var families = request.sample.map { library.families(supporting: $0) } ?? library.families()
        if let script = request.script {
            let covering = Set(library.families(covering: script))
            families = families.filter(covering.contains)
        }
        if request.manifest {
            try StandardOutput.print(
                String(decoding: try library.manifest(families: families).json, as: UTF8.self), terminator: "")
            return
        }
        try StandardOutput.print(families.joined(separator: "\n"))
    }
}
