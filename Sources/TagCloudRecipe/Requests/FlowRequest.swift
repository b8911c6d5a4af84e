import Foundation
import TagCloud

/// Everything `tagcloud flow` was asked to do, resolved from its command line before any work.
package struct FlowRequest {
    /// The layout and style options, the seed among them.
    let options: FlowOptions
    /// The seed, and whether it was drawn for this run.
    let seed: Seed
    /// The width of the flow in points; the height follows from the layout.
    let width: Double
    /// How the layout is drawn and where it goes.
    package let output: OutputRequest
    /// The tags and texts to read.
    let terms: TermSources

    /// Resolves `args`, in the order a person fixes them: the destination first (`destination`,
    /// else the one `args` names), then the style, the layout options, the width, and the inputs last.
    package init(_ args: Recipe, destination given: OutputDestination? = nil) throws {
        let destination = try given ?? OutputDestination(args)
        let (options, seed, width) = try FlowRecipe.options(args)
        let output = try OutputRequest(destination, args)
        // The height is known only after the layout, but a width too wide for a PNG or PDF is refused now.
        try output.checkSize(width: width, height: 1, subject: "--width \(NumberText.plain(width))")
        self.options = options
        self.seed = seed
        self.width = width
        self.output = output
        terms = try TermSources(args, defaultTextTop: FlowRecipe.defaultTextTop)
    }
}
