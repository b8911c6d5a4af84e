import Foundation
import TagCloud
import TagCloudRecipe
import TagCloudText

/// A request body of the service as a recipe: the keys `--config` reads (option names) plus
/// `"command"` and `"tags"`, read in one pass by `OptionsObject` (its tags counted as they are
/// read) and merged by the same code as a `--config` file. Images (a mask or colour image as a
/// base64 `data:` URL) and a text to count are carried in the recipe itself: no file is written,
/// and no file path is ever taken from a request.
struct RequestRecipe {
    /// `flow`, `cloud` or `count`.
    let command: String
    /// The request's keys, checked against the command's.
    let recipe: Recipe

    /// The most tags one request may carry. A flow's answer (its layout and SVG) takes about 400
    /// bytes a tag on top of the layout's own memory: at this limit two requests at once stay well
    /// within the server's memory; larger lists are the command line's work.
    static let maximumTags = 100_000

    /// Keys whose value is a path on the server's disk: never taken from a request.
    static var pathKeys: Set<String> { OptionCatalog.fileKeys }
    /// Keys that carry an image, taken as a `data:` URL.
    static let imageKeys = ["mask", "color-image"]

    /// Reads `body` for `command` (nil: the body's `"command"`, which must be `flow` or `cloud`).
    init(_ body: Data, command given: String?) throws {
        var object: OptionsObject
        do throws(RecipeError) {
            object = try OptionsObject([UInt8](body), name: "the request body", maximumTags: Self.maximumTags)
        } catch {
            // A bad tag in JSON of the right shape is unprocessable; a malformed body is a bad request.
            throw ServiceError(status: error.key == "tags" ? 422 : 400, error.message, key: error.key)
        }
        let named = object.remove("command")
        command = try given ?? Self.drawingCommand(named)
        guard let type = RecipeCommands.named(command) else { throw ServiceError(status: 400, "no command \(command)") }
        var recipe = Recipe(flags: [CommonOptions.quiet.name])
        _ = object.remove("quiet")
        _ = object.remove("verbose")
        if given == "count" {
            guard case .string(let text)? = object.remove("text") else {
                throw ServiceError(status: 400, "\"text\" must be a string: the text to count", key: "text")
            }
            recipe.texts = [text]
        } else if object.tags?.isEmpty ?? true {
            throw ServiceError(status: 422, "no tags: send \"tags\": [\"swift\", \"linux\"] or term objects")
        }
        for key in Self.imageKeys {
            guard let value = object.remove(key) else { continue }
            if let image = try Self.image(value, key: key) { recipe.images[key] = image }
        }
        try Self.refuseUnreadable(object)
        // A count's partial keys name files on the server: a request cannot ask for them.
        let keys = command == CountCommand.name ? CountCommand.serviceOptions : type.options
        do throws(RecipeError) {
            recipe = try ConfigFile.merge(object, under: recipe, options: keys, command: nil, source: "the request body")
        } catch {
            throw ServiceError(status: 400, error.message, key: error.key)
        }
        self.recipe = recipe
    }

    /// The command a layout request names in `"command"` (`cloud` when it names none).
    private static func drawingCommand(_ value: JSONValue?) throws -> String {
        do { return try Recipe.drawingCommand(value, source: "the request body") } catch let e as RecipeError {
            throw ServiceError(e, status: 400)
        }
    }

    /// Refuses a key that names a file on the server, or whose value is an object.
    private static func refuseUnreadable(_ object: OptionsObject) throws {
        for (key, value) in object.fields {
            if case .object = value {
                throw ServiceError(status: 400, "\"\(key)\" needs a string, a number, a boolean or a list", key: key)
            }
            if pathKeys.contains(key), value != .null {
                throw ServiceError(
                    status: 400,
                    "\"\(key)\" names a file on the server, which a request cannot: "
                        + "send tags in \"tags\" and images as data: URLs", key: key)
            }
        }
    }

    /// The bytes of image key `key`, given as a base64 `data:` URL; nil for `null`.
    private static func image(_ value: JSONValue, key: String) throws -> [UInt8]? {
        if case .null = value { return nil }
        guard case .string(let url) = value else {
            throw ServiceError(status: 400, "\"\(key)\" must be a data: URL of a PNG image", key: key)
        }
        guard url.hasPrefix("data:"), let comma = url.firstIndex(of: ","), url[..<comma].hasSuffix(";base64"),
            let bytes = Data(base64Encoded: String(url[url.index(after: comma)...]))
        else {
            throw ServiceError(
                status: 400, "\"\(key)\" must be a base64 data: URL (data:image/png;base64,...)", key: key)
        }
        return [UInt8](bytes)
    }
}
