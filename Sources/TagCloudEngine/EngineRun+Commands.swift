import TagCloud
import TagCloudExport
import TagCloudGraphics
import TagCloudRecipe
import TagCloudText

extension EngineRun {
    /// `tagcloud cloud`: the recipe's options, its tags (arguments, `tags` of a configuration,
    /// `--input` tag lists, a `--text` counted), the layout, the placement line, the output.
    static func cloud(
        _ recipe: Recipe, typesetter: FreeTypeTypesetter, note: @escaping (String) -> Void, say: (String) -> Void
    ) throws(RecipeError) -> Written {
        let destination = try OutputDestination(recipe)
        var output = try OutputRequest(destination, recipe)
        var (options, seed) = try CloudRecipe.options(
            recipe,
            image: { (key) throws(RecipeError) in try recipe.image(key) },
            note: note,
            checkCanvas: { (width, height) throws(RecipeError) in
                try output.checkSize(width: Double(width), height: Double(height))
            })
        let arrange = try recipe.choice("arrange", CloudRecipe.Arrange.self) ?? .weight
        let sources = try TermSources(recipe, defaultTextTop: nil, related: arrange == .semantic)
        let terms: [Term]
        if arrange == .semantic {
            let read = try sources.readRelated(note: note, count: counting(note))
            terms = read.terms
            options.arrangement = .semantic(read.relations)
        } else {
            terms = try sources.read(note: note, count: counting(note))
        }
        var laidOut: (layout: CloudLayout, statistics: WordCloudLayout.Statistics)
        do throws(CoreError) {
            laidOut = try WordCloudLayout(options).run(terms, typesetter: typesetter)
        } catch {
            throw recipeError(error)
        }
        if seed.drawn { note("seed \(seed.value) (pass --seed \(seed.value) to reproduce this cloud)") }
        let incomplete = PlacementReport.incomplete(options, unplaced: laidOut.statistics.unplaced)
        // As the tool: how many were placed, unless quiet, and always when the cloud fell short.
        let line = PlacementReport.cloudLine(laidOut.layout, laidOut.statistics, repeated: options.repeatWords)
        if incomplete != nil { say(line) } else { note(line) }
        let bytes = try write(&laidOut.layout, &output)
        return Written(bytes: bytes, path: destination.path, failure: incomplete, layout: laidOut.layout)
    }

    /// `tagcloud flow`: the recipe's options and width, its tags, the flow, the placement line,
    /// the output.
    static func flow(
        _ recipe: Recipe, typesetter: FreeTypeTypesetter, note: @escaping (String) -> Void
    ) throws(RecipeError) -> Written {
        let destination = try OutputDestination(recipe)
        var output = try OutputRequest(destination, recipe)
        let (options, seed, width) = try FlowRecipe.options(recipe)
        try output.checkSize(width: width, height: 1, subject: "--width \(NumberText.plain(width))")
        let sources = try TermSources(recipe, defaultTextTop: FlowRecipe.defaultTextTop)
        let terms = try sources.read(note: note, count: counting(note))
        var laidOut: (layout: CloudLayout, continuity: FlowLayout.Continuity?)
        do throws(CoreError) {
            laidOut = try FlowLayout(options).run(terms, typesetter: typesetter, width: width)
        } catch {
            throw recipeError(error)
        }
        if seed.drawn { note("seed \(seed.value) (pass --seed \(seed.value) to reproduce this cloud)") }
        let hidden = laidOut.layout.unplaced.filter { $0.reason == .rowLimit }.count
        if let line = PlacementReport.flowLine(laidOut.layout, terms: terms.count, hidden: hidden, continuity: laidOut.continuity)
        {
            note(line)
        }
        let bytes = try write(&laidOut.layout, &output)
        return Written(bytes: bytes, path: destination.path, failure: nil, layout: laidOut.layout)
    }

    /// How the engine counts a `--text`: the files handed over, read whole (`TextRequest.analysis(note:)`).
    static func counting(_ note: @escaping (String) -> Void) -> TermSources.Counting {
        { (text) throws(RecipeError) in try text.analysis(note: note) }
    }

    /// The bytes of `layout` as `output` asks: the contrast guarded unless `--no-contrast-guard`,
    /// then the layout JSON, SVG or HTML, as the tool writes them.
    static func write(_ layout: inout CloudLayout, _ output: inout OutputRequest) throws(RecipeError) -> [UInt8] {
        if output.contrastGuard { layout.guardContrast() }
        let bytes: [UInt8]?
        do throws(CoreError) {
            bytes = try output.vectorBytes(layout)
        } catch {
            throw recipeError(error)
        }
        // PNG and PDF are refused before the layout (`OutputRequest.checkSize`); nil is that again.
        guard let bytes else { throw RecipeError.usage("only .svg, .html and .json are written here", key: "format") }
        return bytes
    }
}
