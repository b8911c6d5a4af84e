import TagCloud
import TagCloudRecipe

extension RecipeProbe {
    /// The keys a word cloud's options are resolved from: `tagcloud cloud`'s.
    static let cloudKeys = CloudKeys.all

    /// The picture an image key names in the probe, so that both builds see the same pixels without
    /// a PNG decoder: `disc-WxH` is a black disc on white, `ring-WxH` a translucent one on clear.
    /// A path is read by its file name without `.png`, so the tool can be given the same picture
    /// as a PNG file (`disc-600x400.png`).
    static func image(_ name: String) throws(RecipeError) -> CloudRecipe.Image {
        var stem = Substring(name.split(separator: "/").last ?? "")
        if stem.hasSuffix(".png") { stem = stem.dropLast(4) }
        let parts = stem.split(separator: "-")
        let size = parts.count == 2 ? parts[1].split(separator: "x").compactMap { Int($0) } : []
        guard size.count == 2, size[0] > 0, size[1] > 0, size[0] * size[1] <= 1 << 20 else {
            throw RecipeError.input("no picture \"\(name)\"")
        }
        let (w, h) = (size[0], size[1])
        let clear = parts[0] == "ring"
        var pixels: [UInt32] = []
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(2 * x + 1 - w) / Double(w), dy = Double(2 * y + 1 - h) / Double(h)
                let inside = dx * dx + dy * dy <= 0.8
                pixels.append(inside ? (clear ? 0xC0FF_8000 : 0xFF10_2030) : (clear ? 0x0000_0000 : 0xFFFF_FFFF))
            }
        }
        return (RGBAImage(width: w, height: h, pixels: pixels), name)
    }

    /// The word cloud options a recipe resolves to (`CloudRecipe.options`), every field, the notes
    /// it gave, or the error.
    static func cloudText(_ bytes: [UInt8]) -> String {
        let n = DecimalText.plain
        var notes = ""
        do throws(RecipeError) {
            let object = try OptionsObject(bytes, name: "the recipe")
            let recipe = try ConfigFile.merge(object, under: Recipe(), options: cloudKeys, command: "cloud", source: "the recipe")
            let (o, seed) = try CloudRecipe.options(
                recipe, image: { (key) throws(RecipeError) in try recipe.string(key).map(image) },
                note: { notes += "note " + $0 + "\n" }, checkCanvas: { (_, _) throws(RecipeError) in })
            var text = "canvas \(o.width)x\(o.height) seed \(seed.value) drawn \(seed.drawn) words \(o.maximumWords) "
            text += "margin \(o.margin) min \(n(o.minimumFontSize)) step \(n(o.fontSizeStep))\n"
            switch o.rotation {
            case .angles(let a): text += "angles \(a.map(n).joined(separator: ","))"
            case .range(let lo, let hi): text += "range \(n(lo))..\(n(hi))"
            }
            text += " horizontal \(n(o.preferHorizontal)) \(o.strategy.rawValue) random \(o.randomStart) fit \(o.fit.rawValue) "
            text += "repeat \(o.repeatWords) \(o.sizes.rawValue) legend \(o.legend)\n"
            switch o.area {
            case .canvas: text += "area canvas"
            case .shape(let s): text += "area \(s.rawValue)"
            case .mask(let m): text += "area mask \(m.width)x\(m.height) \(m.popCount) set"
            }
            text += " contour \(n(o.contourWidth)) \(o.contourColor.hex)\n"
            if let c = o.colorImage {
                text += "colours \(c.width)x\(c.height) \(c.pixels.reduce(UInt64(0)) { $0 &+ UInt64($1) })\n"
            }
            return text + styleText(o.style) + notes
        } catch {
            return notes + "error (exit \(error.exitCode)) " + error.message + "\n"
        }
    }
}
