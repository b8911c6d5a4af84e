import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloud

/// Pinned words: placed exactly at their pins, before the others, which keep clear of them.
struct PinnedWordsTests {
    /// 40 words of falling weight, the word at `pinned` pinned at `pin`.
    func terms(pinning pins: [Int: Pin]) -> [Term] {
        let words = WordCloudLayoutTests().terms(40, seed: 7)
        return words.enumerated().map { i, t in
            var t = t
            t.pin = pins[i]
            return t
        }
    }

    func options(seed: UInt64 = 4) -> WordCloudOptions {
        var o = WordCloudOptions()
        o.width = 420
        o.height = 300
        o.seed = seed
        o.margin = 2
        o.rotation = .angles([0, 90])
        return o
    }

    /// The placed word of term `index` (pinned words are placed once).
    func placed(_ layout: CloudLayout, _ index: Int) throws -> PlacedWord {
        let matches = layout.placed.filter { $0.index == index }
        #expect(matches.count == 1)
        return try #require(matches.first)
    }

    func centre(_ r: Rect) -> (x: Double, y: Double) { (r.x + r.width / 2, r.y + r.height / 2) }

    @Test(
        "a pinned word lands at its pin, at its angle and size; no other word touches it",
        arguments: [
            Pin(x: 120, y: 90, angle: 0, size: 30), Pin(x: 300.3, y: 200.7, angle: 90, size: 18),
            Pin(x: 210, y: 150, angle: -30, size: 40), Pin(x: 210.5, y: 150, angle: 15),
        ])
    func landsAtPin(pin: Pin) throws {
        let words = terms(pinning: [3: pin])
        let layout = try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
        let p = try placed(layout, 3)
        let c = centre(p.frame)
        #expect(abs(c.x - pin.x) <= 0.5 && abs(c.y - pin.y) <= 0.5, "frame centre \(c) for pin (\(pin.x), \(pin.y))")
        #expect(p.rotation == pin.angle)
        if let size = pin.size { #expect(p.fontSize == size) }
        #expect(!p.shrunk)
        #expect(layout.placed.count >= 30, "the other words are placed around the pin")
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
    }

    @Test("a word's own angle is the only one it is drawn at; its own font replaces the style's")
    func ownAngleAndFont() throws {
        var words = terms(pinning: [:])
        words[2].angle = 45
        words[4].font = "Other Family"
        let layout = try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
        #expect(try placed(layout, 2).rotation == 45)
        #expect(try placed(layout, 4).font.family == "Other Family")
        #expect(layout.placed.filter { $0.index != 4 }.allSatisfy { $0.font.family != "Other Family" })
        // The other words draw their colours as before: a word's own angle and font take no draw from them.
        let plain = try WordCloudLayout(options()).layout(terms(pinning: [:]), typesetter: FakeTypesetter())
        let colors = { (l: CloudLayout) in Dictionary(l.placed.map { ($0.index, $0.color) }) { a, _ in a } }
        #expect(colors(layout).filter { $0.key != 2 && $0.key != 4 } == colors(plain).filter { $0.key != 2 && $0.key != 4 })
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
    }

    @Test("several pins, the heaviest word among them; the others search around them")
    func severalPins() throws {
        let pins: [Int: Pin] = [
            0: Pin(x: 210, y: 150, size: 50), 5: Pin(x: 80, y: 40, angle: 90, size: 20),
            9: Pin(x: 360, y: 260, size: 24),
        ]
        let words = terms(pinning: pins)
        let layout = try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
        for (i, pin) in pins {
            let c = centre(try placed(layout, i).frame)
            #expect(abs(c.x - pin.x) <= 0.5 && abs(c.y - pin.y) <= 0.5)
        }
        #expect(layout.placed.count >= 30)
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
    }

    @Test("same seed and pins, same layout; with masks made ahead or not")
    func determinism() throws {
        let words = terms(pinning: [2: Pin(x: 200, y: 120, angle: 90, size: 36), 7: Pin(x: 60, y: 60, size: 14)])
        var threaded = WordCloudLayout(options())
        threaded.masksOnSecondThread = true
        var inline = WordCloudLayout(options())
        inline.masksOnSecondThread = false
        let a = try threaded.layout(words, typesetter: FakeTypesetter())
        let b = try threaded.layout(words, typesetter: FakeTypesetter())
        let c = try inline.layout(words, typesetter: FakeTypesetter())
        #expect(a == b)
        #expect(a == c)
        let unpinned = try WordCloudLayout(options()).layout(terms(pinning: [:]), typesetter: FakeTypesetter())
        #expect(a != unpinned, "the pins change where the others go")
    }

    @Test("two pins that overlap: an error naming both, the heavier first")
    func overlappingPins() throws {
        var words = terms(pinning: [1: Pin(x: 200, y: 150, size: 30), 4: Pin(x: 210, y: 155, size: 30)])
        words[1].weight = 2000
        words[4].weight = 1500
        let o = options()
        #expect(throws: TagCloudError.pinsOverlap(first: words[1].text, second: words[4].text, margin: 2)) {
            try WordCloudLayout(o).layout(words, typesetter: FakeTypesetter())
        }
        let invalid = TagCloudError.invalidPin(text: "a", field: "size", value: -3, expected: "a size").description
        #expect(invalid == "tag \"a\": pin size -3 is unusable: give a size")
        let message = TagCloudError.pinsOverlap(first: "a", second: "b", margin: 2).description
        #expect(
            message == "the pinned words \"a\" and \"b\" overlap (with the margin of 2 px between words): move one of their pins")
    }

    @Test("pins may come as close as the margin allows, pixel-exact")
    func marginBetweenPins() throws {
        /// The least shift of b to the right of a at which the two pins do not overlap.
        func leastShift(margin: Int) throws -> Int {
            var o = options()
            o.margin = margin
            let a = Term("a", weight: 2, pin: Pin(x: 100, y: 100, size: 40))
            for shift in 0...80 {
                let b = Term("b", weight: 1, pin: Pin(x: 100 + Double(shift), y: 100, size: 40))
                do {
                    _ = try WordCloudLayout(o).layout([a, b], typesetter: FakeTypesetter())
                    return shift
                } catch TagCloudError.pinsOverlap(let first, let second, let m) {
                    #expect(first == "a" && second == "b" && m == margin)
                }
            }
            Issue.record("no shift separates the pins")
            return -1
        }
        let touching = try leastShift(margin: 0)
        #expect(touching > 10, "the same glyph box, 40 pt: they overlap until about a letter apart")
        // A margin of 6 grows each word's mask by 3 pixels: the pins must be 3 pixels further apart.
        #expect(try leastShift(margin: 6) == touching + 3)
        #expect(try leastShift(margin: 2) == touching + 1)
    }

    @Test(
        "a pin that leaves the canvas: an error naming the word",
        arguments: [
            Pin(x: -5, y: 100), Pin(x: 419, y: 150), Pin(x: 200, y: 299, size: 30), Pin(x: 1e300, y: -1e300),
            Pin(x: 200, y: 150, size: 2000),
        ])
    func outsideCanvas(pin: Pin) throws {
        let words = terms(pinning: [6: pin])
        #expect(throws: TagCloudError.pinOutside(text: words[6].text, area: "the canvas")) {
            try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
        }
    }

    @Test("a pin outside the shape: an error; inside it, the word is there and all ink inside")
    func outsideShape() throws {
        var o = options()
        o.area = .shape(.circle)
        let corner = terms(pinning: [6: Pin(x: 30, y: 25, size: 16)])
        #expect(throws: TagCloudError.pinOutside(text: corner[6].text, area: "the shape circle")) {
            try WordCloudLayout(o).layout(corner, typesetter: FakeTypesetter())
        }
        let inside = terms(pinning: [6: Pin(x: 210, y: 150, size: 16)])
        let layout = try WordCloudLayout(o).layout(inside, typesetter: FakeTypesetter())
        let c = centre(try placed(layout, 6).frame)
        #expect(abs(c.x - 210) <= 0.5 && abs(c.y - 150) <= 0.5)
        try WordCloudLayoutTests().checkPlacement(layout, allowed: Shape.circle.mask(width: 420, height: 300).allowed)
    }

    @Test(
        "unusable pin values: an error naming the word and the field",
        arguments: [
            (Pin(x: .nan, y: 1), "x"), (Pin(x: 1, y: .infinity), "y"), (Pin(x: 1, y: 1, angle: 400), "angle"),
            (Pin(x: 1, y: 1, size: 0), "size"), (Pin(x: 1, y: 1, size: -3), "size"), (Pin(x: 1, y: 1, size: .nan), "size"),
        ])
    func invalidValues(pin: Pin, field: String) throws {
        let words = terms(pinning: [2: pin])
        do {
            _ = try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
            Issue.record("no error for \(pin)")
        } catch let e as TagCloudError {
            guard case .invalidPin(let text, let f, _, _) = e else {
                Issue.record("\(e)")
                return
            }
            #expect(text == words[2].text)
            #expect(f == field)
            #expect(e.description.hasPrefix("tag \"\(text)\": pin \(field) "), "\(e)")
        }
    }

    @Test("fit all: the pinned word keeps its place and size while the others are scaled down")
    func fitAll() throws {
        var o = options()
        o.width = 220
        o.height = 160
        o.fit = .all
        o.maximumWords = 60
        let pin = Pin(x: 110, y: 80, size: 28)
        let words = WordCloudLayoutTests().terms(60, seed: 3).enumerated().map { i, t in
            var t = t
            if i == 0 { t.pin = pin }
            return t
        }
        let (layout, stats) = try WordCloudLayout(o).run(words, typesetter: FakeTypesetter())
        #expect(stats.scale < 1, "the test must make the cloud scale")
        #expect(stats.unplaced == 0)
        let p = try placed(layout, 0)
        #expect(p.fontSize == 28)
        let c = centre(p.frame)
        #expect(abs(c.x - 110) <= 0.5 && abs(c.y - 80) <= 0.5)
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
    }

    @Test("every word pinned: each at its pin, no search")
    func everyWordPinned() throws {
        var words: [Term] = []
        for i in 0..<6 {
            let pin = Pin(x: 60 + Double(i * 60), y: i % 2 == 0 ? 50 : 150, size: 20)
            words.append(Term("w\(i)", weight: Double(10 - i), pin: pin))
        }
        let layout = try WordCloudLayout(options()).layout(words, typesetter: FakeTypesetter())
        #expect(layout.placed.map { (p: PlacedWord) in p.index } == Array(0..<6))
        for (i, w) in words.enumerated() {
            let c = centre(try placed(layout, i).frame)
            #expect(abs(c.x - w.pin!.x) <= 0.5 && abs(c.y - w.pin!.y) <= 0.5)
        }
    }

    @Test("repeats leave a pinned word where it is, once")
    func repeats() throws {
        var o = options()
        o.repeatWords = true
        o.maximumWords = 200
        let words = Array(terms(pinning: [0: Pin(x: 200, y: 150, size: 40)]).prefix(6))
        let layout = try WordCloudLayout(o).layout(words, typesetter: FakeTypesetter())
        #expect(layout.placed.filter { $0.index == 0 }.count == 1)
        #expect(layout.placed.filter { $0.index == 1 }.count > 1, "the others repeat")
        try WordCloudLayoutTests().checkPlacement(layout, allowed: nil)
    }
}
