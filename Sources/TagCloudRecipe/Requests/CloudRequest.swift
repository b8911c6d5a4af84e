import TagCloud
import TagCloudGraphics

/// Everything `tagcloud cloud` was asked to do, resolved from its command line before any work.
package struct CloudRequest {
    /// The layout and style options: canvas, sizes, rotation, strategy, area, colours and seed.
    package let options: WordCloudOptions
    /// The seed, and whether it was drawn for this run.
    let seed: Seed
    /// How the layout is drawn and where it goes.
    package let output: OutputRequest
    /// The tags and texts to read.
    let terms: TermSources
    /// Where words go relative to one another (`--arrange`).
    let arrange: CloudRecipe.Arrange

    /// Resolves `args`: the destination first (`destination`, else the one `args` names), then the
    /// options (`options(_:reporting:checkCanvas:)`), and the inputs last.
    package init(_ args: Recipe, reporting: Reporting, destination given: OutputDestination? = nil) throws {
        let destination = try given ?? OutputDestination(args)
        var output: OutputRequest? = nil
        (options, seed) = try Self.options(args, reporting: reporting) { (width, height) throws(RecipeError) in
            let request = try OutputRequest(destination, args)
            try request.checkSize(width: Double(width), height: Double(height))
            output = request
        }
        // Set by the closure, which `options` calls once the canvas is known.
        guard let output else { throw RecipeError.usage("no output: add -o FILE") }
        self.output = output
        arrange = try args.choice("arrange", CloudRecipe.Arrange.self) ?? .weight
        terms = try TermSources(args, defaultTextTop: nil, related: arrange == .semantic)
    }

    /// Reads the terms, and the options to lay them out with: under the semantic arrangement,
    /// with how related the terms are.
    func read(_ reporting: Reporting) throws -> (terms: [Term], options: WordCloudOptions) {
        guard arrange == .semantic else { return (try terms.read(reporting), options) }
        let (read, relations) = try terms.readRelated(reporting)
        var options = self.options
        options.arrangement = .semantic(relations)
        return (read, options)
    }

    /// The word cloud options and seed `args` ask for (`CloudRecipe.options`), with the images the
    /// recipe carries or names decoded, and what was adjusted reported as a note.
    static func options(
        _ args: Recipe, reporting: Reporting, checkCanvas: (Int, Int) throws(RecipeError) -> Void
    ) throws(RecipeError) -> (WordCloudOptions, Seed) {
        try CloudRecipe.options(
            args, image: { (key) throws(RecipeError) in try args.image(key) }, note: { reporting.note($0) },
            checkCanvas: checkCanvas)
    }
}
