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
        self = Self.named(by: name) ?? .lines
    }

    /// The format of a tag list named `name` (nil for one pasted) holding `text`: the one its
    /// extension names (`.json`, `.csv`, `.tsv`), else the one the text looks like — JSON when it
    /// starts with `[` or `{`, CSV when its first line that is not a comment has a comma and no
    /// tab, otherwise tag lines.
    public init(guessingFrom name: String?, text: String) {
        if let name, let format = Self.named(by: name) {
            self = format
            return
        }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "[" || trimmed.first == "{" {
            self = .json
            return
        }
        let first = trimmed.split(separator: "\n").first { !$0.hasPrefix("#") } ?? ""
        self = first.contains(",") && !first.contains("\t") ? .csv : .lines
    }

    /// The format `name`'s extension names, nil for none of ours.
    private static func named(by name: String) -> TagListFormat? {
        let base = name.split(separator: "/").last ?? ""
        let ext = base.contains(".") ? base.split(separator: ".").last?.lowercased() : nil
        switch ext {
        case "json": return .json
        case "csv": return .csv
        case "tsv": return .tsv
        default: return nil
        }
    }
}
