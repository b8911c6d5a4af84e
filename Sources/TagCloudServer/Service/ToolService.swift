import Foundation
import TagCloud
import TagCloudExport
import TagCloudGraphics
import TagCloudRecipe
import TagCloudText

/// The CLI's work as calls a server can make: a request body (the JSON `--config` reads, plus
/// `"command"` and `"tags"`) is resolved by the same option tables and checks as the command line,
/// laid out by the same library calls and drawn by the same writers, so a saved body run with
/// `tagcloud COMMAND --config FILE` gives the same bytes. Every failure is a `ServiceError`.
public enum ToolService {
    /// The option tables of `flow`, `cloud`, `series` and `count` as JSON (`OptionCatalog.json`).
    public static func optionTables() -> Data {
        Data(OptionCatalog.json(RecipeCommands.all.map { ($0.name, $0.options) }).utf8)
    }

    /// The installed font families, and for each writing system the families that set it (as
    /// `tagcloud fonts --script` lists them; scripts no font sets are left out): `{"families":
    /// ["DejaVu Sans", ...], "scripts": {"han": ["Noto Sans CJK SC", ...], ...}}`.
    public static func fonts() -> Data { fontList }

    /// Fonts do not change while a server runs; listing every script's families takes a while.
    private static let fontList: Data = {
        let library = FontLibrary.shared
        let scripts = FontScript.all.compactMap { script -> String? in
            let families = library.families(covering: script)
            return families.isEmpty ? nil : "\(q(script.name)): [" + families.map(q).joined(separator: ", ") + "]"
        }
        let families = library.families().map(q).joined(separator: ", ")
        return Data(("{\"families\": [" + families + "], \"scripts\": {" + scripts.joined(separator: ", ") + "}}\n").utf8)
    }()

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
    /// `cancellation` stops the count midway (a request past its time limit): the call then throws
    /// a `ServiceError` with `TagCloudError.cancelled`'s message, as `draw` does.
    public static func count(_ body: Data, cancellation: CancellationToken? = nil) throws -> Data {
        try serving {
            let request = try RequestRecipe(body, command: CountCommand.name)
            let reporting = Reporting(request.recipe)
            let resolved = try CountCommand.resolve(request.recipe, reporting: reporting)
            let terms = try working { try resolved.text.terms(reporting, cancellation: cancellation) }
            return termsAnswer(terms)
        }
    }

    /// A pasted or dropped tag list (`{"data": "...", "name": "tags.csv", "format": "csv"}`:
    /// `tag<TAB>weight` lines, CSV or JSON; without `format`, the one `TagListFormat(guessingFrom:text:)`
    /// sees from the file's `name`, if any, and the data) read exactly as `--input` reads a file:
    /// `{"terms": [{"text", "weight", "id", "link", "color", "group", "x", "y", "angle", "size"}]}` as
    /// a JSON tag list has them, fields left out when not given, unsafe links dropped.
    public static func tags(_ body: Data) throws -> Data {
        let object: OptionsObject
        do throws(RecipeError) {
            object = try OptionsObject([UInt8](body), name: "the request body", maximumTags: 0)
        } catch {
            throw ServiceError(error, status: 400)
        }
        guard case .string(let text)? = object.value("data") else {
            throw ServiceError(status: 400, "send the tag list as {\"data\": \"swift\\t3\\nrust\\t2\"}", key: "data")
        }
        var name: String?
        if case .string(let given)? = object.value("name") { name = given }
        var format = TagListFormat(guessingFrom: name, text: text)
        if let value = object.value("format") {
            let names = TagListFormat.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let given) = value, let chosen = TagListFormat(rawValue: given.lowercased()) else {
                throw ServiceError(status: 400, "\"format\" must be one of \(names)", key: "format")
            }
            format = chosen
        }
        let read: [Term]
        do throws(TextError) {
            read = try TagListReader.read(data: Array(text.utf8), name: name ?? "the pasted tags", format: format)
        } catch {
            throw ServiceError(status: 422, error.description)
        }
        let terms = TagInput.withSafeLinks(read, note: { _ in })
        return termsAnswer(terms)
    }

    /// `{"terms": [...]}`, each term as `termObject` writes it: the answer of `count` and `tags`.
    static func termsAnswer(_ terms: [Term]) -> Data {
        Data(("{\"terms\": [" + terms.map(termObject).joined(separator: ", ") + "]}\n").utf8)
    }

    /// A term as the JSON tag list writes it.
    static func termObject(_ t: Term) -> String {
        var fields = ["\"text\": \(q(t.text))", "\"weight\": \(NumberText.plain(t.weight))"]
        if let id = t.id { fields.append("\"id\": \(q(id))") }
        if let link = t.link { fields.append("\"link\": \(q(link))") }
        if let color = t.color { fields.append("\"color\": \(q(color.hex))") }
        if let group = t.group { fields.append("\"group\": \(q(group))") }
        if let pin = t.pin {
            fields += [
                "\"x\": \(NumberText.plain(pin.x))", "\"y\": \(NumberText.plain(pin.y))",
                "\"angle\": \(NumberText.plain(pin.angle))",
            ]
            if let size = pin.size { fields.append("\"size\": \(NumberText.plain(size))") }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Lays out the body's cloud or flow; `Drawing.render` draws it. `cancellation` stops the
    /// layout midway (a request past its time limit): the call then throws a `ServiceError` with
    /// `TagCloudError.cancelled`'s message; a token cancelled already lets the body be read and
    /// checked in full, its tags included, without any layout.
    public static func draw(_ body: Data, cancellation: CancellationToken? = nil) throws -> Drawing {
        try serving {
            let request = try RequestRecipe(body, command: nil)
            try refuseFontFiles(request.recipe)
            let reporting = Reporting(request.recipe)
            let destination = OutputDestination(inMemory: .json)
            if request.command == CloudCommand.name {
                let resolved = try CloudRequest(request.recipe, reporting: reporting, destination: destination)
                return try working {
                    var (layout, stats) = try CloudCommand.laidOut(resolved, reporting: reporting, cancellation: cancellation)
                    let summary = PlacementReport.cloudLine(layout, stats, repeated: resolved.options.repeatWords)
                    return Drawing(&layout, recipe: request.recipe, output: resolved.output, summary: summary, checksSize: false)
                }
            }
            let resolved = try FlowRequest(request.recipe, destination: destination)
            return try working {
                var flow = try FlowCommand.laidOut(resolved, reporting: reporting, cancellation: cancellation)
                let (placed, unplaced) = (flow.layout.placed.count, flow.layout.unplaced)
                let hidden = unplaced.filter { $0.reason == .rowLimit }.count
                let summary =
                    "placed \(placed) of \(flow.terms) tags; \(hidden) hidden by --max-rows, \(unplaced.count - hidden) empty"
                return Drawing(&flow.layout, recipe: request.recipe, output: resolved.output, summary: summary, checksSize: true)
            }
        }
    }

    /// Refuses a font given as a file: `--font` takes a path on the command line, but a request
    /// names installed families only, so that it can neither read a file on the server nor learn
    /// whether one exists.
    static func refuseFontFiles(_ recipe: Recipe) throws {
        for font in recipe.strings("font") where FontDescriptor(family: font).isFilePath {
            throw ServiceError(
                status: 400,
                "\"font\" \(q(font)) names a file on the server, which a request cannot: "
                    + "give an installed family (GET /api/fonts lists them)", key: "font")
        }
    }

    /// Runs `body` with the request's errors as 400s.
    static func serving<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ServiceError {
            throw e
        } catch {
            do { return try RecipeError.mappingLibraryErrors { throw error } } catch {
                throw ServiceError(error, status: 400)
            }
        }
    }

    /// Runs the work of a request that was read and checked: its failures are 422s.
    static func working<T>(_ body: () throws -> T) throws -> T {
        do { return try RecipeError.mappingLibraryErrors(body) } catch {
            throw ServiceError(error, status: 422)
        }
    }

    private static func q(_ s: String) -> String { JSONString.quoted(s) }
}
