import TagCloud
import TagCloudText

/// `--previous FILE`: the JSON layout of an earlier run (`tagcloud cloud … -o FILE.json`, or
/// `tagcloud flow …` for a flow), whose words the new layout keeps where they were. Read and
/// checked before the work, every fault a one-line input error (exit status 2) that names the file.
enum PreviousArgument {
    /// The most bytes read from the file: a layout's JSON takes about 700 bytes a word, so this
    /// holds the largest cloud (`WordCloudOptions.Limits.words`) with room to spare.
    static let maximumBytes = 96 << 20

    /// The layout in the file at `path`, of `kind` (a word cloud's unless told). Throws when the
    /// file cannot be read, is not JSON, is not a layout or is another kind's.
    static func read(_ path: String, kind: CloudLayout.Kind = .cloud) throws(RecipeError) -> CloudLayout {
        let command = "tagcloud \(kind.rawValue)"
        let bytes = try RecipeFiles.contents(
            of: path, limit: maximumBytes, name: "--previous \(path)", key: "previous", kind: "a layout",
            fix: "give the JSON layout of an earlier run")
        try checkWordCount(bytes, path: path, command: command)
        let layout: CloudLayout
        do throws(LayoutJSONError) { layout = try CloudLayout(json: bytes) } catch {
            throw RecipeError.input(
                "--previous \(path) is not a layout (\(error)): give the JSON layout "
                    + "an earlier run wrote (\(command) … -o layout.json)", key: "previous")
        }
        guard layout.kind == kind else {
            throw RecipeError.input(
                "--previous \(path) is a \(layout.kind.rawValue) layout: give one written by \(command)", key: "previous")
        }
        return layout
    }

    /// Checks that the file is JSON and holds at most `WordCloudOptions.Limits.words` placed and
    /// unplaced words, counted while the text is read and before any is decoded (decoding takes
    /// kilobytes a word, which the byte limit alone would not bound).
    private static func checkWordCount(_ bytes: [UInt8], path: String, command: String) throws(RecipeError) {
        let name = "--previous \(path)"
        let fix = "; give the JSON layout of an earlier run (\(command) … -o layout.json)"
        let limit = WordCloudOptions.Limits.words
        var reader = JSONReader(bytes)
        var words = 0
        scan: do throws(JSONError) {
            try reader.checkSyntax()
            guard try reader.peek() == .object else { return }
            try reader.beginObject()
            while let key = try reader.nextKey() {
                guard key == "placed" || key == "unplaced", try reader.peek() == .array else {
                    try reader.skipValue()
                    continue
                }
                try reader.beginArray()
                while try reader.nextElement() {
                    words += 1
                    if words > limit { break scan }
                    try reader.skipValue()
                }
            }
        } catch {
            throw RecipeError.input(
                TextError.invalidJSONAt(name: name, line: error.line, column: error.column, reason: error.reason).description
                    + fix)
        }
        if words > limit { throw RecipeError.input("\(name) holds more than \(limit) words, more than a layout may\(fix)") }
    }

    /// The canvas size of `layout` in whole pixels, for a canvas that takes it; nil when it is no
    /// canvas size (the check against the canvas then reports it).
    static func canvasSize(_ layout: CloudLayout) -> (width: Int, height: Int)? {
        let w = layout.size.width, h = layout.size.height
        let sides = 1...Double(WordCloudOptions.Limits.side)
        guard sides.contains(w), sides.contains(h), w == w.rounded(), h == h.rounded() else { return nil }
        return (Int(w), Int(h))
    }

    /// The places of `layout`'s words, checked against a `width` × `height` canvas.
    static func places(_ layout: CloudLayout, path: String, width: Int, height: Int) throws(RecipeError) -> PreviousLayout {
        let previous = PreviousLayout(layout)
        do { try previous.validate(width: width, height: height) } catch {
            guard case .previousLayoutSize = error else {
                throw RecipeError.input("--previous \(path): \(error.description)", key: "previous")
            }
            let w = NumberText.plain(layout.size.width), h = NumberText.plain(layout.size.height)
            throw RecipeError.input(
                "--previous \(path) was laid out on \(w)x\(h), the canvas is \(width)x\(height): "
                    + "give --width \(w) --height \(h) (or leave both out), or no --previous for a new cloud", key: "previous")
        }
        return previous
    }

    /// The places of a flow `layout`'s tags, checked against a flow `width` points wide.
    static func flowPlaces(_ layout: CloudLayout, path: String, width: Double) throws(RecipeError) -> PreviousLayout {
        let previous = PreviousLayout(layout)
        do { try previous.validate(flowWidth: width) } catch {
            guard case .previousFlowWidth(let w, _, let flowWidth) = error, w != flowWidth else {
                throw RecipeError.input("--previous \(path): \(error.description)", key: "previous")
            }
            let was = NumberText.plain(w)
            throw RecipeError.input(
                "--previous \(path) was laid out \(was) points wide, the flow is \(NumberText.plain(flowWidth)): "
                    + "give --width \(was) (or leave it out), or no --previous for a new flow", key: "previous")
        }
        return previous
    }
}
