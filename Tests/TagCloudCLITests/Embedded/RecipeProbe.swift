import TagCloud
import TagCloudRecipe

/// What a configuration reads as: the recipe a configuration's JSON merges into, printed as
/// `config --print` prints it, and its tags as terms, or the error's one line. Compiled into the
/// native tests and, by `scripts/check-embedded`, into a WebAssembly program built with Embedded
/// Swift, so the two builds are held to the same text for the same bytes.
enum RecipeProbe {
    /// A key table with a key of every kind: numbers, a flag, a repeatable list, a free string.
    static let keys = [
        RecipeKey("width", valueName: "PX", help: "", defaultValue: "800"),
        RecipeKey("seed", valueName: "N", help: ""),
        RecipeKey("font", valueName: "FAMILY", help: "", repeatable: true),
        RecipeKey("palette", valueName: "NAME", help: "", defaultValue: "tableau10"),
        RecipeKey("legend", help: ""),
        RecipeKey("weight-range", valueName: "MIN,MAX", help: ""),
    ]

    /// The recipe `bytes` hold, or the error reading it gives; a layout's JSON (it starts `{"background"`
    /// or `{"contour"`, with keys sorted as the writer sorts them, or `{"fonts"`) is read as a layout.
    static func text(_ bytes: [UInt8]) -> String {
        let start = String(decoding: bytes.prefix(20), as: UTF8.self)
        if ["{\n  \"backgro", "{\n  \"contour", "{\n  \"fonts\":"].contains(where: start.hasPrefix) {
            return layoutText(bytes)
        }
        if start.hasPrefix("{\"command\": \"flow\"") { return flowText(bytes) }
        if start.hasPrefix("{\"command\": \"cloud") { return cloudText(bytes) }
        if start.hasPrefix("math ") { return mathText(bytes) }
        if start.hasPrefix("write ") { return writerText(bytes) }
        do throws(RecipeError) {
            let object = try OptionsObject(bytes, name: "the recipe")
            let recipe = try ConfigFile.merge(object, under: Recipe(), options: keys, command: nil, source: "the recipe")
            var text = ConfigFile.effective(recipe, options: keys, skip: [], command: "cloud")
            for term in recipe.configTerms {
                text += "term " + JSONString.quoted(term.text) + " " + DecimalText.plain(term.weight)
                if let color = term.color { text += " color " + color.hex }
                if let pin = term.pin { text += " pin " + DecimalText.plain(pin.x) + "," + DecimalText.plain(pin.y) }
                text += "\n"
            }
            return text
        } catch {
            return "error (exit \(error.exitCode)) " + error.message + "\n"
        }
    }

    /// Every field of the layout `bytes` hold that `--previous` reads, one word a line, or the error.
    static func layoutText(_ bytes: [UInt8]) -> String {
        let n = DecimalText.plain
        func rect(_ r: Rect) -> String { "\(n(r.x)),\(n(r.y)) \(n(r.width))x\(n(r.height))" }
        func word(_ w: PlacedWord) -> String {
            "\(w.index) \(JSONString.quoted(w.text)) \(n(w.weight)) frame \(rect(w.frame)) ink \(rect(w.inkBounds)) at "
                + "\(n(w.origin.x)),\(n(w.origin.y)) \(n(w.fontSize))pt \(w.font.file)#\(w.font.faceIndex) \(w.color.hex) "
                + "\(n(w.rotation))° glyphs \(w.glyphs.count) fallback \(w.fallbackFonts.count) runs \(w.fontRuns.count)"
                + (w.decoration.map { " frame \($0.fill?.hex ?? "-") \(n($0.cornerRadius))" } ?? "") + "\n"
        }
        do throws(LayoutJSONError) {
            let layout = try CloudLayout(json: bytes)
            var text = "\(layout.kind.rawValue) \(n(layout.size.width))x\(n(layout.size.height)) seed \(layout.seed ?? 0)\n"
            for w in layout.placed { text += word(w) }
            for u in layout.unplaced { text += "unplaced \(u.index) \(JSONString.quoted(u.text)) \(u.reason.rawValue)\n" }
            if let legend = layout.legend {
                text += "legend \(n(legend.height)) " + word(legend.caption)
                for e in legend.entries { text += "entry \(n(e.weight)) " + word(e.sample) + word(e.label) }
            }
            if let c = layout.contour {
                text += "contour \(c.polygons.map { String($0.count) }.joined(separator: ",")) \(n(c.width))\n"
            }
            return text
        } catch {
            return "error " + error.description + "\n"
        }
    }

    /// The keys a flow's options are resolved from: `tagcloud flow`'s.
    static let flowKeys = FlowKeys.all

    /// The flow options a recipe resolves to (`FlowRecipe.options`), every field, or the error.
    static func flowText(_ bytes: [UInt8]) -> String {
        let n = DecimalText.plain
        func insets(_ e: EdgeInsets) -> String { "\(n(e.top)),\(n(e.left)),\(n(e.bottom)),\(n(e.right))" }
        do throws(RecipeError) {
            let object = try OptionsObject(bytes, name: "the recipe")
            let recipe = try ConfigFile.merge(object, under: Recipe(), options: flowKeys, command: "flow", source: "the recipe")
            let (o, seed, width) = try FlowRecipe.options(recipe)
            var text = "width \(n(width)) seed \(seed.value) drawn \(seed.drawn) legend \(o.legend)\n"
            text += "rows \(o.alignment.rawValue) justify \(o.justify) \(o.crossAlignment.rawValue) \(o.direction.rawValue) "
            text += "\(o.overflow.rawValue) \(o.oversize.rawValue) \(n(o.minimumRemainingWidth)) max \(o.maximumRows ?? -1)\n"
            text += "insets \(insets(o.insets)) padding \(insets(o.padding)) spacing \(n(o.itemSpacing)),\(n(o.rowSpacing))\n"
            if let d = o.decoration {
                text += "frame \(d.fill?.hex ?? "-") \(d.border?.hex ?? "-") \(n(d.borderWidth)) \(n(d.cornerRadius))\n"
            }
            text += styleText(o.style)
            if let p = o.previous { text += "previous \(p.words.count) words\n" }
            return text
        } catch {
            return "error (exit \(error.exitCode)) " + error.message + "\n"
        }
    }

    /// The style's sizes, weight range, fonts and colours, one line each kind.
    static func styleText(_ s: CloudStyle) -> String {
        let n = DecimalText.plain
        var text = ""
        switch s.sizing {
        case .scaled(let w): text += "sizes \(w.curve.rawValue) \(n(w.minimumSize))..\(n(w.maximumSize))"
        case .random(let lo, let hi): text += "sizes random \(n(lo))..\(n(hi))"
        case .fitted(let f):
            switch f.rule {
            case .relativeScaling(let r): text += "sizes fitted relative \(n(r))"
            case .curve(let c): text += "sizes fitted \(c.rawValue)"
            }
            text += " max \(f.maximumSize.map(n) ?? "-")"
        }
        text += " range \(s.weightRange.map { n($0.lowerBound) + ".." + n($0.upperBound) } ?? "-")\n"
        for f in s.fonts { text += "font \(JSONString.quoted(f.family)) \(f.weight) \(f.style.rawValue)\n" }
        text += "palette \(s.palette.name) \(s.palette.colors.map { $0.hex }.joined(separator: ",")) "
        text += "\(s.colorMode.rawValue) \(s.fontChoice.rawValue) background \(s.background?.hex ?? "-")\n"
        return text
    }
}
