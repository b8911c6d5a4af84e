import TagCloud

/// The keys of `tagcloud cloud` (its flags, and its `--config` and request keys), with their help
/// and defaults: one table for the command line, the server and the WebAssembly engine.
package enum CloudKeys {
    static let inputGroup = "Input"
    static let layoutGroup = "Layout"
    static let shapeGroup = "Shape and colour"

    /// The library's defaults, which the table reports and the flags fall back to.
    private static let library = WordCloudOptions()

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    package static let all: [RecipeKey] = [
        RecipeKey("input", short: "i", valueName: "FILE", help: "Read words and weights from FILE: `word<TAB>weight` lines, CSV or JSON; - for standard input. Repeatable.", repeatable: true, group: inputGroup),
        RecipeKey("width", short: "w", valueName: "PX", help: "Canvas width in points (= pixels at scale 1). Default: \(library.width); with a mask, the mask's width.", group: layoutGroup,
                   defaultValue: String(library.width)),
        RecipeKey("height", valueName: "PX", help: "Canvas height. Default: \(library.height); with a mask, the mask's height.", group: layoutGroup,
                   defaultValue: String(library.height)),
        RecipeKey("max-words", valueName: "N", help: "Most words drawn, the heaviest.", group: layoutGroup,
                   defaultValue: String(library.maximumWords)),
        RecipeKey("margin", valueName: "PX", help: "Space between words (each keeps half of it clear around its ink).", group: layoutGroup,
                   defaultValue: String(library.margin)),
        RecipeKey("relative-scaling", valueName: "R", help: "0–1: how much size follows weight, as the Python wordcloud package defines it (default 0.5).", group: layoutGroup,
                   defaultValue: relativeScaling(library.style.sizing)),
        RecipeKey("font-step", valueName: "PT", help: "Step by which a word that does not fit is shrunk.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.fontSizeStep)),
        RecipeKey("rotate", valueName: "ANGLES", help: "Angles in degrees, clockwise: a list (0,-90; the default), a range FROM..TO (any angle in it), a range with steps FROM..TO:STEP, or `any` (-90..90).", group: layoutGroup,
                   defaultValue: RotationArgument.text(library.rotation)),
        RecipeKey("prefer-horizontal", valueName: "P", help: "Share of words drawn at 0° when 0 is among the angles.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.preferHorizontal)),
        RecipeKey("cjk-vertical", valueName: "MODE", help: "How a word wholly in Chinese, Japanese or Korean is drawn at 90° or -90°: upright (default: each character upright under the one before, as CJK is written in columns, at either angle) or rotated (turned on its side like other words).", group: layoutGroup,
                   defaultValue: library.cjkVertical.rawValue),
        RecipeKey("strategy", valueName: "NAME", help: "Where words go: archimedean (nearest the centre first, along an elliptical spiral; the default), rectangular, or random (uniform among free positions).", group: layoutGroup,
                   defaultValue: library.strategy.rawValue),
        RecipeKey("random-start", help: "Start each word's spiral at a random point near the centre.", group: layoutGroup),
        RecipeKey("fit", valueName: "MODE", help: "best-effort (default: shrink words that do not fit, report the rest) or all (scale the whole cloud until every word fits; exit status 3 if impossible).", group: layoutGroup,
                   defaultValue: library.fit.rawValue),
        RecipeKey("sizes", valueName: "MODE", help: "shrink (default: a word that does not fit is shrunk on its own, so equal weights may differ in size) or exact (each size follows the weight alone: equal weights, equal sizes; the whole cloud is scaled down until every word fits; exit status 3 if impossible). See docs/sizes.md.", group: layoutGroup,
                   defaultValue: library.sizes.rawValue),
        RecipeKey("arrange", valueName: "MODE", help: "weight (default: the heaviest words nearest the centre) or semantic (related words side by side: words that occur near one another in --text, tags of one group in --input; --color-mode cluster colours each group of related words).", group: layoutGroup,
                   defaultValue: CloudRecipe.Arrange.weight.rawValue),
        RecipeKey("previous", valueName: "JSON", help: "Keep to an earlier layout of this canvas (the JSON an earlier run wrote with -o FILE.json): its words stay where they were, at their angles, growing or shrinking about their centres; a word that no longer fits there moves as little as it must, and new words fill the space around them. Without --width and --height the canvas takes the layout's size.", group: layoutGroup),
        RecipeKey("repeat", help: "Fill the space left by repeating the words, smaller, up to --max-words.", group: layoutGroup),
        RecipeKey("shape", valueName: "NAME", help: "Place the words inside a shape: \(Shape.allCases.map { $0.rawValue }.joined(separator: ", ")).", group: shapeGroup),
        RecipeKey("mask", valueName: "PNG", help: "Place the words inside an image: its opaque pixels if it has transparency, else its dark pixels (white is forbidden, as in the Python package). Without --width and --height the canvas takes the image's size (with one of them, its proportions); otherwise the image is resized to the canvas.", group: shapeGroup),
        RecipeKey("mask-invert", help: "Swap the allowed and forbidden parts of --mask.", group: shapeGroup),
        RecipeKey("mask-threshold", valueName: "0-255", help: "Alpha or luminance threshold of --mask.", group: shapeGroup,
                   defaultValue: String(ImageMaskOptions().threshold)),
        RecipeKey("contour", valueName: "PT", help: "Draw the outline of the shape or mask with this width.", group: shapeGroup,
                   defaultValue: NumberText.plain(library.contourWidth)),
        RecipeKey("contour-color", valueName: "COLOR", help: "Colour of the outline. Default: black.", group: shapeGroup,
                   defaultValue: library.contourColor.hex),
        RecipeKey("strict", help: "Refuse a --mask or --color-image whose size differs from the canvas instead of resizing it.", group: shapeGroup),
        RecipeKey("max-pixels", valueName: "N", help: "Refuse canvases larger than N pixels (default and ceiling: 400 million).", group: layoutGroup,
                   defaultValue: String(WordCloudOptions.Limits.pixels)),
        RecipeKey("color-image", valueName: "PNG", help: "Colour each word with the mean colour of this image under its pixels (resized to the canvas).", group: shapeGroup),
    ] + StyleArguments.specs.filter { $0.name != "random-sizes" } + OutputKeys.all + TextKeys.all + [CommonOptions.help]

    /// `--relative-scaling`'s value for a sizing, nil when it is a weight curve instead.
    static func relativeScaling(_ sizing: CloudStyle.Sizing) -> String? {
        if case .fitted(let fitted) = sizing, case .relativeScaling(let r) = fitted.rule { return NumberText.plain(r) }
        return nil
    }
}
