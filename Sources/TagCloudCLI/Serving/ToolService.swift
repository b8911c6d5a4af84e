import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics

/// The CLI's work as calls a server can make: a request body (the JSON `--config` reads, plus
/// `"command"` and `"tags"`) is resolved by the same option tables and checks as the command line,
/// laid out by the same library calls and drawn by the same writers, so a saved body run with
/// `tagcloud COMMAND --config FILE` gives the same bytes. Every failure is a `ServiceError`.
public enum ToolService {
    /// The option tables of `flow`, `cloud` and `count` as JSON: `{"flow": [{"name", "valueName",
    /// "help", "group", "default", "repeatable", "flag"}, ...], ...}`.
    public static func optionTables() -> Data {
        var commands: [String] = []
        for command in TagCloudTool.configurable {
            let rows = command.options.filter { $0.name != CommonOptions.help.name }.map { spec in
                "{\"name\": \(q(spec.name)), \"valueName\": \(spec.valueName.map(q) ?? "null"), "
                    + "\"help\": \(q(spec.help)), \"group\": \(q(spec.group)), "
                    + "\"default\": \(spec.defaultValue.map(q) ?? "null"), \"repeatable\": \(spec.repeatable), "
                    + "\"flag\": \(!spec.takesValue), \"file\": \(ServiceBody.pathOptions.contains(spec.name))}"
            }
            commands.append("\(q(command.name)): [\n  " + rows.joined(separator: ",\n  ") + "\n]")
        }
        return Data(("{" + commands.joined(separator: ",\n") + "}\n").utf8)
    }

    /// The installed font families: `{"families": ["DejaVu Sans", ...]}`.
    public static func fonts() -> Data {
        Data(("{\"families\": [" + FontLibrary.shared.families().map(q).joined(separator: ", ") + "]}\n").utf8)
    }

    /// The built-in palettes: `{"palettes": [{"name": "tableau10", "colors": ["#4e79a7", ...]}, ...]}`.
    public static func palettes() -> Data {
        let rows = Palette.builtIn.map { p in
            "{\"name\": \(q(p.name)), \"colors\": [" + p.colors.map { q($0.hex) }.joined(separator: ", ") + "]}"
        }
        return Data(("{\"palettes\": [" + rows.joined(separator: ", ") + "]}\n").utf8)
    }

    /// The built-in shapes of `cloud --shape`: `{"shapes": ["circle", ...]}`.
    public static func shapes() -> Data {
        Data(("{\"shapes\": [" + Shape.allCases.map { q($0.rawValue) }.joined(separator: ", ") + "]}\n").utf8)
    }

    /// `tagcloud count` on the body's `"text"` with its count options: `{"terms": [{"text", "weight"}]}`.
    public static func count(_ body: Data, scratch: URL) throws -> Data {
        try serving(scratch) {
            let request = try ServiceBody(body, command: CountCommand.name, scratch: scratch, output: nil)
            let parsed = try CommandLineParser(options: CountCommand.options).parse(request.arguments)
            let reporting = Reporting(parsed)
            let resolved = try CountCommand.resolve(parsed, reporting: reporting)
            let terms = try working { try resolved.terms(reporting) }
            let rows = terms.map { "{\"text\": \(q($0.text)), \"weight\": \(NumberText.plain($0.weight))}" }
            return Data(("{\"terms\": [" + rows.joined(separator: ", ") + "]}\n").utf8)
        }
    }

    /// Lays out the body's cloud or flow; `Drawing.render` draws it.
    public static func draw(_ body: Data, scratch: URL) throws -> Drawing {
        try serving(scratch) {
            let request = try ServiceBody(body, command: nil, scratch: scratch, output: "cloud.json")
            if request.command == CloudCommand.name {
                let parsed = try CommandLineParser(options: CloudCommand.options).parse(request.arguments)
                let reporting = Reporting(parsed)
                let resolved = try CloudCommand.resolve(parsed, reporting: reporting)
                return try working {
                    let terms = try resolved.terms.read(reporting)
                    let (layout, stats) = try CloudCommand.lay(terms, resolved.options, reporting: reporting)
                    let summary = CloudCommand.placementLine(layout, stats, repeated: resolved.options.repeatWords)
                    return Drawing(layout: layout, arguments: parsed, summary: summary, checksSize: false)
                }
            }
            let parsed = try CommandLineParser(options: FlowCommand.options).parse(request.arguments)
            let reporting = Reporting(parsed)
            let resolved = try FlowCommand.resolve(parsed, reporting: reporting)
            return try working {
                let terms = try resolved.terms.read(reporting)
                let layout = try CLIError.mappingLibraryErrors {
                    try FlowLayout(resolved.options).layout(terms, typesetter: FreeTypeTypesetter(), width: resolved.width)
                }
                let hidden = layout.unplaced.filter { $0.reason == .rowLimit }.count
                let summary =
                    "placed \(layout.placed.count) of \(terms.count) tags; \(hidden) hidden by --max-rows, "
                    + "\(layout.unplaced.count - hidden) empty"
                return Drawing(layout: layout, arguments: parsed, summary: summary, checksSize: true)
            }
        }
    }

    /// Runs `body` with the request's errors as 400s and the scratch folder out of the messages.
    static func serving<T>(_ scratch: URL, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ServiceError {
            throw e
        } catch {
            do { return try CLIError.mappingLibraryErrors { throw error } } catch let e as CLIError {
                throw ServiceError.from(e, status: 400, scratch: scratch.path)
            }
        }
    }

    /// Runs the work of a request that was read and checked: its failures are 422s.
    static func working<T>(_ body: () throws -> T) throws -> T {
        do { return try CLIError.mappingLibraryErrors(body) } catch let e as CLIError {
            throw ServiceError(status: 422, e.description)
        }
    }

    private static func q(_ s: String) -> String { JSONString.quoted(s) }
}
