import TagCloud

/// The styling flags `flow` and `cloud` share, and their mapping onto `CloudStyle` (one flag, one field).
enum StyleArguments {
    static let group = "Style"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let defaultStyle = CloudStyle()
    /// The weight used without --font-weight.
    static let defaultWeight = FontDescriptor.default.weight
    /// The sizes of --random-sizes without --min-size and --max-size: the original recipe's.
    static let randomSizes = 10.0...27.0

    static let specs: [OptionSpec] = [
        OptionSpec("font", short: "f", valueName: "FAMILY|FILE", help: "Font family (found through fontconfig) or font file. Repeat for several fonts; each tag gets one (see --font-choice). Default: DejaVu Sans.", repeatable: true, group: group,
                   defaultValue: FontDescriptor.default.family),
        OptionSpec("font-weight", valueName: "WEIGHT", help: "100–900, or thin, light, regular, medium, semibold, bold, black. Default: regular.", group: group,
                   defaultValue: String(defaultWeight)),
        OptionSpec("font-style", valueName: "STYLE", help: "normal, italic or oblique.", group: group,
                   defaultValue: FontDescriptor.default.style.rawValue),
        OptionSpec("font-choice", valueName: "MODE", help: "random (seeded) or cycle, when several fonts are given.", group: group,
                   defaultValue: defaultStyle.fontChoice.rawValue),
        // The size defaults depend on the command and on --random-sizes: see `sizes`.
        OptionSpec("min-size", valueName: "PT", help: "Font size of the lightest tag, in points.", group: group),
        OptionSpec("max-size", valueName: "PT", help: "Font size of the heaviest tag, in points.", group: group),
        OptionSpec("size-scale", valueName: "CURVE", help: "Weight to size: linear, sqrt or log.", group: group,
                   defaultValue: WeightScale().curve.rawValue),
        OptionSpec("random-sizes", help: "Pick each size at random between --min-size and --max-size (default 10–27 pt, the original recipe).", group: group),
        OptionSpec("palette", short: "p", valueName: "NAME", help: "Colour palette (see `tagcloud palettes`): tableau10 (default), category10, set2, dark2, pastel, bold, viridis, magma, plasma, blues, mono.", group: group,
                   defaultValue: defaultStyle.palette.name),
        OptionSpec("color", valueName: "COLOR", help: "A colour of your own palette (CSS name, #rgb, #rrggbb, #rrggbbaa, rgb()); repeat for several. Replaces --palette.", repeatable: true, group: group),
        OptionSpec("color-mode", valueName: "MODE", help: "random (seeded, default), cycle, weight (heaviest takes the first colour), rank, or group.", group: group,
                   defaultValue: defaultStyle.colorMode.rawValue),
        OptionSpec("background", short: "b", valueName: "COLOR", help: "Canvas colour, or `transparent`. Default: white.", group: group,
                   defaultValue: defaultStyle.background?.hex ?? "transparent"),
        OptionSpec("no-contrast-guard", help: "Draw colours exactly as given, even when a word contrasts less than 3:1 with its background (by default such colours are darkened or lightened just enough).", group: group),
        OptionSpec("seed", short: "s", valueName: "N", help: "Seed for every random choice; the same seed gives the same bytes. Printed when not given.", group: group),
    ]

    static let weightNames: [String: Int] = [
        "thin": 100, "extralight": 200, "light": 300, "regular": 400, "normal": 400, "book": 400,
        "medium": 500, "semibold": 600, "bold": 700, "extrabold": 800, "black": 900, "heavy": 900,
    ]

    /// Builds the style; `defaultSizes` are the sizes used when neither --min-size nor --max-size is given.
    static func style(from args: ParsedArguments, defaultSizes: ClosedRange<Double>) throws -> CloudStyle {
        var style = CloudStyle()
        var weight = defaultWeight
        if let w = args.string("font-weight") {
            if let n = Int(w), (1...1000).contains(n) { weight = n }
            else if let n = weightNames[w.lowercased()] { weight = n }
            else { throw CLIError.usage("invalid value \"\(w)\" for --font-weight: expected 100–900 or a name such as bold") }
        }
        var fontStyle = FontDescriptor.default.style
        if let s = args.string("font-style") {
            guard let v = FontStyle(rawValue: s.lowercased()) else {
                throw CLIError.usage("invalid value \"\(s)\" for --font-style: expected normal, italic or oblique")
            }
            fontStyle = v
        }
        let families = args.strings("font").isEmpty ? [FontDescriptor.default.family] : args.strings("font")
        style.fonts = families.map { FontDescriptor(family: $0, weight: weight, style: fontStyle) }
        style.fontChoice = try choice(args, "font-choice", CloudStyle.Choice.self) ?? style.fontChoice

        let (lo, hi) = try sizes(args, defaultSizes: defaultSizes)
        if lo > hi {
            throw CLIError.usage("--min-size \(plain(lo)) is larger than --max-size \(plain(hi)): the minimum must not exceed the maximum")
        }
        if args.flag("random-sizes") {
            style.sizing = .random(min: lo, max: hi)
        } else {
            let curve = try choice(args, "size-scale", WeightScale.Curve.self) ?? WeightScale().curve
            style.sizing = .scaled(WeightScale(curve: curve, minSize: lo, maxSize: hi))
        }

        let custom = try args.strings("color").map(parseColor(option: "color"))
        if !custom.isEmpty {
            style.palette = Palette(name: "custom", colors: custom)
        } else if let name = args.string("palette") {
            do { style.palette = try Palette(named: name) } catch let e as TagCloudError {
                throw CLIError.usage(e.description)
            }
        }
        style.colorMode = try choice(args, "color-mode", CloudStyle.ColorMode.self) ?? style.colorMode
        if let bg = args.string("background") {
            let c = try parseColor(option: "background")(bg)
            style.background = c.alpha == 0 ? nil : c
        }
        return style
    }

    /// The smallest and largest font sizes: --min-size and --max-size, or the defaults, which depend
    /// on --random-sizes and on each other (a --min-size above the default maximum raises it).
    static func sizes(_ args: ParsedArguments, defaultSizes: ClosedRange<Double>) throws -> (min: Double, max: Double) {
        let random = args.flag("random-sizes")
        let lo = try args.double("min-size", range: 0.5...CloudStyle.maximumFontSize)
            ?? (random ? randomSizes.lowerBound : defaultSizes.lowerBound)
        let hi = try args.double("max-size", range: 0.5...CloudStyle.maximumFontSize)
            ?? (random ? randomSizes.upperBound : max(lo, defaultSizes.upperBound))
        return (lo, hi)
    }

    /// Whether the contrast guard (`ContrastGuard`, at least 3:1 between each word and its
    /// background) applies: on unless `--no-contrast-guard` is given.
    static func contrastGuard(_ args: ParsedArguments) -> Bool { !args.flag("no-contrast-guard") }

    /// A parser for a colour option's value that names the option on failure.
    static func parseColor(option: String) -> (String) throws -> Color {
        { text in
            guard let c = Color.parse(text) else {
                throw CLIError.usage("invalid colour \"\(text)\" for --\(option): use a CSS name (navy), #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or transparent")
            }
            return c
        }
    }

    /// An enumeration-valued option, with the allowed values in the error.
    static func choice<E: RawRepresentable & CaseIterable>(_ args: ParsedArguments, _ name: String,
                                                           _: E.Type) throws -> E? where E.RawValue == String {
        guard let raw = args.string(name) else { return nil }
        if let v = E(rawValue: raw.lowercased()) { return v }
        let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
        throw CLIError.usage("invalid value \"\(raw)\" for --\(name): expected one of \(allowed)")
    }

    /// The seed given, or a fresh one (`fresh` true: announce it once the output is written).
    static func seed(from args: ParsedArguments) throws -> (value: UInt64, fresh: Bool) {
        if let s = try args.uint64("seed") { return (s, false) }
        return (SeededRandom.freshSeed(), true)
    }

    /// Tells the user the seed that was drawn, so the cloud can be reproduced.
    static func announce(seed: (value: UInt64, fresh: Bool), quiet: Bool) {
        if seed.fresh && !quiet {
            Console.note("seed \(seed.value) (pass --seed \(seed.value) to reproduce this cloud)")
        }
    }
}
