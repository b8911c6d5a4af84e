import TagCloud

/// The keys of `tagcloud flow` (its flags, and its `--config` and request keys), with their help
/// and defaults: one table for the command line, the server and the WebAssembly engine.
package enum FlowKeys {
    static let layoutGroup = "Layout"
    static let inputGroup = "Input"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let library = FlowOptions()

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    package static let all: [RecipeKey] = [
        RecipeKey("input", short: "i", valueName: "FILE", help: "Read tags from FILE: `tag` or `tag<TAB>weight` lines (# comments), CSV, or JSON; - for standard input. Repeatable.", repeatable: true, group: inputGroup),
        RecipeKey("width", short: "w", valueName: "PT", help: "Width of the cloud in points; the height follows.", group: layoutGroup,
                   defaultValue: NumberText.plain(FlowRecipe.defaultWidth)),
        RecipeKey("insets", valueName: "PT[,PT,PT,PT]", help: "Space around the cloud: one value, or top,left,bottom,right.", group: layoutGroup,
                   defaultValue: FlowRecipe.lengths(library.insets, pairs: false)),
        RecipeKey("spacing", valueName: "PT", help: "Space between tags in a row.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.itemSpacing)),
        RecipeKey("row-spacing", valueName: "PT", help: "Space between rows.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.rowSpacing)),
        RecipeKey("align", valueName: "ALIGN", help: "Row alignment: leading (default), center, trailing, or justified (= leading with --justify).", group: layoutGroup,
                   defaultValue: library.alignment.rawValue),
        RecipeKey("justify", help: "Fill every row but the last from edge to edge.", group: layoutGroup),
        RecipeKey("valign", valueName: "ALIGN", help: "Mixed sizes in a row: baseline (default), top, center or bottom.", group: layoutGroup,
                   defaultValue: library.crossAlignment.rawValue),
        RecipeKey("rtl", help: "Right-to-left rows: the first tag at the right, alignment mirrored.", group: layoutGroup),
        RecipeKey("overflow", valueName: "POLICY", help: "A tag wider than the space left in its row: wrap (default), shrink (smaller font) or truncate (ellipsis), when at least --min-remaining is left.", group: layoutGroup,
                   defaultValue: library.overflow.rawValue),
        RecipeKey("min-remaining", valueName: "PT", help: "Least space left in a row for shrink/truncate to use it.", group: layoutGroup,
                   defaultValue: NumberText.plain(library.minimumRemainingWidth)),
        RecipeKey("oversize", valueName: "POLICY", help: "A tag wider than a whole row: truncate (default) or scale.", group: layoutGroup,
                   defaultValue: library.oversize.rawValue),
        RecipeKey("previous", valueName: "JSON", help: "Keep to an earlier flow of this width (the JSON an earlier run wrote with -o FILE.json): its tags stay where they were, with their colours and fonts; a tag that no longer fits there takes the nearest free place, new tags fill the gaps in reading order, and what is left goes on rows after the last. Without --width the flow takes the layout's width.", group: layoutGroup),
        RecipeKey("max-rows", valueName: "N", help: "At most N rows; the tags left over are reported (\"+N more\").", group: layoutGroup),
        RecipeKey("padding", valueName: "PT[,PT]", help: "Space inside each tag's frame: one value, or vertical,horizontal.", group: layoutGroup,
                   defaultValue: FlowRecipe.lengths(library.padding, pairs: true)),
        RecipeKey("pill", help: "Draw each tag as a pill: rounded frame with a light fill (padding 4,10 unless given).", group: layoutGroup),
        RecipeKey("tag-fill", valueName: "COLOR", help: "Fill colour of each tag's frame (implies a frame).", group: layoutGroup),
        RecipeKey("tag-border", valueName: "COLOR", help: "Border colour of each tag's frame (implies a frame).", group: layoutGroup),
        RecipeKey("tag-border-width", valueName: "PT", help: "Border width. Default: 1.", group: layoutGroup,
                   defaultValue: NumberText.plain(TagDecoration().borderWidth)),
        RecipeKey("corner-radius", valueName: "PT", help: "Corner radius of each tag's frame. Default: half the height (a pill).", group: layoutGroup),
    ] + StyleArguments.specs + OutputKeys.all + TextKeys.all + [CommonOptions.help]
}
