import TagCloud

extension TagListReader {
    /// The names of the pin fields, in their CSV column order after `text, weight, link, id,
    /// color, group`, and as the keys of a JSON tag object.
    static let pinFieldNames = ["x", "y", "angle", "size"]

    /// The pin of the tag `text` from its fields `x`, `y`, `angle`, `size` (nil: not given), the
    /// first at CSV column `column`; nil when none is given. Each value is checked the way
    /// `Pin.validate` checks it, with a message naming the tag and the field.
    static func pin(text: String, fields: [String?], column: Int) throws(Problem) -> Pin? {
        guard fields.contains(where: { $0 != nil }) else { return nil }
        var numbers: [Double?] = []
        for (k, raw) in fields.enumerated() {
            guard let raw else { numbers.append(nil); continue }
            let name = pinFieldNames[k]
            guard let v = Double(raw) else {
                throw Problem(
                    column: column + k,
                    reason: "tag \"\(text)\": \(name) \"\(raw)\" is not a number (\(pinHint(name)))")
            }
            guard v.isFinite else {
                throw Problem(column: column + k, reason: "tag \"\(text)\": \(name) \(raw) is not a finite number")
            }
            numbers.append(v)
        }
        guard let x = numbers[0], let y = numbers[1] else {
            let given = zip(pinFieldNames, numbers).filter { $0.1 != nil }.map { $0.0 }
            let missing = numbers[0] == nil ? "x" : "y"
            return try missingCoordinate(text: text, given: given, missing: missing, column: column)
        }
        let pin = Pin(x: x, y: y, angle: numbers[2] ?? 0, size: numbers[3])
        do {
            try pin.validate(text: text)
        } catch TagCloudError.invalidPin(_, let field, _, let expected) {
            let k = pinFieldNames.firstIndex(of: field) ?? 0
            throw Problem(
                column: column + k, reason: "tag \"\(text)\": \(field) \(fields[k] ?? "") is out of range: give \(expected)")
        } catch {
            throw Problem(column: column, reason: "tag \"\(text)\": \(error)")
        }
        return pin
    }

    /// A word's own angle (an angle given without a place), checked as a pin's angle is.
    static func ownAngle(text: String, raw: String, column: Int) throws(Problem) -> Double {
        guard let angle = Double(raw), angle.isFinite else {
            throw Problem(column: column, reason: "tag \"\(text)\": angle \"\(raw)\" is not a number (\(pinHint("angle")))")
        }
        guard abs(angle) <= 360 else {
            throw Problem(column: column, reason: "tag \"\(text)\": angle \(raw) is out of range: give degrees from -360 to 360")
        }
        return angle
    }

    /// The error for a pin given without `missing` (x or y).
    private static func missingCoordinate(
        text: String, given: [String], missing: String, column: Int
    ) throws(Problem) -> Pin? {
        let column = column + (missing == "x" ? 0 : 1)
        throw Problem(
            column: column,
            reason: "tag \"\(text)\": \(given.joined(separator: ", ")) given without \(missing): "
                + "a pin needs both x and y (where the word's centre goes), or give none of the pin fields")
    }

    private static func pinHint(_ field: String) -> String {
        switch field {
        case "angle": return "give degrees, e.g. -90"
        case "size": return "give a font size in points, e.g. 24"
        default: return "give points from the canvas's \(field == "x" ? "left" : "top") edge, e.g. 120"
        }
    }
}
