import Foundation
import TagCloud
import TagCloudExport
import TagCloudRecipe

/// A laid-out flow or cloud of a service request, drawn in any output format with the request's
/// output keys, exactly as the command line draws it.
public struct Drawing: Sendable {
    /// The layout.
    public let layout: CloudLayout
    /// The request's recipe, output keys included.
    let recipe: Recipe
    /// The line the CLI prints about what was placed.
    public let summary: String
    /// Whether the size is checked after the layout (flows: their height is known only then).
    let checksSize: Bool
    /// Whether the layout's colours were guarded already (the contrast guard runs once, in place,
    /// not once for each format drawn).
    let guarded: Bool

    /// The drawing of `layout`, whose colours are guarded here, in place, when `output` asks.
    init(_ layout: inout CloudLayout, recipe: Recipe, output: OutputRequest, summary: String, checksSize: Bool) {
        if output.contrastGuard { layout.guardContrast() }
        self.layout = layout
        self.recipe = recipe
        self.summary = summary
        self.checksSize = checksSize
        guarded = output.contrastGuard
    }

    /// The bytes of the drawing in `format` (png, pdf, svg, html or json).
    public func render(_ format: OutputFormat) throws -> Data {
        do {
            var output = try OutputRequest(OutputDestination(inMemory: format), recipe)
            if guarded { output.contrastGuard = false }
            if checksSize { try FlowCommand.checkSize(layout, output) }
            return try OutputArguments.render(layout, output)
        } catch let e as RecipeError {
            throw ServiceError(e, status: 422)
        }
    }

    /// `{"layout": <the JSON layout>, "svg": "<svg…>", "summary": "placed …"}`.
    public func answer() throws -> Data {
        var data = Data("{\"layout\": ".utf8)
        data.append(try render(.json))
        data.append(Data(", \"svg\": \(JSONString.quoted(String(decoding: try render(.svg), as: UTF8.self)))".utf8))
        data.append(Data(", \"summary\": \(JSONString.quoted(summary))}\n".utf8))
        return data
    }
}
