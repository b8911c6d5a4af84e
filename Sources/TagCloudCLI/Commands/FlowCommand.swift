import Foundation
import TagCloud
import TagCloudGraphics

/// `tagcloud flow`: tags in rows that wrap.
enum FlowCommand {
    static let layoutGroup = "Layout"
    static let inputGroup = "Input"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let library = FlowOptions()
    /// The width without --width; a flow needs one, and the library leaves it to the caller.
    static let defaultWidth = 600.0
    /// Sizes without --min-size and --max-size (and without --random-sizes).
    static let defaultSizes = 14.0...36.0
    /// A text has thousands of words; a flow shows the most frequent unless --top says otherwise.
    static let defaultTextTop = 100
    /// The padding and fill of a tag with a frame (--pill, --tag-fill or --tag-border) when not given.
    static let framePadding = EdgeInsets(vertical: 4, horizontal: 10)
    static let pillFill = Color(rgb: 0xEEF1F5)

    static let specs: [OptionSpec] = [
        OptionSpec("input", short: "i", valueName: "FILE", help: "Read tags from FILE: `tag` or `tag<TAB>weight` lines (# comments), CSV, or JSON; - for standard input. Repeatable.", repeatable: true, group: inputGroup),
        OptionSpec("width", short: "w", valueName: "PT", help: "Width of the cloud in points; the height follows.", group: layoutGroup,
                   defaultValue: plain(defaultWidth)),
        OptionSpec("insets", valueName: "PT[,PT,PT,PT]", help: "Space around the cloud: one value, or top,left,bottom,right.", group: layoutGroup,
                   defaultValue: lengths(library.insets, pairs: false)),
        OptionSpec("spacing", valueName: "PT", help: "Space between tags in a row.", group: layoutGroup,
                   defaultValue: plain(library.itemSpacing)),
        OptionSpec("row-spacing", valueName: "PT", help: "Space between rows.", group: layoutGroup,
                   defaultValue: plain(library.rowSpacing)),
        OptionSpec("align", valueName: "ALIGN", help: "Row alignment: leading (default), center, trailing, or justified (= leading with --justify).", group: layoutGroup,
                   defaultValue: library.alignment.rawValue),
        OptionSpec("justify", help: "Fill every row but the last from edge to edge.", group: layoutGroup),
        OptionSpec("valign", valueName: "ALIGN", help: "Mixed sizes in a row: baseline (default), top, center or bottom.", group: layoutGroup,
                   defaultValue: library.crossAlignment.rawValue),
        OptionSpec("rtl", help: "Right-to-left rows: the first tag at the right, alignment mirrored.", group: layoutGroup),
        OptionSpec("overflow", valueName: "POLICY", help: "A tag wider than the space left in its row: wrap (default), shrink (smaller font) or truncate (ellipsis), when at least --min-remaining is left.", group: layoutGroup,
                   defaultValue: library.overflow.rawValue),
        OptionSpec("min-remaining", valueName: "PT", help: "Least space left in a row for shrink/truncate to use it.", group: layoutGroup,
                   defaultValue: plain(library.minimumRemainingWidth)),
        OptionSpec("oversize", valueName: "POLICY", help: "A tag wider than a whole row: truncate (default) or scale.", group: layoutGroup,
                   defaultValue: library.oversize.rawValue),
        OptionSpec("max-rows", valueName: "N", help: "At most N rows; the tags left over are reported (\"+N more\").", group: layoutGroup),
        OptionSpec("padding", valueName: "PT[,PT]", help: "Space inside each tag's frame: one value, or vertical,horizontal.", group: layoutGroup,
                   defaultValue: lengths(library.padding, pairs: true)),
        OptionSpec("pill", help: "Draw each tag as a pill: rounded frame with a light fill (padding 4,10 unless given).", group: layoutGroup),
        OptionSpec("tag-fill", valueName: "COLOR", help: "Fill colour of each tag's frame (implies a frame).", group: layoutGroup),
        OptionSpec("tag-border", valueName: "COLOR", help: "Border colour of each tag's frame (implies a frame).", group: layoutGroup),
        OptionSpec("tag-border-width", valueName: "PT", help: "Border width. Default: 1.", group: layoutGroup,
                   defaultValue: plain(TagDecoration().borderWidth)),
        OptionSpec("corner-radius", valueName: "PT", help: "Corner radius of each tag's frame. Default: half the height (a pill).", group: layoutGroup),
    ] + StyleArguments.specs + OutputArguments.specs + TextArguments.specs + [CommonOptions.help]

    static let usage = [
        "[options] TAG... -o FILE",
        "[options] --input FILE -o FILE",
        "[options] --text FILE -o FILE",
    ]

    static let examples = [
        "tagcloud flow --width 600 --font \"DejaVu Sans\" --palette tableau10 --seed 7 swift ios linux \"machine learning\" -o tags.png",
        "tagcloud flow --input tags.tsv --align center --justify -o tags.svg",
        "tagcloud flow --input tags.tsv -o tags.json      # frames for UIButtons / SwiftUI",
        "tagcloud flow --pill --max-rows 3 --input tags.tsv -o tags.png --scale 2",
    ]

    static func run(_ argv: [String]) throws {
        let args = try CommandLineParser(options: specs).parse(argv)
        if args.flag("help") {
            try StandardOutput.print(helpText(command: "tagcloud flow", summary: "Lay tags out in rows that wrap, like the words of a paragraph.",
                           usage: usage, options: specs, examples: examples))
            return
        }
        try OutputArguments.checkDestination(args)   // fail on a bad -o before any work
        let quiet = args.flag("quiet")
        var options = FlowOptions()
        options.style = try StyleArguments.style(from: args, defaultSizes: defaultSizes)
        let seed = try StyleArguments.seed(from: args)
        options.seed = seed.value
        if let v = args.string("insets") { options.insets = try insets(v, option: "insets") }
        if let v = try args.double("spacing", range: 0...10_000) { options.itemSpacing = v }
        if let v = try args.double("row-spacing", range: 0...10_000) { options.rowSpacing = v }
        if let a = args.string("align") {
            if a.lowercased() == "justified" || a.lowercased() == "justify" {
                options.justify = true
            } else {
                options.alignment = try StyleArguments.choice(args, "align", FlowOptions.Alignment.self) ?? options.alignment
            }
        }
        if args.flag("justify") { options.justify = true }
        options.crossAlignment = try StyleArguments.choice(args, "valign", FlowOptions.CrossAlignment.self) ?? options.crossAlignment
        if args.flag("rtl") { options.direction = .rightToLeft }
        options.overflow = try StyleArguments.choice(args, "overflow", FlowOptions.Overflow.self) ?? options.overflow
        options.oversize = try StyleArguments.choice(args, "oversize", FlowOptions.Oversize.self) ?? options.oversize
        if let v = try args.double("min-remaining", range: 0...100_000) { options.minimumRemainingWidth = v }
        if let v = try args.int("max-rows", range: 1...1_000_000) { options.maxRows = v }
        if let v = args.string("padding") {
            let p = try numbers(v, option: "padding", counts: [1, 2])
            options.padding = p.count == 1 ? EdgeInsets(all: p[0]) : EdgeInsets(vertical: p[0], horizontal: p[1])
        }
        let fill = try args.string("tag-fill").map(StyleArguments.parseColor(option: "tag-fill"))
        let border = try args.string("tag-border").map(StyleArguments.parseColor(option: "tag-border"))
        if args.flag("pill") || fill != nil || border != nil {
            var d = TagDecoration(fill: fill ?? (args.flag("pill") ? pillFill : nil), border: border,
                                  borderWidth: try args.double("tag-border-width", range: 0...1000) ?? TagDecoration().borderWidth,
                                  cornerRadius: .greatestFiniteMagnitude)
            if let r = try args.double("corner-radius", range: 0...100_000) { d.cornerRadius = r }
            options.decoration = d
            if args.string("padding") == nil { options.padding = framePadding }
        }
        let width = try args.double("width", range: 1...100_000) ?? defaultWidth
        // Said here, with the option's own name and the numbers as typed, before the layout finds it.
        guard width > options.insets.horizontal else {
            throw CLIError.usage("--width \(plain(width)) leaves no room inside --insets (\(plain(options.insets.left)) left, "
                + "\(plain(options.insets.right)) right): give a --width above \(plain(options.insets.horizontal)) or smaller --insets")
        }
        // The height is known only after the layout, but a width too wide for a PNG or PDF is refused now.
        try OutputArguments.checkOutputSize(width: width, height: 1, args, subject: "--width \(plain(width))")
        let report = VerboseReport(args)
        report.start()
        let terms = try TagInput.read(args, defaultTextTop: defaultTextTop, quiet: quiet, report: report)
        report.phase("read", "\(terms.count) tags")
        let layout = try Failure.wrap { try FlowLayout(options).layout(terms, typesetter: FreeTypeTypesetter(), width: width) }
        let hidden = layout.unplaced.filter { $0.reason == .rowLimit }.count
        report.phase("layout", "\(layout.placed.count) placed, \(hidden) hidden by --max-rows, \(layout.unplaced.count - hidden) empty, "
                     + "\(layout.placed.filter(\.shrunk).count) shrunk, \(layout.placed.filter { $0.fullText != nil }.count) truncated; "
                     + "\(plain(layout.size.width))x\(plain(layout.size.height)) pt")
        report.unplaced(layout.unplaced)
        try OutputArguments.checkOutputSize(width: layout.size.width, height: layout.size.height, args,
                                           subject: "the flow is \(plain(layout.size.width))x\(plain(layout.size.height)) pt")
        try OutputArguments.write(layout, args, report: report)
        StyleArguments.announce(seed: seed, quiet: quiet)
        if !quiet && !layout.unplaced.isEmpty {
            Console.note("placed \(layout.placed.count) of \(terms.count) tags; \(hidden) hidden by --max-rows, \(layout.unplaced.count - hidden) empty")
        }
    }

    /// The value of each option when the command line `args` does not give it (for `config --print`):
    /// the table's defaults, and those that depend on other options.
    static func defaults(for args: ParsedArguments) -> [String: String] {
        var d = tableDefaults(specs)
        if args.flag("pill") || args.string("tag-fill") != nil || args.string("tag-border") != nil {
            d["padding"] = lengths(framePadding, pairs: true)
        }
        if args.flag("pill") { d["tag-fill"] = pillFill.hex }
        if let sizes = try? StyleArguments.sizes(args, defaultSizes: defaultSizes) {
            d["min-size"] = plain(sizes.min)
            d["max-size"] = plain(sizes.max)
        }
        TextArguments.adjust(&d, counting: !args.strings("text").isEmpty, defaultTop: defaultTextTop)
        return d
    }

    /// Insets as --insets (`pairs` false) and --padding (`pairs` true) read them: one value when all
    /// sides agree, else vertical,horizontal for --padding and top,left,bottom,right for --insets.
    static func lengths(_ e: EdgeInsets, pairs: Bool) -> String {
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
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard counts.contains(parts.count), parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 100_000 }) else {
            let forms = counts.map { "\($0) number\($0 == 1 ? "" : "s")" }.joined(separator: " or ")
            throw CLIError.usage("invalid value \"\(text)\" for --\(option): expected \(forms) of points from 0 to 100000, separated by commas")
        }
        return parts.map { $0! }
    }
}
