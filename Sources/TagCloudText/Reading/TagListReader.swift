import TagCloud

/// Reads the tag lists the command line accepts into terms, with errors that point at the line.
public struct TagListReader {
    /// The most tags one list may hold: every tag is shaped and laid out, so a list of tens of
    /// millions (a pipe of `yes`, a word per line of a whole corpus) would exhaust memory first.
    public static let maximumTags = 1_000_000

    /// Parses tags from `data`. `name` is the file name shown in errors and, when `format` is nil,
    /// the source of the format guess. Throws `TextError`.
    public static func read(
        data: some Collection<UInt8>, name: String, format: TagListFormat? = nil
    ) throws(TextError) -> [Term] {
        let text = try decodeText(data, name: name)
        switch format ?? TagListFormat(guessingFrom: name) {
        case .lines, .tsv: return try readLines(text, name: name)
        case .csv: return try readCSV(text, name: name)
        case .json: return try readJSON(Array(text.utf8), name: name)
        }
    }

    /// Decodes strict UTF-8 and drops a leading byte-order mark.
    ///
    /// Refuses NUL bytes first: UTF-16 text of mostly ASCII is otherwise valid UTF-8 and would come
    /// out as words interleaved with NULs rather than as an error.
    public static func decodeText(_ data: some Collection<UInt8>, name: String) throws(TextError) -> String {
        // Over the bytes in place where they are contiguous (as `Data`'s are): its iterator steps a
        // byte at a time.
        let hasNUL = data.withContiguousStorageIfAvailable { $0.firstIndex(of: 0) != nil } ?? data.contains(0)
        if hasNUL { throw TextError.binaryInput(name: name) }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TextError.invalidUTF8(name: name, byteOffset: firstInvalidUTF8Offset(data))
        }
        return text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence (only called on failure,
    /// so the fast validation above stays the common path).
    private static func firstInvalidUTF8Offset(_ data: some Collection<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }

    /// Throws once a list holds more than `maximumTags` tags.
    static func checkCount(_ count: Int, name: String, limit: Int = maximumTags) throws(TextError) {
        guard count > limit else { return }
        let fix =
            limit < maximumTags
            ? "the most one request may carry; send fewer, or use the command line (up to \(maximumTags))"
            : "the most a list may hold; keep the most frequent (tagcloud count --top N) or split it"
        throw TextError.unreadable(name: name, reason: "it holds more than \(limit) tags, \(fix)")
    }

    // MARK: - Lines and TSV

    private static func readLines(_ text: String, name: String) throws(TextError) -> [Term] {
        let hint = "write tag<TAB>weight with a number, e.g. swift<TAB>3"
        var terms: [Term] = []
        for (index, line) in lines(of: text).enumerated() {
            let trimmed = trimmed(line, newlines: true)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            // A tab is a grapheme cluster of its own, so splitting the scalars cuts no cluster.
            let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            do throws(Problem) {
                guard fields.count <= 4 else {
                    throw Problem(column: 5, reason: "too many tab-separated columns (expected tag, weight, link, id)")
                }
                terms.append(try term(fields: fields, hint: hint))
            } catch {
                throw TextError.badRow(name: name, line: index + 1, column: error.column, reason: error.reason)
            }
            try checkCount(terms.count, name: name)
        }
        if terms.isEmpty { throw TextError.empty(name: name, reason: "only blank lines or comments") }
        return terms
    }

    /// The lines of `text`, split where `Character.isNewline` would split them (LF, CR, CR LF as one,
    /// VT, FF, NEL, U+2028, U+2029), but scalar by scalar: a newline is always a grapheme cluster of
    /// its own, so no cluster is cut, and 50,000 lines take milliseconds instead of a second spent
    /// finding grapheme boundaries.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, i = start
        while i < scalars.endIndex {
            let v = scalars[i].value
            let isNewline = (0x0A...0x0D).contains(v) || v == 0x85 || v == 0x2028 || v == 0x2029
            guard isNewline else { i = scalars.index(after: i); continue }
            lines.append(text[start..<i])
            var next = scalars.index(after: i)
            if v == 0x0D, next < scalars.endIndex, scalars[next].value == 0x0A { next = scalars.index(after: next) }
            start = next
            i = next
        }
        lines.append(text[start..<scalars.endIndex])
        return lines
    }

    /// `text` without leading and trailing spaces and tabs (Foundation's `.whitespaces`: tab, the
    /// space separators and U+200B ZERO WIDTH SPACE), and with `newlines` also line breaks
    /// (`.whitespacesAndNewlines`): the same characters as Foundation's sets, checked over all of
    /// Unicode, without its bridging through `NSString`, which took half the time of reading a long list.
    static func trimmed<S: StringProtocol>(_ text: S, newlines: Bool = false) -> String {
        func isSpace(_ s: Unicode.Scalar) -> Bool {
            let v = s.value
            if v < 0x80 { return v == 0x20 || v == 0x09 || (newlines && (0x0A...0x0D).contains(v)) }
            if v == 0x200B { return true }
            switch s.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default: return newlines && v == 0x85
            }
        }
        let scalars = Substring(text).unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    // MARK: - CSV

    private static func readCSV(_ text: String, name: String) throws(TextError) -> [Term] {
        let hint = "write text,weight with a number, e.g. swift,3"
        var records = try csvRecords(text, name: name)
        records.removeAll { $0.fields.count == 1 && $0.fields[0].allSatisfy { $0.isWhitespace } }
        if let first = records.first, isHeader(first.fields) { records.removeFirst() }
        var terms: [Term] = []
        for record in records {
            do throws(Problem) {
                guard record.fields.count <= 11 else {
                    throw Problem(
                        column: 12,
                        reason: "too many columns (expected text, weight, link, id, color, group, x, y, angle, size, font)")
                }
                terms.append(try term(fields: record.fields, hint: hint))
            } catch {
                throw TextError.badRow(name: name, line: record.line, column: error.column, reason: error.reason)
            }
            try checkCount(terms.count, name: name)
        }
        if terms.isEmpty { throw TextError.empty(name: name, reason: "only blank lines or a header") }
        return terms
    }

    /// A header is recognised by its weight column's title, so a first row like `swift,3` is data and
    /// a mistyped weight on row 1 still gets the "not a number" error instead of being skipped.
    private static func isHeader(_ fields: [String]) -> Bool {
        guard fields.count >= 2 else { return false }
        let second = trimmed(fields[1])
        return Double(second) == nil && ["weight", "count", "frequency", "value"].contains(second.lowercased())
    }

    /// Splits RFC 4180 CSV into records, each with the line it starts on (quoted fields may span lines).
    static func csvRecords(_ text: String, name: String) throws(TextError) -> [(line: Int, fields: [String])] {
        let chars = Array(text.unicodeScalars)
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = [], field = String.UnicodeScalarView()
        var line = 1, recordLine = 1, i = 0
        var inQuotes = false, quoted = false

        func endField() { fields.append(String(field)); field = .init(); quoted = false }
        while i < chars.count {
            let c = chars[i]
            i += 1
            let crlf = c == "\r" && i < chars.count && chars[i] == "\n"
            if inQuotes {
                if c == "\"" {
                    if i < chars.count && chars[i] == "\"" { field.append(c); i += 1 } else { inQuotes = false }
                } else {
                    if c == "\n" || (c == "\r" && !crlf) { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case ",":
                endField()
            case "\r", "\n":
                if crlf { i += 1 }
                endField()
                records.append((recordLine, fields))
                fields = []
                line += 1
                recordLine = line
            case "\"" where !quoted && field.allSatisfy({ $0 == " " || $0 == "\t" }):
                // Spaces before an opening quote (`swift, "a, b"`) are common and harmless.
                field = .init(); inQuotes = true; quoted = true
            default:
                if quoted && c != " " && c != "\t" {
                    throw TextError.badRow(
                        name: name, line: line, column: fields.count + 1,
                        reason: "text after a closing quote (write \"\" for a quote inside quotes)")
                }
                if !quoted { field.append(c) }
            }
        }
        if inQuotes {
            throw TextError.badRow(
                name: name, line: recordLine, column: fields.count + 1,
                reason: "a quoted field is never closed (a \" is missing)")
        }
        if !field.isEmpty || !fields.isEmpty || quoted {
            endField()
            records.append((recordLine, fields))
        }
        return records
    }

    // MARK: - Shared checks

    /// A field problem; the caller turns it into a `TextError` with its own idea of position.
    struct Problem: Error {
        var column: Int
        var reason: String
    }

    /// Builds a term from positional fields `text, weight, link, id, color, group, x, y, angle,
    /// size` (missing or blank fields mean "not given"), checking each the same way whatever the
    /// file format.
    static func term(fields: [String], weight: Double? = nil, hint: String) throws(Problem) -> Term {
        func field(_ i: Int) -> String? {
            guard i < fields.count else { return nil }
            let value = trimmed(fields[i])
            return value.isEmpty ? nil : value
        }
        // One line without controls (see `TermText`): a tab or line break from a quoted CSV field or
        // a JSON string would otherwise split the rows of any tag list written from these terms.
        guard let raw = field(0), case let text = TermText.normalized(raw), !text.isEmpty else {
            throw Problem(column: 1, reason: "the tag is empty")
        }
        var value = weight ?? 1
        var typed: String?
        if weight == nil, let raw = field(1) {
            guard let parsed = Double(raw) else {
                throw Problem(column: 2, reason: "weight \"\(raw)\" is not a number (\(hint))")
            }
            value = parsed
            typed = raw
        }
        // As typed; JSON numbers arrive as Doubles: -2 rather than -2.0. Made only for a message.
        func shown() -> String { typed.map { "\"\($0)\"" } ?? DecimalText.plain(value) }
        if !value.isFinite { throw Problem(column: 2, reason: "weight \(shown()) is not a finite number") }
        if value < 0 { throw Problem(column: 2, reason: "weight \(shown()) is negative (weights must be 0 or more)") }
        var color: Color?
        if let raw = field(4) {
            guard let parsed = Color.parse(raw) else {
                throw Problem(column: 5, reason: TagCloudError.invalidColor(raw).description)
            }
            color = parsed
        }
        var place = (6..<10).map(field)
        var angle: Double?
        // An angle with no place is the word's own angle, not a pin.
        if let raw = place[2], place[0] == nil, place[1] == nil, place[3] == nil {
            angle = try ownAngle(text: text, raw: raw, column: 9)
            place[2] = nil
        }
        let pin = fields.count > 6 ? try pin(text: text, fields: place, column: 7) : nil
        var term = Term(text, weight: value, id: field(3), link: field(2), color: color, group: field(5), pin: pin)
        term.angle = angle
        term.font = field(10)
        return term
    }
}
