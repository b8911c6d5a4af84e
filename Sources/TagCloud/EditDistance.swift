/// The edit distance between two strings, counting inserts, deletes and substitutions of characters:
/// how error messages pick the close match to suggest ("did you mean --width?", "DejaVu Sans").
public func editDistance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var row = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var diagonal = row[0]
        row[0] = i + 1
        for (j, cb) in b.enumerated() {
            let above = row[j + 1]
            row[j + 1] = min(above + 1, row[j] + 1, diagonal + (ca == cb ? 0 : 1))
            diagonal = above
        }
    }
    return row[b.count]
}
