import Testing

@testable import TagCloud

/// The angle lists a word tries, as the layout drew them before the lists were shared: one draw
/// after another from the same generator, building each list afresh.
private func referenceAngles(_ options: WordCloudOptions, _ rng: inout SeededRandom) -> [Double] {
    switch options.rotation {
    case .angles(let set):
        var others = set.filter { $0 != 0 }
        if set.contains(0) && options.preferHorizontal >= 1 { return [0] }
        if options.preferHorizontal <= 0 && !others.isEmpty {
            let first = others.remove(at: rng.nextInt(below: others.count))
            return [first] + others
        }
        guard set.contains(0), !others.isEmpty else {
            let first = set[rng.nextInt(below: set.count)]
            return [first] + set.filter { $0 != first }
        }
        if rng.nextUnit() < options.preferHorizontal { return [0] + others }
        let first = others[rng.nextInt(below: others.count)]
        return [first, 0] + others.filter { $0 != first }
    case .range(let lo, let hi):
        let a = (rng.nextDouble(in: lo...hi) * 10).rounded() / 10
        let mid = (lo + hi) / 2
        let b = a < mid ? min(hi, a + (hi - lo) / 2) : max(lo, a - (hi - lo) / 2)
        return a == b ? [a] : [a, (b * 10).rounded() / 10]
    }
}

@Suite("Angle choices")
struct AngleChoicesTests {
    @Test(
        "the shared lists are the lists drawn one by one, and use the generator the same way",
        arguments: [
            WordCloudOptions.Rotation.angles([0, 90]), .angles([0, 90, -90, 45]), .angles([90, -90]),
            .angles([0]), .angles([30]), .angles([0, 90, 90]), .range(from: -90, to: 90),
            .range(from: 10, to: 10),
        ])
    func matchesDrawingOneByOne(rotation: WordCloudOptions.Rotation) {
        for prefer in [0.0, 0.3, 0.9, 1.0] {
            var options = WordCloudOptions()
            options.rotation = rotation
            options.preferHorizontal = prefer
            let choices = AngleChoices(options)
            var rng = SeededRandom(seed: 42), reference = SeededRandom(seed: 42)
            var seen = Set<[Double]>()
            for _ in 0..<400 {
                let list = choices.choose(&rng)
                #expect(list == referenceAngles(options, &reference), "\(rotation), prefer \(prefer)")
                seen.insert(list)
            }
            // The generators stayed in step.
            #expect(rng.next() == reference.next())
            // Every list a draw can give does come up: horizontal first, or each other angle first.
            if rotation == .angles([0, 90, -90, 45]) && prefer == 0.3 { #expect(seen.count == 4) }
        }
    }
}
