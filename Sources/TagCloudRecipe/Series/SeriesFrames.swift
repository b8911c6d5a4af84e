import Foundation
import TagCloud
import TagCloudText

/// Where the frames of `tagcloud series` come from: `--input` tables (by their frame column, or a
/// whole file per frame) and `--text` texts (a text per frame, or one text cut at `--separator`
/// lines), in that order; `--labels` renames them.
package struct SeriesFrames {
    /// The `--input` tag lists.
    let tagLists: [String]
    /// The texts, with the counting options.
    let text: TextRequest?
    /// The lines that cut a text into frames (`--separator`, a regular expression a whole line
    /// matches, spaces around it aside).
    let separator: NSRegularExpression?
    /// The frames' names in order (`--labels`), replacing the ones the sources give.
    let labels: [String]?
    /// Whether each frame's weights become shares of its total (`--weights share`; the default for
    /// texts, whose frames differ in length), or stay as given (`--weights given`; the default for tables).
    let shares: Bool

    /// What `--weights` chooses.
    package enum Weights: String, CaseIterable, Sendable {
        /// As given (counts of a text).
        case given
        /// Per cent of the frame's total weight.
        case share
    }

    /// The longest line `--separator` is tried on, in bytes.
    static let maximumSeparatorBytes = 200

    /// The largest text cut at `--separator`, read whole, in bytes.
    static let maximumCutText = 512 << 20

    /// The column or key of a table that names each row's frame (`--frame`).
    let frameColumn: String

    /// The sources the arguments name. Tags given as arguments are a usage error: a series needs frames.
    init(_ args: Recipe) throws {
        if !args.positionals.isEmpty || !args.configTerms.isEmpty {
            throw RecipeError.usage(
                "a series needs frames, not single tags: give --input TABLE with a frame column, several --text files, or --text FILE --separator LINE",
                key: "input")
        }
        tagLists = args.strings("input")
        frameColumn = args.string("frame") ?? "frame"
        guard !frameColumn.allSatisfy({ $0.isWhitespace }) else {
            throw RecipeError.usage("--frame needs a column name, e.g. --frame year", key: "frame")
        }
        let texts = args.strings("text")
        if texts.isEmpty {
            try TextArguments.refuseWithoutText(args)
            text = nil
        } else {
            text = try TextRequest(sources: texts, args, defaultTop: nil)
        }
        if tagLists.isEmpty && texts.isEmpty {
            throw RecipeError.usage(
                "no frames: give --input TABLE with a frame column, several --text files, or --text FILE --separator LINE",
                key: "input")
        }
        if tagLists.contains("-") && texts.contains("-") {
            throw RecipeError.usage(
                "standard input (-) can be read only once: give it to --text or to --input, not both", key: "text")
        }
        separator = try args.string("separator").map(Self.separatorPattern)
        if separator != nil && texts.isEmpty {
            throw RecipeError.usage("--separator cuts a --text file: give --text FILE", key: "separator")
        }
        shares = (try args.choice("weights", Weights.self) ?? (texts.isEmpty ? .given : .share)) == .share
        labels = args.string("labels").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Reads every source into frames.
    func read(_ reporting: Reporting) throws -> [SeriesLayout.Frame] {
        var frames: [SeriesLayout.Frame] = []
        for list in tagLists { frames += try framesOfTable(list, reporting) }
        if let text {
            for source in text.sources { frames += try framesOfText(source, text, reporting) }
        }
        if frames.count > SeriesLayout.Limits.frames {
            throw RecipeError.input(
                "the inputs make \(frames.count) frames, more than \(SeriesLayout.Limits.frames): merge periods, or make several series"
            )
        }
        if shares {
            for k in frames.indices {
                let total = frames[k].terms.reduce(0) { $0 + $1.weight }
                guard total > 0 else { continue }
                for j in frames[k].terms.indices { frames[k].terms[j].weight *= 100 / total }
            }
        }
        guard let labels else { return frames }
        guard labels.count == frames.count, !labels.contains(where: \.isEmpty) else {
            throw RecipeError.usage(
                "--labels names \(labels.count) frames, but the inputs make \(frames.count): give one non-empty label per frame, separated by commas",
                key: "labels")
        }
        for k in frames.indices { frames[k].label = labels[k] }
        return frames
    }

    /// A table's frames by its frame column, in the order they first appear; a table without one is
    /// one frame, named after the file.
    private func framesOfTable(_ source: String, _ reporting: Reporting) throws -> [SeriesLayout.Frame] {
        let name = source == "-" ? "standard input" : source
        let data = try Self.whole(source, limit: TagInput.maximumBytes, kind: "a tag list", fix: "split it")
        var rows: [(frame: String, term: Term)]? = nil
        var whole: [Term] = []
        do throws(TextError) {
            rows = try TagListReader.readFrames(data: data, name: name, column: frameColumn)
            if rows == nil { whole = try TagListReader.read(data: data, name: name) }
        } catch {
            throw RecipeError.input(error.description)
        }
        guard let rows else {
            return [
                SeriesLayout.Frame(
                    label: Self.label(of: source), terms: TagInput.withSafeLinks(whole, note: { reporting.note($0) }))
            ]
        }
        var order: [String] = []
        var terms: [String: [Term]] = [:]
        for row in rows {
            if terms[row.frame] == nil { order.append(row.frame) }
            terms[row.frame, default: []].append(row.term)
        }
        // Years, chapters, weeks: when every frame is a number, the frames go by it.
        let numbers = order.compactMap { Double($0) }.filter { $0.isFinite }
        if numbers.count == order.count {
            order = zip(numbers, order).sorted { $0.0 < $1.0 }.map { $0.1 }
        }
        return order.map {
            SeriesLayout.Frame(label: $0, terms: TagInput.withSafeLinks(terms[$0]!, note: { reporting.note($0) }))
        }
    }

    /// A text's frame, or its frames cut at the separator lines (labelled 1, 2, … after the file).
    private func framesOfText(_ source: String, _ text: TextRequest, _ reporting: Reporting) throws -> [SeriesLayout.Frame] {
        guard let separator else {
            return [SeriesLayout.Frame(label: Self.label(of: source), terms: try TextRequest.single(source, text, reporting))]
        }
        let name = source == "-" ? "standard input" : source
        let data = try Self.whole(
            source, limit: Self.maximumCutText, kind: "a text to cut", fix: "cut it into files and give each as --text")
        let whole = String(decoding: data, as: UTF8.self)
        let parts = Self.cut(whole, at: separator, name: Self.label(of: source))
        return try parts.map { part in
            let named = "\(name), frame \(part.label)"
            let terms = try text.count(
                [.text(part.text, name: named)], size: Int64(part.text.utf8.count), names: [named], reporting
            ).terms
            return SeriesLayout.Frame(label: part.label, terms: terms)
        }
    }

    /// `--separator`'s pattern, checked: a regular expression a whole line matches.
    static func separatorPattern(_ text: String) throws -> NSRegularExpression {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 1_000 else {
            throw RecipeError.usage(
                "--separator needs a line to cut at, e.g. --separator '---' or --separator 'CHAPTER .*'", key: "separator")
        }
        do {
            return try NSRegularExpression(pattern: "^(?:" + trimmed + ")$")
        } catch {
            throw RecipeError.usage(
                "--separator \"\(trimmed)\" is not a regular expression: escape special characters with \\, e.g. '\\*\\*\\*'",
                key: "separator")
        }
    }

    /// `text` cut at the lines `separator` matches, the separators left out. Each part is named
    /// after the line that starts it (a text before the first is named `name`), or 1, 2, … when
    /// every separator line reads the same (`---`). Blank parts are left out.
    static func cut(_ text: String, at separator: NSRegularExpression, name: String) -> [(label: String, text: String)] {
        var parts: [(heading: String?, lines: [Substring])] = [(nil, [])]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            let range = NSRange(trimmed.startIndex..., in: trimmed)
            // Only short lines are headings; a pattern is never run over a long line, where a
            // pattern that backtracks could take minutes.
            if !trimmed.isEmpty, trimmed.utf8.count <= maximumSeparatorBytes,
                separator.firstMatch(in: trimmed, range: range) != nil
            {
                parts.append((trimmed, []))
            } else {
                parts[parts.count - 1].lines.append(line)
            }
        }
        let kept = parts.map { ($0.heading, $0.lines.joined(separator: "\n")) }.filter { !$0.1.allSatisfy(\.isWhitespace) }
        let numbered = Set(kept.compactMap(\.0)).count <= 1
        return kept.enumerated().map { k, part in
            (numbered ? "\(k + 1)" : part.0 ?? name, part.1)
        }
    }

    /// The bytes of `source` (`-`: standard input), at most `limit`; an input error naming it, what
    /// `kind` of file it is and the `fix`, otherwise.
    private static func whole(_ source: String, limit: Int, kind: String, fix: String) throws -> Data {
        do {
            return source == "-"
                ? try WholeFile.standardInput(limit: limit) : try WholeFile.contents(of: source, limit: limit)
        } catch {
            let name = source == "-" ? "standard input" : source
            throw RecipeError.input("cannot read \(name): " + error.reason(kind: kind, fix: fix))
        }
    }

    /// A frame's default name: the file's name without its folder and extension.
    static func label(of source: String) -> String {
        source == "-" ? "standard input" : ((source as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

extension TextRequest {
    /// The terms of one text, counted alone with `request`'s options.
    static func single(_ source: String, _ request: TextRequest, _ reporting: Reporting) throws -> [Term] {
        if source == "-" { return try request.count([.standardInput], size: nil, names: [source], reporting).terms }
        let size = try InputFile.checkedSize(source)
        return try request.count([.file(URL(fileURLWithPath: source))], size: size, names: [source], reporting).terms
    }
}
