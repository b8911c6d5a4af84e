/// The output formats, chosen from the file extension or `--format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Raster image through Cairo.
    case png
    /// Vector document through Cairo.
    case pdf
    /// SVG text or outlines.
    case svg
    /// The `CloudLayout` as JSON.
    case json
    /// A self-contained interactive web page (inline SVG, keyboard and mouse, `tagcloud:select` events).
    case html

    /// Also accept `.htm`.
    public init?(rawValue: String) {
        switch rawValue {
        case "png": self = .png
        case "pdf": self = .pdf
        case "svg": self = .svg
        case "json": self = .json
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The format named by a path's extension, if any.
    public init?(path: String) {
        // The last name's extension, as Foundation's `pathExtension` reads it: after its last dot,
        // none for a name that is only a dot and an extension (`.json`).
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }
}
