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

/// The candidate closest to `typo`, when close enough to be the likely meaning: about one edit per
/// three letters, but at least two (so a transposition matches), and never as many as `typo` is long
/// (or `-q` would "resemble" every two-letter name). Ties go to the first candidate.
public func closestMatch(to typo: String, among candidates: [String]) -> String? {
    let limit = min(max(2, typo.count / 3), typo.count - 1)
    var best: (name: String, distance: Int)? = nil
    for c in candidates {
        let d = editDistance(typo, c)
        if d <= limit && d < (best?.distance ?? Int.max) { best = (c, d) }
    }
    return best?.name
}
