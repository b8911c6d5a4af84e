import TagCloud
import TagCloudExport
import TagCloudGraphics

extension OutputRequest {
    /// The SVG or HTML bytes of `layout` (its contrast already guarded) as the options ask: words
    /// as text or as outlines (`--svg-outlines`), fonts embedded (`--svg-embed-fonts`), upright CJK
    /// words as outlines either way; the layout JSON's with `--json-glyphs`. Nil for PNG and PDF,
    /// which Cairo draws. The tool and the WebAssembly engine both write through this.
    package func vectorBytes(_ layout: CloudLayout) throws(CoreError) -> [UInt8]? {
        let outlines = GlyphOutlineCache()
        let mode: SVGWriter.Mode = svgOutlines ? .outlines(outlines) : .text
        switch destination.format {
        case .svg:
            let embedded: (any FontSubsetProvider)? = svgEmbedFonts ? FontSubsetter() : nil
            return try SVGWriter(mode: mode, embeddedFonts: embedded, uprightOutlines: outlines).data(layout)
        case .html: return try HTMLWriter(theme: theme, mode: mode, uprightOutlines: outlines).data(layout)
        case .json: return try LayoutJSON.bytes(layout, glyphs: jsonGlyphs)
        case .png, .pdf: return nil
        }
    }
}
