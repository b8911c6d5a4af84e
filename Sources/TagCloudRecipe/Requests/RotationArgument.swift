import TagCloud

/// `--rotate`: the angles words may take, as a person types them and as `config --print` writes them.
enum RotationArgument {
    /// Parses `any`, `FROM..TO`, `FROM..TO:STEP`, or a comma-separated list of angles.
    static func parse(_ text: String) throws(RecipeError) -> WordCloudOptions.Rotation {
        let t = text.trimmingSpacesAndTabs().lowercased()
        let bad = RecipeError.usage(
            "invalid value \"\(text)\" for --rotate: expected a list of angles (0,-90), a range (-45..45), a range with steps (-90..90:30) or any",
            key: "rotate")
        if t == "any" { return .range(from: -90, to: 90) }
        if split(Substring(t), atDots: ()).count > 1 {
            // FROM..TO is any angle in the range; FROM..TO:STEP is the angles FROM, FROM+STEP, … up to TO.
            let stepParts = t.split(separator: ":", omittingEmptySubsequences: false)
            guard stepParts.count <= 2 else { throw bad }
            let parts = split(stepParts[0], atDots: ())
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a <= b,
                abs(a) <= 360, abs(b) <= 360
            else { throw bad }
            guard stepParts.count == 2 else { return .range(from: a, to: b) }
            guard let step = Double(stepParts[1]), step.isFinite, step > 0,
                (b - a) / step < Double(WordCloudOptions.Limits.angles)
            else { throw bad }
            return .angles(stride(from: a, through: b + 1e-9, by: step).map { ($0 * 1000).rounded() / 1000 })
        }
        let angles = t.split(separator: ",").map { Double($0.trimmingSpacesAndTabs()) }
        guard angles.count <= WordCloudOptions.Limits.angles else {
            throw RecipeError.usage(
                "--rotate lists \(angles.count) angles, more than \(WordCloudOptions.Limits.angles): "
                    + "list fewer, or give a range (-90..90) for any angle in it", key: "rotate")
        }
        guard !angles.isEmpty, angles.allSatisfy({ $0 != nil && $0!.isFinite && abs($0!) <= 360 }) else { throw bad }
        return .angles(angles.map { $0! })
    }

    /// A rotation as `--rotate` reads it.
    static func text(_ rotation: WordCloudOptions.Rotation) -> String {
        switch rotation {
        case .angles(let a): return a.map(NumberText.plain).joined(separator: ",")
        case .range(let from, let to): return "\(NumberText.plain(from))..\(NumberText.plain(to))"
        }
    }

    /// The pieces of `text` between its `..` (`-45..45` is `-45` and `45`; `1....2` is three pieces).
    private static func split(_ text: Substring, atDots: ()) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex, i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == ".", next < text.endIndex, text[next] == "." {
                pieces.append(text[start..<i])
                i = text.index(after: next)
                start = i
            } else {
                i = next
            }
        }
        pieces.append(text[start..<text.endIndex])
        return pieces
    }
}
