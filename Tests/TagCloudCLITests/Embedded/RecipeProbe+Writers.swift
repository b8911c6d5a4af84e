import TagCloud
import TagCloudExport

extension RecipeProbe {
    /// The formats `writerText` writes: the layout JSON without and with glyphs, SVG and HTML.
    static let writerFormats = ["json", "json-glyphs", "svg", "html"]

    /// For input `write FORMAT` on the first line and a layout's JSON after it: the layout written
    /// in FORMAT by `TagCloudExport`'s writers, or the error; the two builds must write the same bytes.
    static func writerText(_ bytes: [UInt8]) -> String {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return "error: give write FORMAT, a newline, a layout\n" }
        let format = String(decoding: bytes[..<newline].dropFirst("write ".utf8.count), as: UTF8.self)
        let layout: CloudLayout
        do throws(LayoutJSONError) {
            layout = try CloudLayout(json: Array(bytes[(newline + 1)...]))
        } catch {
            return "error " + error.description + "\n"
        }
        do throws(CoreError) {
            switch format {
            case "json": return String(decoding: try LayoutJSON.bytes(layout), as: UTF8.self)
            case "json-glyphs": return String(decoding: try LayoutJSON.bytes(layout, glyphs: true), as: UTF8.self)
            case "svg": return try SVGWriter().svg(layout)
            case "html": return try HTMLWriter().html(layout)
            default: return "error: no format \(format)\n"
            }
        } catch {
            return "error \(error)\n"
        }
    }
}
