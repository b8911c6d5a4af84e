import TagCloud

/// The word cloud's options a recipe asks for, resolved from its keys without reading the words:
/// the style, the canvas (a mask's or an earlier layout's size without `width` and `height`), the
/// placement, the area and the colours. The images a recipe names come through `image`, so the
/// resolution needs no file system and no PNG decoder of its own (it builds as Embedded Swift).
package enum CloudRecipe {
    /// An image a recipe names (`mask`, `color-image`): its pixels, and the name messages give it.
    package typealias Image = (image: RGBAImage, path: String)

    /// The values of `arrange`.
    package enum Arrange: String, CaseIterable {
        case weight, semantic
    }

    /// The word cloud options and seed `args` ask for, resolved in the order a person fixes them:
    /// the style, the canvas (the mask is read for it), then `checkCanvas` (the output's own checks
    /// of its size), the placement options, the area and colours. `image` gives the image of a key,
    /// nil when the recipe names none; `note` hears what was adjusted (an image resized).
    package static func options(
        _ args: Recipe, image: (String) throws(RecipeError) -> Image?, note: (String) -> Void,
        checkCanvas: (Int, Int) throws(RecipeError) -> Void
    ) throws(RecipeError) -> (options: WordCloudOptions, seed: Seed) {
        var options = WordCloudOptions()
        let style = try StyleArguments.resolve(args, defaultSizes: options.minimumFontSize...FittedSizing.defaultMaximumSize)
        options.style = style.style
        options.seed = style.seed.value
        if options.style.colorMode == .cluster && args.string("arrange")?.lowercased() != Arrange.semantic.rawValue {
            throw RecipeError.usage(
                "--color-mode cluster colours groups of related words: use it with cloud --arrange semantic", key: "color-mode")
        }
        let givenWidth = try args.int("width", range: 1...WordCloudOptions.Limits.side)
        let givenHeight = try args.int("height", range: 1...WordCloudOptions.Limits.side)
        // A mask is read first: without --width and --height the canvas takes its size, and with one
        // of them its proportions, as the Python package's canvas takes its mask's size. Stretching
        // a silhouette to the default 800x600 would distort it.
        let mask = try image("mask")
        // An earlier layout sets the canvas's default size too: the new cloud can keep to it only
        // on a canvas of the same size.
        let previous = try args.string("previous").map { (path) throws(RecipeError) in
            (layout: try PreviousArgument.read(path), path: path)
        }
        let canvas = try CloudCanvas.size(
            width: givenWidth, height: givenHeight, mask: mask?.image, path: mask?.path,
            default: previous.flatMap { PreviousArgument.canvasSize($0.layout) } ?? (options.width, options.height))
        options.width = canvas.width
        options.height = canvas.height
        try checkCanvas(options.width, options.height)
        let budget = try args.int("max-pixels", range: 1...WordCloudOptions.Limits.pixels) ?? WordCloudOptions.Limits.pixels
        if options.width * options.height > budget {
            throw RecipeError.usage(
                "canvas \(options.width)x\(options.height) is \(options.width * options.height) pixels, over the budget of \(budget) (--max-pixels): use a smaller --width/--height",
                key: "max-pixels")
        }
        try readPlacement(args, style: style, into: &options)
        let strict = args.flag("strict")
        try readArea(args, mask: mask, strict: strict, into: &options, note: note)
        try readColours(args, image: image, strict: strict, into: &options, note: note)
        options.previous = try previous.map { (p) throws(RecipeError) in
            try PreviousArgument.places(p.layout, path: p.path, width: options.width, height: options.height)
        }
        // The library checks the options, once; its errors name the flag the user typed.
        try RecipeError.mappingOptionErrors(args, flags: optionFlags) { () throws(TagCloudError) in try options.validate() }
        return (options, style.seed)
    }

    /// How many words, how large, how far apart, at which angles and where they are tried first.
    private static func readPlacement(_ args: Recipe, style: StyleRequest, into o: inout WordCloudOptions) throws(RecipeError) {
        o.maximumWords = try args.int("max-words") ?? o.maximumWords
        o.margin = try args.int("margin") ?? o.margin
        o.minimumFontSize = style.minimumSize ?? o.minimumFontSize
        o.fontSizeStep = try args.double("font-step") ?? o.fontSizeStep
        // Random sizes are the style's own; otherwise the cloud fits them: the heaviest word at
        // --max-size or as large as the area allows, the others by --size-scale or relative scaling.
        if case .scaled = style.style.sizing {
            let relative = try args.double("relative-scaling")
            let rule: FittedSizing.Rule =
                relative.map { .relativeScaling($0) }
                ?? style.curve.map { .curve($0) } ?? FittedSizing().rule
            o.style.sizing = .fitted(FittedSizing(rule: rule, maximumSize: style.maximumSize))
        }
        if let r = args.string("rotate") { o.rotation = try RotationArgument.parse(r) }
        o.preferHorizontal = try args.double("prefer-horizontal") ?? o.preferHorizontal
        o.cjkVertical = try args.choice("cjk-vertical", CJKVertical.self) ?? o.cjkVertical
        o.strategy = try args.choice("strategy", SearchStrategy.self) ?? o.strategy
        o.randomStart = args.flag("random-start")
        o.fit = try args.choice("fit", WordCloudOptions.Fit.self) ?? o.fit
        o.repeatWords = args.flag("repeat")
        try readSizes(args, into: &o)
    }

    /// `--sizes`, which `--weight-range` and `--legend` make exact unless it says otherwise.
    private static func readSizes(_ args: Recipe, into o: inout WordCloudOptions) throws(RecipeError) {
        o.legend = args.flag("legend")
        let needsExact = o.legend ? "--legend" : o.style.weightRange != nil ? "--weight-range" : nil
        let given = try args.choice("sizes", WordCloudOptions.Sizes.self)
        if let needsExact, given == .shrink {
            throw RecipeError.usage(
                "\(needsExact) needs --sizes exact (a weight has one size only then): drop --sizes shrink", key: "sizes")
        }
        o.sizes = given ?? (needsExact != nil ? .exact : o.sizes)
        if o.sizes == .exact && o.repeatWords {
            throw RecipeError.usage(
                "--repeat draws words again at made-up weights: it cannot be used with --sizes exact", key: "repeat")
        }
    }

    /// Where words may go: a built-in shape, or the mask read for the canvas (with its path).
    private static func readArea(
        _ args: Recipe, mask: Image?, strict: Bool, into o: inout WordCloudOptions, note: (String) -> Void
    ) throws(RecipeError) {
        let shapeName = args.string("shape")
        if let shapeName {
            guard let shape = Shape(rawValue: shapeName.lowercased()) else {
                throw RecipeError.usage(
                    "unknown shape \"\(shapeName)\": choose one of \(Shape.allCases.map { $0.rawValue }.joined(separator: ", "))")
            }
            o.area = .shape(shape)
        }
        let invert = args.flag("mask-invert")
        guard let mask else {
            if invert || args.string("mask-threshold") != nil {
                throw RecipeError.usage("--mask-invert and --mask-threshold need --mask PNG", key: "mask-invert")
            }
            return
        }
        if shapeName != nil { throw RecipeError.usage("give either --shape or --mask, not both", key: "shape") }
        let threshold = try args.int("mask-threshold", range: 0...255) ?? Int(ImageMaskOptions().threshold)
        let sized = try CloudCanvas.fitted(
            mask.image, path: mask.path, option: "mask", width: o.width, height: o.height, strict: strict, note: note)
        o.area = .mask(BitMask(image: sized, options: ImageMaskOptions(invert: invert, threshold: UInt8(clamping: threshold))))
    }

    /// The outline of the area, and colours taken from an image.
    private static func readColours(
        _ args: Recipe, image: (String) throws(RecipeError) -> Image?, strict: Bool, into o: inout WordCloudOptions,
        note: (String) -> Void
    ) throws(RecipeError) {
        o.contourWidth = try args.double("contour") ?? o.contourWidth
        if let c = args.string("contour-color") { o.contourColor = try StyleArguments.parseColor(c, option: "contour-color") }
        if let colours = try image("color-image") {
            o.colorImage = try CloudCanvas.fitted(
                colours.image, path: colours.path, option: "color-image", width: o.width, height: o.height,
                strict: strict, note: note)
        }
    }

    /// The flag of each option property the library names in its errors.
    static let optionFlags = StyleArguments.optionFlags(
        adding: [
            "width": "width", "height": "height", "maximumWords": "max-words", "margin": "margin",
            "fontSizeStep": "font-step", "style.sizing.relativeScaling": "relative-scaling",
            "preferHorizontal": "prefer-horizontal", "rotation": "rotate", "contourWidth": "contour",
            "sizes": "sizes", "repeatWords": "repeat",
        ])
}
