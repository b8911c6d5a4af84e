/// The file formats a tag list can come in.
public enum TagListFormat: String, Sendable, CaseIterable {
    /// One tag per line, optionally `tag<TAB>weight<TAB>link<TAB>id`; `#` starts a comment line.
    case lines
    /// The same as `lines`; kept separate so callers can say what the user asked for.
    case tsv
    /// `text,weight,link,id,color,group,x,y,angle,size` (all but text optional; x and y together pin
    /// the word), RFC 4180 quoting, optional header.
    case csv
    /// An array of strings or of `{"text", "weight", …}` objects (with `x`, `y`, `angle`, `size`
    /// for a pin), or an object `{"tag": weight}`.
    case json

    /// The format a file name's extension suggests: `.json`, `.csv`, `.tsv`, otherwise `lines`.
    public init(guessingFrom name: String) {
        let base = name.split(separator: "/").last ?? ""
        let ext = base.contains(".") ? base.split(separator: ".").last?.lowercased() : nil
        switch ext {
        case "json": self = .json
        case "csv": self = .csv
        case "tsv": self = .tsv
        default: self = .lines
        }
    }
}
