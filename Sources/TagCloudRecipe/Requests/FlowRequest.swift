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
        let (options, seed, width) = try Self.layout(args)
        let output = try OutputRequest(destination, args)
        // The height is known only after the layout, but a width too wide for a PNG or PDF is refused now.
        try output.checkSize(width: width, height: 1, subject: "--width \(NumberText.plain(width))")
        self.options = options
        self.seed = seed
        self.width = width
        self.output = output
        terms = try TermSources(args, defaultTextTop: FlowCommand.defaultTextTop)
    }

    /// The flow's options, seed and width `args` ask for: the style, the layout options, then the
    /// width (an earlier flow's when none is given).
    static func layout(_ args: Recipe) throws -> (options: FlowOptions, seed: Seed, width: Double) {
        var options = FlowOptions()
        let style = try StyleArguments.resolve(args, defaultSizes: FlowCommand.defaultSizes)
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
        try RecipeError.mappingOptionErrors(args, flags: Self.optionFlags) { try options.validate() }
        // An earlier flow sets the default width: its tags can keep their places only at its width.
        let previous = try args.string("previous").map { path in
            (layout: try PreviousArgument.read(path, kind: .flow), path: path)
        }
        let width =
            try args.double("width", range: Self.widths)
            ?? previous.map(\.layout.size.width).flatMap { Self.widths.contains($0) ? $0 : nil } ?? FlowCommand.defaultWidth
        // Said here, with the option's own name and the numbers as typed, before the layout finds it.
        guard width > options.insets.horizontal else {
            let insets = options.insets
            throw RecipeError.usage(
                "--width \(NumberText.plain(width)) leaves no room inside --insets (\(NumberText.plain(insets.left)) left, "
                    + "\(NumberText.plain(insets.right)) right): give a --width above \(NumberText.plain(insets.horizontal)) or smaller --insets",
                key: "width")
        }
        options.previous = try previous.map { try PreviousArgument.flowPlaces($0.layout, path: $0.path, width: width) }
        return (options, style.seed, width)
    }

    /// The widths --width takes, in points.
    static let widths = 1.0...100_000

    /// The options of the rows: insets, spacing, alignment, direction, overflow and the row limit.
    private static func readRows(_ args: Recipe, into options: inout FlowOptions) throws {
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
    private static func readFrame(_ args: Recipe, into options: inout FlowOptions) throws {
        let padding = args.string("padding")
        if let padding {
            let p = try numbers(padding, option: "padding", counts: [1, 2])
            options.padding = p.count == 1 ? EdgeInsets(all: p[0]) : EdgeInsets(vertical: p[0], horizontal: p[1])
        }
        let pill = args.flag("pill")
        let fill = try args.string("tag-fill").map(StyleArguments.parseColor(option: "tag-fill"))
        let border = try args.string("tag-border").map(StyleArguments.parseColor(option: "tag-border"))
        // Read (and so checked) even when no frame uses them: a mistyped value is an error, not
        // silently ignored until a frame is added.
        let borderWidth = try args.double("tag-border-width")
        let cornerRadius = try args.double("corner-radius")
        guard pill || fill != nil || border != nil else { return }
        var d = TagDecoration(
            fill: fill ?? (pill ? FlowCommand.pillFill : nil), border: border,
            borderWidth: borderWidth ?? TagDecoration().borderWidth, cornerRadius: .greatestFiniteMagnitude)
        if let cornerRadius { d.cornerRadius = cornerRadius }
        options.decoration = d
        if padding == nil { options.padding = FlowCommand.framePadding }
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
    static func insets(_ text: String, option: String) throws -> EdgeInsets {
        let v = try numbers(text, option: option, counts: [1, 4])
        return v.count == 1 ? EdgeInsets(all: v[0]) : EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// Comma-separated non-negative lengths, in one of the allowed counts.
    static func numbers(_ text: String, option: String, counts: [Int]) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
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
    static let optionFlags = StyleArguments.optionFlags.merging([
        "itemSpacing": "spacing", "rowSpacing": "row-spacing", "minimumRemainingWidth": "min-remaining",
        "maximumRows": "max-rows", "decoration.borderWidth": "tag-border-width", "decoration.cornerRadius": "corner-radius",
        "insets.top": "insets", "insets.left": "insets", "insets.bottom": "insets", "insets.right": "insets",
        "padding.top": "padding", "padding.left": "padding", "padding.bottom": "padding", "padding.right": "padding",
    ]) { shared, _ in shared }
}
