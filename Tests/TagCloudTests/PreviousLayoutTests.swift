import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Previous layouts: a cloud laid out again keeps its words where they were.
struct PreviousLayoutTests {
    func options(seed: UInt64 = 4) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 420
        o.height = 300
        o.seed = seed
        o.rotation = .angles([0, 90])
        return o
    }

    /// The options of the property tests: the default spiral, a shape, random positions, any angle.
    static let variants = ["canvas", "heart", "random", "any-angle", "linear-sizes"]

    func options(_ variant: String, seed: UInt64) -> WordCloudOptions {
        var o = options(seed: seed)
        switch variant {
        case "heart": o.area = .shape(.heart)
        case "random": o.strategy = .random
        case "any-angle": o.rotation = .range(from: -90, to: 90)
        case "linear-sizes": o.style.sizing = .fitted(FittedSizing(rule: .curve(.linear), maximumSize: 44))
        default: break
        }
        return o
    }

    func words(_ n: Int = 40, seed: UInt64 = 7) -> [Term] { WordCloudLayoutTests().terms(n, seed: seed) }

    /// `terms` laid out with `options` over `previous`.
    func relayout(
        _ terms: [Term], _ options: WordCloudOptions, over previous: CloudLayout
    ) throws -> (layout: CloudLayout, continuity: WordCloudLayout.Continuity) {
        var o = options
        o.previous = PreviousLayout(previous)
        let (layout, stats) = try WordCloudLayout(o).run(terms, typesetter: FakeTypesetter())
        return (layout, try #require(stats.continuity))
    }

    /// The placed words of `layout` by text (each placed once).
    func byText(_ layout: CloudLayout) -> [String: PlacedWord] {
        Dictionary(layout.placed.map { ($0.text, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func checkNoOverlap(_ layout: CloudLayout, _ o: WordCloudOptions) throws {
        var allowed: BitMask? = nil
        if case .shape(let s) = o.area { allowed = s.mask(width: o.width, height: o.height).allowed }
        try WordCloudLayoutTests().checkPlacement(layout, allowed: allowed)
    }

    @Test("the same words and seed over their own layout: every word where it was", arguments: variants, 1...6)
    func sameWords(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        let terms = words(variant == "heart" ? 70 : 40, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let (again, c) = try relayout(terms, o, over: first)
        #expect(again.placed == first.placed)
        #expect(again.unplaced == first.unplaced)
        #expect(c.stayed == first.placed.count && c.moved == 0 && c.new == 0 && c.removed == 0)
        #expect(c.largestMove == 0 && c.meanMove == 0)
    }

    @Test("a word added: every old word keeps its frame and angle; the new one is placed around them", arguments: variants, 1...4)
    func wordAdded(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        let terms = words(30, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        // Of middle weight, so it neither sets the largest size nor is the lightest.
        let weights = terms.map(\.weight).sorted()
        let added = terms + [Term("newcomer", weight: weights[weights.count / 2] + 0.5)]
        let (next, c) = try relayout(added, o, over: first)
        let old = byText(first), now = byText(next)
        for (text, w) in old {
            let n = try #require(now[text], "\(text) is placed again")
            #expect(n.frame == w.frame && n.rotation == w.rotation && n.fontSize == w.fontSize, "\(text)")
        }
        #expect(now["newcomer"] != nil, "the new word fits around the old ones")
        #expect(c.stayed == old.count && c.moved == 0 && c.new == 1 && c.removed == 0)
        try checkNoOverlap(next, o)
    }

    @Test("a word removed: every other word keeps its frame", arguments: variants, 1...4)
    func wordRemoved(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        let terms = words(variant == "heart" ? 70 : 40, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        // Neither the heaviest nor the lightest, so the weights' range stays.
        let order = terms.indices.sorted { terms[$0].weight > terms[$1].weight }
        var fewer = terms
        let gone = fewer.remove(at: order[3])
        let (next, c) = try relayout(fewer, o, over: first)
        let old = byText(first), now = byText(next)
        for (text, w) in old where text != gone.text {
            #expect(now[text]?.frame == w.frame && now[text]?.fontSize == w.fontSize, "\(text)")
        }
        #expect(now[gone.text] == nil)
        #expect(c.stayed == old.count - 1 && c.moved == 0 && c.removed == 1)
        // A word that fit nowhere before may fit in the space the removed one left.
        #expect(c.new == next.placed.count - c.stayed)
        try checkNoOverlap(next, o)
    }

    @Test(
        "a middle word's weight doubled: it grows about its centre, the heavier words keep their frames, the lighter their sizes where they fit",
        arguments: variants, 1...4)
    func middleWordGrows(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        var terms = words(30, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let order = terms.indices.sorted { terms[$0].weight > terms[$1].weight }
        let grown = order[8]
        terms[grown].weight = min(terms[grown].weight * 2, terms[order[0]].weight - 1)
        let (next, c) = try relayout(terms, o, over: first)
        let old = byText(first), now = byText(next)
        let before = try #require(old[terms[grown].text]), after = try #require(now[terms[grown].text])
        #expect(after.fontSize > before.fontSize || after.shrunk, "the word grows, or is marked as smaller than it asks")
        let move = hypot(after.frame.center.x - before.frame.center.x, after.frame.center.y - before.frame.center.y)
        #expect(move <= 0.71 || move <= c.largestMove + 1e-9)
        for (rank, i) in order.enumerated() where i != grown {
            let b = try #require(old[terms[i].text]), a = try #require(now[terms[i].text])
            // Unless it fits nowhere at that size any more, beside the grown word.
            #expect(a.fontSize == b.fontSize || (a.shrunk && a.fontSize < b.fontSize), "\(terms[i].text) keeps its size")
            if terms[i].weight > terms[grown].weight { #expect(a.frame == b.frame, "\(terms[i].text), rank \(rank)") }
        }
        #expect(c.stayed + c.moved == next.placed.count && c.new == 0 && c.removed == 0)
        #expect((c.moved == 0) == (c.largestMove == 0))
        try checkNoOverlap(next, o)
    }

    @Test(
        "the heaviest word's weight doubled: it keeps its place and size, the others shrink about their centres; no word overlaps",
        arguments: variants, 1...4)
    func heaviestDoubled(variant: String, seed: Int) throws {
        let o = options(variant, seed: UInt64(seed))
        var terms = words(30, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let heaviest = try #require(terms.indices.max { terms[$0].weight < terms[$1].weight })
        terms[heaviest].weight *= 2
        let (next, c) = try relayout(terms, o, over: first)
        let old = byText(first), now = byText(next)
        let before = try #require(old[terms[heaviest].text]), after = try #require(now[terms[heaviest].text])
        // Placed first, on an empty canvas: nothing is in its way, and it stays the largest.
        #expect(after.frame == before.frame && after.rotation == before.rotation)
        for (text, w) in now where text != terms[heaviest].text {
            let b = try #require(old[text])
            // Under relative scaling the others' shares of the heaviest weight halve: they shrink,
            // as in a new cloud; on a weight curve they keep their sizes.
            #expect(w.fontSize <= b.fontSize, "\(text)")
        }
        #expect(c.stayed + c.moved == next.placed.count && c.new == 0 && c.removed == 0)
        #expect((c.moved == 0) == (c.largestMove == 0))
        try checkNoOverlap(next, o)
    }

    @Test("the search from a word's old place finds the free position nearest it", arguments: 1...8)
    func nearestFreePosition(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed))
        var o = options()
        o.width = 240
        o.height = 160
        var maps = PlacementMaps(area: try PlacementArea(o), width: 240, height: 160, strategy: .archimedean)
        // Blocks of ink over about a third of the canvas, with room between them.
        for _ in 0..<40 {
            let w = 6 + rng.nextInt(below: 30), h = 4 + rng.nextInt(below: 14)
            var block = BitMask(width: w, height: h)
            for y in 0..<h { block.setRun(y: y, from: 0, to: w) }
            maps.insert(block, x: rng.nextInt(below: 240 - w), y: rng.nextInt(below: 160 - h))
        }
        var mask = BitMask(width: 23, height: 9)
        for y in 0..<9 { mask.setRun(y: y, from: y % 3, to: 23 - y % 2) }
        let set = try FakeTypesetter().typeset("word", font: FontDescriptor(family: "Fake"), size: 10)
        let entry = MaskCache.Entry(
            key: MaskCache.Key(word: 0, size: 10, angle: 0, margin: 0), set: set,
            raw: WordMask(bits: mask, offsetX: 0, offsetY: 0), grown: mask, search: nil,
            coarse: mask.downsampled(by: PlacementArea.coarse))
        for _ in 0..<10 {
            let tx = Double(rng.nextInt(below: 2400)) / 10, ty = Double(rng.nextInt(below: 1600)) / 10
            // Every free position, by the distance of its centre from the target.
            var nearest = Double.infinity
            for y in 0...(160 - 9) {
                for x in 0...(240 - 23) where !maps.fine.collides(mask, x: x, y: y) {
                    nearest = min(nearest, hypot(Double(x) + 11.5 - tx, Double(y) + 4.5 - ty))
                }
            }
            let result = maps.findNearest(entry, x: tx, y: ty, final: true)
            let found = try #require(result)
            #expect(!maps.fine.collides(mask, x: found.x, y: found.y))
            let distance = hypot(Double(found.x) + 11.5 - tx, Double(found.y) + 4.5 - ty)
            // The old place itself is rounded to whole pixels, up to half a pixel each way.
            #expect(distance <= max(nearest, 0.71) + 1e-9, "found \(distance), nearest \(nearest) from (\(tx), \(ty))")
            // Near the target only: the same position when it lies within the radius, else none.
            let nearby = maps.findNearby(entry, x: tx, y: ty, radius: 12)
            if nearest < 12 {
                let n = try #require(nearby, "a free position \(nearest) from (\(tx), \(ty))")
                #expect(!maps.fine.collides(mask, x: n.x, y: n.y))
                #expect(hypot(Double(n.x) + 11.5 - tx, Double(n.y) + 4.5 - ty) <= max(nearest, 0.71) + 1e-9)
            } else {
                #expect(nearby == nil, "nothing within 12 of (\(tx), \(ty)): the nearest is \(nearest) away")
            }
        }
    }

    @Test("a pin wins over the word's previous place; the word whose place it takes moves")
    func pinWins() throws {
        let o = options()
        var terms = words(30)
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let old = byText(first)
        // The heaviest word lies at the centre: a pin there takes its place.
        let heaviest = try #require(terms.indices.max { terms[$0].weight < terms[$1].weight })
        let pinnedIndex = heaviest == 3 ? 4 : 3
        let a = terms[pinnedIndex], b = terms[heaviest]
        let target = try #require(old[b.text]).frame.center
        terms[pinnedIndex].pin = Pin(x: target.x, y: target.y, size: 20)
        let (next, c) = try relayout(terms, o, over: first)
        let now = byText(next)
        let pinned = try #require(now[a.text]).frame.center
        #expect(abs(pinned.x - target.x) <= 0.5 && abs(pinned.y - target.y) <= 0.5)
        let moved = try #require(now[b.text]).frame.center
        #expect(moved != target, "the word under the pin moves")
        #expect(c.moved >= 1 && c.stayed + c.moved == next.placed.count - 1, "the pinned word counts in neither")
        try checkNoOverlap(next, o)
    }

    @Test("words are known by their id when they have one")
    func identityById() throws {
        let o = options()
        let terms = sampleTerms(count: 25, seed: 3)
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        var renamed = terms
        renamed[0].text = "renamed"
        let (next, c) = try relayout(renamed, o, over: first)
        let was = try #require(first.placed.first { $0.id == terms[0].id })
        let now = try #require(next.placed.first { $0.id == terms[0].id })
        #expect(now.text == "renamed")
        #expect(abs(now.frame.center.x - was.frame.center.x) <= 40 && abs(now.frame.center.y - was.frame.center.y) <= 40)
        #expect(c.new == 0 && c.removed == 0)
    }

    @Test("places that cannot all be kept are wishes, never errors: every word placed, none overlapping")
    func impossibleWishes() throws {
        let o = options()
        let terms = words(30)
        let crowded = PreviousLayout(
            size: Size(width: 420, height: 300),
            words: terms.map { PreviousLayout.Word(text: $0.text, center: Point(x: 5, y: 295), angle: 0) })
        var p = o
        p.previous = crowded
        let (layout, stats) = try WordCloudLayout(p).run(terms, typesetter: FakeTypesetter())
        let c = try #require(stats.continuity)
        #expect(c.stayed + c.moved == layout.placed.count)
        #expect(c.moved >= layout.placed.count - 1)
        #expect(stats.unplaced == 0)
        try checkNoOverlap(layout, o)
    }

    @Test("same words, seed and previous layout: the same layout, with masks made ahead or not")
    func determinism() throws {
        let o = options()
        let first = try WordCloudLayout(o).layout(words(30), typesetter: FakeTypesetter())
        var changed = words(30)
        changed[4].weight *= 3
        changed.remove(at: 9)
        changed.append(Term("novel", weight: 400))
        var p = o
        p.previous = PreviousLayout(first)
        var threaded = WordCloudLayout(p)
        threaded.masksOnSecondThread = true
        var inline = WordCloudLayout(p)
        inline.masksOnSecondThread = false
        let a = try threaded.run(changed, typesetter: FakeTypesetter())
        let b = try threaded.run(changed, typesetter: FakeTypesetter())
        let c = try inline.run(changed, typesetter: FakeTypesetter())
        #expect(a.layout == b.layout && a.layout == c.layout)
        #expect(a.statistics == b.statistics)
    }

    @Test("fit all with a previous layout: every word placed, none overlapping")
    func fitAll() throws {
        var o = options()
        o.width = 220
        o.height = 160
        o.fit = .all
        o.maximumWords = 70
        let first = try WordCloudLayout(o).layout(words(40), typesetter: FakeTypesetter())
        let (next, _) = try relayout(words(70), o, over: first)
        #expect(next.unplaced.isEmpty)
        try checkNoOverlap(next, o)
    }

    @Test("a previous layout of another canvas size, or with unusable places: errors")
    func validation() throws {
        let o = options()
        let first = try WordCloudLayout(o).layout(words(10), typesetter: FakeTypesetter())
        var other = o
        other.width = 500
        other.previous = PreviousLayout(first)
        #expect(throws: TagCloudError.previousLayoutSize(width: 420, height: 300, canvasWidth: 500, canvasHeight: 300)) {
            try other.validate()
        }
        #expect(
            TagCloudError.previousLayoutSize(width: 420, height: 300, canvasWidth: 500, canvasHeight: 300).description
                == "the previous layout is 420x300, the canvas 500x300: lay the cloud out on the previous layout's canvas size")
        for (word, field) in [
            (PreviousLayout.Word(text: "w", center: Point(x: .infinity, y: 3), angle: 0), "x"),
            (PreviousLayout.Word(text: "w", center: Point(x: 3, y: -1), angle: 0), "y"),
            (PreviousLayout.Word(text: "w", center: Point(x: 3, y: 3), angle: 500), "angle"),
        ] {
            var bad = o
            bad.previous = PreviousLayout(size: Size(width: 420, height: 300), words: [word])
            #expect(throws: TagCloudError.self) { try WordCloudLayout(bad).layout(words(5), typesetter: FakeTypesetter()) }
            do { try bad.validate() } catch TagCloudError.previousWordUnusable(let text, let f, _, _) {
                #expect(text == "w" && f == field)
            }
        }
    }

    @Test("a layout with repeats keeps each word at its own, heaviest placement")
    func repeatsCollapse() throws {
        var o = options()
        o.repeatWords = true
        o.maximumWords = 60
        let first = try WordCloudLayout(o).layout(words(8), typesetter: FakeTypesetter())
        #expect(first.placed.count > 8)
        let previous = PreviousLayout(first)
        #expect(previous.words.count == 8)
        for w in previous.words {
            let heaviest = first.placed.filter { $0.text == w.text }.max { $0.weight < $1.weight }
            #expect(heaviest?.frame.center == w.center)
        }
    }

    /// Options with two fonts drawn at random, so both colours and fonts are drawn from the seed.
    func lookOptions(seed: UInt64, mode: CloudStyle.ColorMode = .random) -> WordCloudOptions {
        var o = options(seed: seed)
        o.style.fonts = [FontDescriptor(family: "Serif Fake"), FontDescriptor(family: "Sans Fake")]
        o.style.colorMode = mode
        return o
    }

    @Test("a word added shifts the draws of the lighter words, yet the kept words keep their colours and fonts", arguments: 1...6)
    func looksKept(seed: Int) throws {
        let o = lookOptions(seed: UInt64(seed))
        let terms = words(30, seed: UInt64(seed))
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        // Of middle weight: it comes before half the words in weight order, where the draws are made.
        let weights = terms.map(\.weight).sorted()
        let added = terms + [Term("newcomer", weight: weights[weights.count / 2] + 0.5)]
        let (next, _) = try relayout(added, o, over: first)
        let fresh = byText(try WordCloudLayout(o).layout(added, typesetter: FakeTypesetter()))
        let old = byText(first), now = byText(next)
        var drawnAnew = 0
        for (text, w) in old {
            let n = try #require(now[text])
            #expect(n.color == w.color && n.font == w.font, "\(text)")
            if let f = fresh[text], f.color != w.color || f.font != w.font { drawnAnew += 1 }
        }
        #expect(drawnAnew > 0, "without the previous layout the draws differ, so the test can fail")
        // The new word is drawn as in a layout without a previous one: the same seed, the same look.
        #expect(now["newcomer"]?.color == fresh["newcomer"]?.color && now["newcomer"]?.font == fresh["newcomer"]?.font)
        let (again, _) = try relayout(added, o, over: first)
        #expect(again == next, "the same input, seed and previous layout: the same layout")
    }

    @Test("a term's own colour wins over its kept colour")
    func ownColourWins() throws {
        let o = lookOptions(seed: 3)
        var terms = words(20)
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let red = Color(rgb: 0xFF0000)
        terms[4].color = red
        let (next, _) = try relayout(terms, o, over: first)
        let old = byText(first), now = byText(next)
        #expect(old[terms[4].text]?.color != red)
        #expect(now[terms[4].text]?.color == red)
        for t in terms where t.color == nil { #expect(now[t.text]?.color == old[t.text]?.color, "\(t.text)") }
    }

    @Test("colour by group: a group keeps its colour, its new words take it, a new group takes a colour no kept group has")
    func groupsKeepColours() throws {
        let o = lookOptions(seed: 2, mode: .group)
        let terms = words(12).enumerated().map { i, t in
            var t = t
            t.group = ["a", "b", "c"][i % 3]
            return t
        }
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let colourOf = Dictionary(terms.map { ($0.group!, byText(first)[$0.text]!.color) }, uniquingKeysWith: { a, _ in a })
        // A new group first in input order would take the first colour in a new layout: group a's.
        let added = [Term("newgroup", weight: 900, group: "d"), Term("newb", weight: 300, group: "b")] + terms
        let (next, _) = try relayout(added, o, over: first)
        let now = byText(next)
        for t in terms { #expect(now[t.text]?.color == colourOf[t.group!], "\(t.text)") }
        #expect(now["newb"]?.color == colourOf["b"])
        let d = try #require(now["newgroup"]?.color)
        #expect(!colourOf.values.contains(d) && o.style.palette.colors.contains(d))
    }

    @Test("colour by weight: a kept word whose weight changed takes the colour its weight gives now")
    func weightColoursFollow() throws {
        let o = lookOptions(seed: 2, mode: .weight)
        var terms = words(12)
        let first = try WordCloudLayout(o).layout(terms, typesetter: FakeTypesetter())
        let lightest = terms.indices.min { terms[$0].weight < terms[$1].weight }!
        terms[lightest].weight = terms.map(\.weight).max()! + 1
        let (next, _) = try relayout(terms, o, over: first)
        #expect(byText(next)[terms[lightest].text]?.color == o.style.palette.colors[0], "the heaviest takes the first colour")
        #expect(byText(first)[terms[lightest].text]?.color != o.style.palette.colors[0])
    }

    @Test("a previous layout without colours and fonts (an older file) styles the words as a new layout does")
    func olderFileNoLooks() throws {
        let o = lookOptions(seed: 4)
        let first = try WordCloudLayout(o).layout(words(15), typesetter: FakeTypesetter())
        var previous = PreviousLayout(first)
        #expect(previous.words.allSatisfy { $0.color != nil && $0.font != nil })
        let json = try JSONEncoder().encode(previous)
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        object["words"] = (object["words"] as! [[String: Any]]).map { w in
            w.filter { !["color", "font", "frame", "baseline"].contains($0.key) }
        }
        previous = try JSONDecoder().decode(PreviousLayout.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(previous.words.allSatisfy { $0.color == nil && $0.font == nil && $0.frame == nil })
        var withOld = o
        withOld.previous = previous
        let next = try WordCloudLayout(withOld).layout(words(15), typesetter: FakeTypesetter())
        #expect(next.placed == first.placed, "the same seed draws the same looks")
    }
}
