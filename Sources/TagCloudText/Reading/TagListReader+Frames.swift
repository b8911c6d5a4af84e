import TagCloud

extension TagListReader {
    /// The tags of a table with a frame column, each with its frame, in the order of the rows; nil
    /// when the table has no frame column (it is then one frame, read by `read`).
    ///
    /// - CSV: a header row names the columns; the frame column (`column`, `frame` unless given) is
    ///   required, the others as in a tag list (`text`/`word`/`tag`, `weight`/`count`/`frequency`/`value`,
    ///   `link`, `id`, `color`, `group`), in any order.
    /// - JSON: an array of tag objects, each with the frame key (`column`; a string or a number).
    ///
    /// Throws `TextError` naming the row or item at fault.
    public static func readFrames(
        data: some Collection<UInt8>, name: String, format: TagListFormat? = nil, column: String = "frame"
    ) throws(TextError) -> [(frame: String, term: Term)]? {
        let text = try decodeText(data, name: name)
        switch format ?? TagListFormat(guessingFrom: name) {
        case .lines, .tsv: return nil
        case .csv: return try framesCSV(text, name: name, column: trimmed(column).lowercased())
        case .json: return try framesJSON(text, name: name, key: column)
        }
    }

    /// The columns a frame table may name, and the position of each in a tag list's fields.
    private static let frameColumns: [String: Int] = [
        "text": 0, "word": 0, "tag": 0, "weight": 1, "count": 1, "frequency": 1, "value": 1,
        "link": 2, "id": 3, "color": 4, "colour": 4, "group": 5,
    ]

    private static func framesCSV(
        _ text: String, name: String, column title: String
    ) throws(TextError) -> [(frame: String, term: Term)]? {
        var records = try csvRecords(text, name: name)
        records.removeAll { $0.fields.count == 1 && $0.fields[0].allSatisfy { $0.isWhitespace } }
        guard let header = records.first?.fields.map({ trimmed($0).lowercased() }),
            let frameColumn = header.firstIndex(of: title)
        else { return nil }
        var position: [Int: Int] = [:]
        for (column, heading) in header.enumerated() where column != frameColumn {
            guard let p = frameColumns[heading] else {
                throw TextError.badRow(
                    name: name, line: records[0].line, column: column + 1,
                    reason: "unknown column \"\(heading)\" (expected \(title), text, weight, link, id, color, group)")
            }
            position[column] = p
        }
        guard position.values.contains(0) else {
            throw TextError.badRow(
                name: name, line: records[0].line, column: 1, reason: "no text column: name one text, word or tag")
        }
        var rows: [(frame: String, term: Term)] = []
        for record in records.dropFirst() {
            var fields = Array(repeating: "", count: 6)
            for (column, value) in record.fields.enumerated() {
                guard column < header.count else {
                    throw TextError.badRow(
                        name: name, line: record.line, column: column + 1, reason: "more fields than the header names")
                }
                if let p = position[column] { fields[p] = value }
            }
            let frame = column(record.fields, frameColumn)
            do throws(Problem) {
                guard !frame.isEmpty else { throw Problem(column: frameColumn + 1, reason: "the frame is empty") }
                rows.append((frame, try term(fields: fields, hint: "give the weight as a number")))
            } catch {
                throw TextError.badRow(name: name, line: record.line, column: error.column, reason: error.reason)
            }
            try checkCount(rows.count, name: name)
        }
        if rows.isEmpty { throw TextError.empty(name: name, reason: "only a header") }
        return rows
    }

    private static func column(_ fields: [String], _ i: Int) -> String {
        i < fields.count ? TermText.normalized(trimmed(fields[i])) : ""
    }

    /// The rows of a JSON array whose items carry the frame `key`; nil when no item does. An item
    /// without a frame is an error once another has one (reported at the first such item).
    private static func framesJSON(
        _ text: String, name: String, key: String
    ) throws(TextError) -> [(frame: String, term: Term)]? {
        var reader = JSONReader(Array(text.utf8))
        try json(name) { () throws(JSONError) in try reader.checkSyntax() }
        guard try json(name, { () throws(JSONError) in try reader.peek() }) == .array else { return nil }
        try json(name) { () throws(JSONError) in try reader.beginArray() }
        var rows: [(frame: String, term: Term)] = []
        var firstWithout: Int? = nil
        var sawFrame = false
        var index = 0
        let everyItem = "\"\(key)\" must be a string or a number, in every item"
        while try json(name, { () throws(JSONError) in try reader.nextElement() }) {
            index += 1
            let fields = try JSONTagFields(&reader, name: name, frameKey: key)
            do throws(Problem) {
                guard let value = fields.frame else {
                    firstWithout = firstWithout ?? index
                    continue
                }
                sawFrame = true
                if firstWithout != nil { break }
                let frame: String
                switch value {
                case .string(let s): frame = TermText.normalized(trimmed(s))
                case .number(let n): frame = JSONTagFields.plain(n.value)
                default: throw Problem(column: 0, reason: everyItem)
                }
                guard !frame.isEmpty else { throw Problem(column: 0, reason: "the frame is empty") }
                rows.append((frame, try term(json: fields)))
            } catch {
                throw TextError.badItem(name: name, item: "item \(index)", reason: error.reason)
            }
            try checkCount(rows.count, name: name)
        }
        guard sawFrame else { return nil }
        if let firstWithout { throw TextError.badItem(name: name, item: "item \(firstWithout)", reason: everyItem) }
        try json(name) { () throws(JSONError) in try reader.finish() }
        return rows
    }
}
