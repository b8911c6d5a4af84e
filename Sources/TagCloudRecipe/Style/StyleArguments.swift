import TagCloud

/// The styling flags `flow` and `cloud` share, and their mapping onto `CloudStyle` (one flag, one field).
package enum StyleArguments {
    static let group = "Style"

    /// The library's defaults, which the option table reports and the flags fall back to.
    private static let defaultStyle = CloudStyle()
    /// The weight used without --font-weight.
    static let defaultWeight = FontDescriptor.default.weight
    /// The sizes of --random-sizes without --min-size and --max-size: the original recipe's.
    static let randomSizes = 10.0...27.0

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    package static let specs: [RecipeKey] = [
        RecipeKey("font", short: "f", valueName: "FAMILY|FILE", help: "Font family (found through fontconfig) or font file. Repeat for several fonts; each tag gets one (see --font-choice). Default: DejaVu Sans.", repeatable: true, group: group,
                   defaultValue: FontDescriptor.default.family),
        RecipeKey("font-weight", valueName: "WEIGHT", help: "100–900, or thin, light, regular, medium, semibold, bold, black. Default: regular.", group: group,
                   defaultValue: String(defaultWeight)),
        RecipeKey("font-style", valueName: "STYLE", help: "normal, italic or oblique.", group: group,
                   defaultValue: FontDescriptor.default.style.rawValue),
        RecipeKey("font-choice", valueName: "MODE", help: "random (seeded) or cycle, when several fonts are given.", group: group,
                   defaultValue: defaultStyle.fontChoice.rawValue),
        // The size defaults depend on the command and on --random-sizes: see `sizes`.
        RecipeKey("min-size", valueName: "PT", help: "Font size of the lightest tag, in points.", group: group),
        RecipeKey("max-size", valueName: "PT", help: "Font size of the heaviest tag, in points.", group: group),
        RecipeKey("size-scale", valueName: "CURVE", help: "Weight to size: linear, sqrt or log.", group: group,
                   defaultValue: WeightScale().curve.rawValue),
        RecipeKey("random-sizes", help: "Pick each size at random between --min-size and --max-size (default 10–27 pt, the original recipe).", group: group),
        RecipeKey("weight-range", valueName: "MIN,MAX", help: "Map weights onto sizes as if they spanned MIN to MAX (weights outside take the nearer end's size), not their own range: clouds made separately with one range and one --max-size share one size scale. In a word cloud, implies --sizes exact at a fixed scale.", group: group),
        RecipeKey("legend", help: "Add a key below the picture: a few weights, each with a sample drawn at its size. In a word cloud, implies --sizes exact.", group: group),
        RecipeKey("palette", short: "p", valueName: "NAME", help: "Colour palette (see `tagcloud palettes`): tableau10 (default), category10, set2, dark2, pastel, bold, viridis, magma, plasma, blues, mono.", group: group,
                   defaultValue: defaultStyle.palette.name),
        RecipeKey("color", valueName: "COLOR", help: "A colour of your own palette (CSS name, #rgb, #rrggbb, #rrggbbaa, rgb()); repeat for several. Replaces --palette.", repeatable: true, group: group),
        RecipeKey("color-mode", valueName: "MODE", help: "random (seeded, default), cycle, weight (heaviest takes the first colour), rank, group, or cluster (each group of related words of cloud --arrange semantic).", group: group,
                   defaultValue: defaultStyle.colorMode.rawValue),
        RecipeKey("background", short: "b", valueName: "COLOR", help: "Canvas colour, or `transparent`. Default: white.", group: group,
                   defaultValue: defaultStyle.background?.hex ?? "transparent"),
        RecipeKey("no-contrast-guard", help: "Draw colours exactly as given, even when a word contrasts less than 3:1 with its background (by default such colours are darkened or lightened just enough).", group: group),
        RecipeKey("seed", short: "s", valueName: "N", help: "Seed for every random choice; the same seed gives the same bytes. Printed when not given.", group: group),
    ]

    static let weightNames: [String: Int] = [
        "thin": 100, "extralight": 200, "light": 300, "regular": 400, "normal": 400, "book": 400,
        "medium": 500, "semibold": 600, "bold": 700, "extrabold": 800, "black": 900, "heavy": 900,
    ]

    /// The style flags resolved; `defaultSizes` are the sizes used when neither --min-size nor
    /// --max-size is given.
    static func resolve(_ args: Recipe, defaultSizes: ClosedRange<Double>) throws(RecipeError) -> StyleRequest {
        var style = CloudStyle()
        style.fonts = try fonts(args)
        style.fontChoice = try args.choice("font-choice", CloudStyle.Choice.self) ?? style.fontChoice

        let random = args.flag("random-sizes")
        let sizes = try givenSizes(args)
        let (lo, hi) = self.sizes(given: sizes, random: random, defaultSizes: defaultSizes)
        if lo > hi {
            throw RecipeError.usage(
                "--min-size \(NumberText.plain(lo)) is larger than --max-size \(NumberText.plain(hi)): the minimum must not exceed the maximum",
                key: "min-size")
        }
        style.weightRange = try weightRange(args)
        if random && (style.weightRange != nil || args.flag("legend")) {
            throw RecipeError.usage(
                "--\(style.weightRange != nil ? "weight-range" : "legend") needs sizes that follow the weights: drop --random-sizes",
                key: "random-sizes")
        }
        // Random sizes follow no curve, so --size-scale is not read with them.
        var curve: WeightScale.Curve?
        if random {
            style.sizing = .random(minimum: lo, maximum: hi)
        } else {
            curve = try args.choice("size-scale", WeightScale.Curve.self)
            style.sizing = .scaled(WeightScale(curve: curve ?? WeightScale().curve, minimumSize: lo, maximumSize: hi))
        }

        let custom = try args.strings("color").map { (text) throws(RecipeError) in try parseColor(text, option: "color") }
        if !custom.isEmpty {
            style.palette = Palette(name: "custom", colors: custom)
        } else if let name = args.string("palette") {
            do throws(TagCloudError) { style.palette = try Palette(named: name) } catch {
                throw RecipeError.usage(error.description)
            }
        }
        style.colorMode = try args.choice("color-mode", CloudStyle.ColorMode.self) ?? style.colorMode
        if let bg = args.string("background") {
            let c = try parseColor(bg, option: "background")
            style.background = c.alpha == 0 ? nil : c
        }
        return StyleRequest(
            style: style, minimumSize: sizes.min, maximumSize: sizes.max, curve: curve,
            seed: try Seed(args))
    }

    /// `--weight-range MIN,MAX`: two finite numbers, the first smaller; nil when not given.
    static func weightRange(_ args: Recipe) throws(RecipeError) -> ClosedRange<Double>? {
        guard let text = args.string("weight-range") else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double(String($0.filter { $0 != " " }))
        }
        guard parts.count == 2, let lo = parts[0], let hi = parts[1], lo.isFinite, hi.isFinite else {
            throw RecipeError.usage(
                "invalid value \"\(text)\" for --weight-range: expected MIN,MAX, two finite numbers such as 0,100",
                key: "weight-range")
        }
        guard lo < hi else {
            throw RecipeError.usage(
                "invalid value \"\(text)\" for --weight-range: expected MIN,MAX with MIN smaller than MAX, such as 0,100",
                key: "weight-range")
        }
        return lo...hi
    }

    /// The fonts of `--font`, each at `--font-weight` and in `--font-style`.
    private static func fonts(_ args: Recipe) throws(RecipeError) -> [FontDescriptor] {
        var weight = defaultWeight
        if let w = args.string("font-weight") {
            if let n = Int(w), (1...1000).contains(n) {
                weight = n
            } else if let n = weightNames[w.lowercased()] {
                weight = n
            } else {
                throw RecipeError.usage(
                    "invalid value \"\(w)\" for --font-weight: expected 100–900 or a name such as bold", key: "font-weight")
            }
        }
        var fontStyle = FontDescriptor.default.style
        if let s = args.string("font-style") {
            guard let v = FontStyle(rawValue: s.lowercased()) else {
                throw RecipeError.usage(
                    "invalid value \"\(s)\" for --font-style: expected normal, italic or oblique", key: "font-style")
            }
            fontStyle = v
        }
        let families = args.strings("font").isEmpty ? [FontDescriptor.default.family] : args.strings("font")
        return families.map { FontDescriptor(family: $0, weight: weight, style: fontStyle) }
    }

    /// The flag of each style property the library names in its errors (both layouts' minimum font
    /// size is `--min-size`).
    static let optionFlags: [String: String] = [
        "minimumFontSize": "min-size", "style.sizing.minimumSize": "min-size", "style.sizing.maximumSize": "max-size",
        "style.weightRange": "weight-range", "legend": "legend",
    ]

    /// The style's flags (`optionFlags`) and a layout's `own`; the style's flag wins where both
    /// name a property.
    static func optionFlags(adding own: [String: String]) -> [String: String] {
        var flags = optionFlags
        for (name, flag) in own where flags[name] == nil { flags[name] = flag }
        return flags
    }

    /// `--min-size` and `--max-size` as given; their range is the library's to check
    /// (`CloudStyle.validate`), only their order is said here, as it concerns both flags.
    private static func givenSizes(_ args: Recipe) throws(RecipeError) -> (min: Double?, max: Double?) {
        (try args.double("min-size"), try args.double("max-size"))
    }

    /// The smallest and largest font sizes: --min-size and --max-size, or the defaults, which depend
    /// on --random-sizes and on each other (a --min-size above the default maximum raises it).
    static func sizes(_ args: Recipe, defaultSizes: ClosedRange<Double>) throws(RecipeError) -> (min: Double, max: Double) {
        sizes(given: try givenSizes(args), random: args.flag("random-sizes"), defaultSizes: defaultSizes)
    }

    private static func sizes(
        given: (min: Double?, max: Double?), random: Bool,
        defaultSizes: ClosedRange<Double>
    ) -> (min: Double, max: Double) {
        let lo = given.min ?? (random ? randomSizes.lowerBound : defaultSizes.lowerBound)
        let hi = given.max ?? (random ? randomSizes.upperBound : max(lo, defaultSizes.upperBound))
        return (lo, hi)
    }

    /// The colour `text`, the value of colour option `option`, which an error names.
    static func parseColor(_ text: String, option: String) throws(RecipeError) -> Color {
        guard let c = Color.parse(text) else {
            throw RecipeError.usage(
                "invalid colour \"\(text)\" for --\(option): use a CSS name (navy), #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or transparent",
                key: option)
        }
        return c
    }
}

/// The style flags of `flow` and `cloud`, resolved: the `CloudStyle`, the size options as given
/// (the word cloud turns them into a fitted sizing) and the seed.
struct StyleRequest {
    /// Fonts, sizing, palette, colour mode and background.
    var style: CloudStyle
    /// `--min-size`, nil when not given.
    var minimumSize: Double?
    /// `--max-size`, nil when not given.
    var maximumSize: Double?
    /// `--size-scale`, nil when not given.
    var curve: WeightScale.Curve?
    /// `--seed`, or one drawn for this run.
    var seed: Seed
}
