import TagCloud

/// The flow's options a recipe asks for, resolved from its keys without reading any input: the
/// style, the rows and frames, and the width (an earlier flow's when none is given).
package enum FlowRecipe {
    /// The width without --width; a flow needs one, and the library leaves it to the caller.
    static let defaultWidth = 600.0
    /// Sizes without --min-size and --max-size (and without --random-sizes).
    static let defaultSizes = 14.0...36.0
    /// A text has thousands of words; a flow shows the most frequent unless --top says otherwise.
    package static let defaultTextTop = 100
    /// The padding and fill of a tag with a frame (--pill, --tag-fill or --tag-border) when not given.
    static let framePadding = EdgeInsets(vertical: 4, horizontal: 10)
    static let pillFill = Color(rgb: 0xEEF1F5)

    /// The flow's options, seed and width `args` ask for: the style, the layout options, then the
    /// width (an earlier flow's when none is given).
    package static func options(_ args: Recipe) throws(RecipeError) -> (options: FlowOptions, seed: Seed, width: Double) {
        var options = FlowOptions()
        let style = try StyleArguments.resolve(args, defaultSizes: Self.defaultSizes)
        options.style = style.style
        options.seed = style.seed.value
        if options.style.colorMode == .cluster {
            throw RecipeError.usage(
                "--color-mode cluster colours groups of related words: use it with cloud --arrange semantic", key: "color-mode")
        }
        options.legend = args.flag("legend")
        try Self.readRows(args, into: &options)
        try Self.readFrame(args, into: &options)
        // The library checks the options, once; its errors name the flag the user typed.
        try RecipeError.mappingOptionErrors(args, flags: Self.optionFlags) { () throws(TagCloudError) in try options.validate() }
        // An earlier flow sets the default width: its tags can keep their places only at its width.
        let previous = try args.string("previous").map { (path) throws(RecipeError) in
            (layout: try PreviousArgument.read(path, kind: .flow), path: path)
        }
        let width =
            try args.double("width", range: Self.widths)
            ?? previous.map { $0.layout.size.width }.flatMap { Self.widths.contains($0) ? $0 : nil } ?? Self.defaultWidth
        // Said here, with the option's own name and the numbers as typed, before the layout finds it.
        guard width > options.insets.horizontal else {
            let insets = options.insets
            throw RecipeError.usage(
                "--width \(NumberText.plain(width)) leaves no room inside --insets (\(NumberText.plain(insets.left)) left, "
                    + "\(NumberText.plain(insets.right)) right): give a --width above \(NumberText.plain(insets.horizontal)) or smaller --insets",
                key: "width")
        }
        options.previous = try previous.map { (p) throws(RecipeError) in
            try PreviousArgument.flowPlaces(p.layout, path: p.path, width: width)
        }
        return (options, style.seed, width)
    }

    /// The widths --width takes, in points.
    static let widths = 1.0...100_000

    /// The options of the rows: insets, spacing, alignment, direction, overflow and the row limit.
    private static func readRows(_ args: Recipe, into options: inout FlowOptions) throws(RecipeError) {
        if let v = args.string("insets") { options.insets = try insets(v, option: "insets") }
        if let v = try args.double("spacing") { options.itemSpacing = v }
        if let v = try args.double("row-spacing") { options.rowSpacing = v }
        if let a = args.string("align") {
            if a.lowercased() == "justified" || a.lowercased() == "justify" {
                options.justify = true
            } else if let alignment = FlowOptions.Alignment(rawValue: a.lowercased()) {
                options.alignment = alignment
            } else {
                throw RecipeError.usage(
                    "invalid value \"\(a)\" for --align: expected one of leading, center, trailing, justified", key: "align")
            }
        }
        if args.flag("justify") { options.justify = true }
        options.crossAlignment = try args.choice("valign", FlowOptions.CrossAlignment.self) ?? options.crossAlignment
        if args.flag("rtl") { options.direction = .rightToLeft }
        options.overflow = try args.choice("overflow", FlowOptions.Overflow.self) ?? options.overflow
        options.oversize = try args.choice("oversize", FlowOptions.Oversize.self) ?? options.oversize
        if let v = try args.double("min-remaining") { options.minimumRemainingWidth = v }
        if let v = try args.int("max-rows") { options.maximumRows = v }
    }

    /// Each tag's padding and frame (`--pill`, `--tag-fill`, `--tag-border`): a frame brings its
    /// own padding unless one is given.
    private static func readFrame(_ args: Recipe, into options: inout FlowOptions) throws(RecipeError) {
        let padding = args.string("padding")
        if let padding {
            let p = try numbers(padding, option: "padding", counts: [1, 2])
            options.padding = p.count == 1 ? EdgeInsets(all: p[0]) : EdgeInsets(vertical: p[0], horizontal: p[1])
        }
        let pill = args.flag("pill")
        let fill = try args.string("tag-fill").map { (t) throws(RecipeError) in
            try StyleArguments.parseColor(t, option: "tag-fill")
        }
        let border = try args.string("tag-border").map { (t) throws(RecipeError) in
            try StyleArguments.parseColor(t, option: "tag-border")
        }
        // Read (and so checked) even when no frame uses them: a mistyped value is an error, not
        // silently ignored until a frame is added.
        let borderWidth = try args.double("tag-border-width")
        let cornerRadius = try args.double("corner-radius")
        guard pill || fill != nil || border != nil else { return }
        var d = TagDecoration(
            fill: fill ?? (pill ? Self.pillFill : nil), border: border,
            borderWidth: borderWidth ?? TagDecoration().borderWidth, cornerRadius: .greatestFiniteMagnitude)
        if let cornerRadius { d.cornerRadius = cornerRadius }
        options.decoration = d
        if padding == nil { options.padding = Self.framePadding }
    }

    /// Insets as --insets (`pairs` false) and --padding (`pairs` true) read them: one value when all
    /// sides agree, else vertical,horizontal for --padding and top,left,bottom,right for --insets.
    static func lengths(_ e: EdgeInsets, pairs: Bool) -> String {
        let plain = NumberText.plain
        if e.top == e.left && e.top == e.bottom && e.top == e.right { return plain(e.top) }
        if pairs { return "\(plain(e.top)),\(plain(e.left))" }
        return [e.top, e.left, e.bottom, e.right].map(plain).joined(separator: ",")
    }

    /// Insets from one value or four comma-separated values.
    static func insets(_ text: String, option: String) throws(RecipeError) -> EdgeInsets {
        let v = try numbers(text, option: option, counts: [1, 4])
        return v.count == 1 ? EdgeInsets(all: v[0]) : EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// Comma-separated non-negative lengths, in one of the allowed counts.
    static func numbers(_ text: String, option: String, counts: [Int]) throws(RecipeError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingSpacesAndTabs())
        }
        guard counts.contains(parts.count), parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 100_000 }) else {
            let forms = counts.map { NumberText.count($0, "number") }.joined(separator: " or ")
            throw RecipeError.usage(
                "invalid value \"\(text)\" for --\(option): expected \(forms) of points from 0 to 100000, separated by commas",
                key: option)
        }
        return parts.map { $0! }
    }

    /// The flag of each option property the library names in its errors.
    static let optionFlags = StyleArguments.optionFlags(
        adding: [
            "itemSpacing": "spacing", "rowSpacing": "row-spacing", "minimumRemainingWidth": "min-remaining",
            "maximumRows": "max-rows", "decoration.borderWidth": "tag-border-width", "decoration.cornerRadius": "corner-radius",
            "insets.top": "insets", "insets.left": "insets", "insets.bottom": "insets", "insets.right": "insets",
            "padding.top": "padding", "padding.left": "padding", "padding.bottom": "padding", "padding.right": "padding",
        ])
}
