import Foundation
import Testing

@testable import TagCloud

/// The clouds between two frames of a series: ends exact, shared words resized about their centres,
/// others fading, colours mixed.
struct SeriesTweenTests {
    static let font = ResolvedFont(family: "Test", file: "/nonexistent/test.ttf")

    /// A word of `text` whose box is centred on `center`: 1.8 × 1.2 em upright, three glyphs 0.6 em
    /// apart, origin on the baseline at the box's left; turned by `rotation` about the centre (the frame
    /// and ink box bound the turned boxes).
    func word(
        _ text: String, center: Point, size: Double, color: Color = .black, rotation: Double = 0, id: String? = nil
    ) -> PlacedWord {
        let width = 1.8 * size, height = 1.2 * size
        let upright = Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
        let glyphs = (0..<3).map { PositionedGlyph(id: UInt32($0 + 1), x: Double($0) * 0.6 * size, y: 0) }
        let r = rotation * .pi / 180
        func turned(_ p: Point) -> Point {
            let x = p.x - center.x, y = p.y - center.y
            return Point(x: center.x + x * cos(r) - y * sin(r), y: center.y + x * sin(r) + y * cos(r))
        }
        func box(_ rect: Rect) -> Rect {
            guard rotation != 0 else { return rect }
            let ps = [
                Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
            ].map(turned)
            let x0 = ps.map(\.x).min()!, y0 = ps.map(\.y).min()!
            return Rect(x: x0, y: y0, width: ps.map(\.x).max()! - x0, height: ps.map(\.y).max()! - y0)
        }
        let origin =
            rotation == 0
            ? Point(x: upright.minX, y: upright.minY + size) : turned(Point(x: upright.minX, y: upright.minY + size))
        let ink = Rect(x: upright.minX, y: upright.minY + 0.1 * size, width: width, height: size)
        return PlacedWord(
            index: 0, text: text, id: id, link: nil, weight: size, frame: box(upright), origin: origin,
            inkBounds: box(ink), font: Self.font, fontSize: size, color: color, rotation: rotation, glyphs: glyphs,
            rightToLeft: false, fallbackFont: false)
    }

    func layout(_ words: [PlacedWord], background: Color? = .white) -> CloudLayout {
        CloudLayout(
            kind: .cloud, size: Size(width: 400, height: 300), background: background, placed: words, unplaced: [], seed: 1)
    }

    /// Frame A: "stay" 20 pt and "gone"; frame B: "stay" 40 pt, blue, and "new".
    func frames() -> (CloudLayout, CloudLayout) {
        let a = layout([
            word("stay", center: Point(x: 200, y: 150), size: 20),
            word("gone", center: Point(x: 80, y: 60), size: 16, color: Color(red: 200, green: 0, blue: 0)),
        ])
        let b = layout(
            [
                word("new", center: Point(x: 320, y: 240), size: 24, color: Color(red: 0, green: 160, blue: 0)),
                word("stay", center: Point(x: 200, y: 150), size: 40, color: Color(red: 0, green: 0, blue: 255)),
            ], background: Color(red: 0, green: 0, blue: 0))
        return (a, b)
    }

    func named(_ l: CloudLayout, _ text: String) throws -> PlacedWord {
        try #require(l.placed.first { $0.text == text }, "\(text) is in the cloud")
    }

    @Test("t = 0 is frame k exactly and t = 1 frame k + 1 exactly, as are times outside 0…1")
    func endsAreTheFrames() {
        let (a, b) = frames()
        #expect(SeriesTween.layout(from: a, to: b, at: 0) == a)
        #expect(SeriesTween.layout(from: a, to: b, at: 1) == b)
        #expect(SeriesTween.layout(from: a, to: b, at: -3) == a)
        #expect(SeriesTween.layout(from: a, to: b, at: 7) == b)
        #expect(SeriesTween.layout(from: a, to: b, at: .nan) == a)
        let series = CloudSeries(frames: [.init(label: "1", layout: a), .init(label: "2", layout: b)])
        #expect(SeriesTween.layout(in: series, after: 0, at: 0) == a)
        #expect(SeriesTween.layout(in: series, after: 0, at: 1) == b)
        #expect(SeriesTween.layout(in: series, after: 1, at: 0.5) == nil)
        #expect(SeriesTween.layout(in: series, after: -1, at: 0.5) == nil)
    }

    @Test("midway: a shared word is between its sizes, at its centre, its glyphs and boxes scaled about it")
    func sharedWordResizesAboutItsCentre() throws {
        let (a, b) = frames()
        let mid = SeriesTween.layout(from: a, to: b, at: 0.5)
        let w = try named(mid, "stay")
        #expect(abs(w.fontSize - 30) < 1e-9)
        #expect(abs(w.frame.center.x - 200) < 1e-9 && abs(w.frame.center.y - 150) < 1e-9)
        #expect(abs(w.frame.width - 1.8 * 30) < 1e-9 && abs(w.frame.height - 1.2 * 30) < 1e-9)
        // The word drawn at 30 pt is the 30 pt word: same origin, glyph offsets and ink box.
        let expected = word("stay", center: Point(x: 200, y: 150), size: 30)
        #expect(abs(w.origin.x - expected.origin.x) < 1e-9 && abs(w.origin.y - expected.origin.y) < 1e-9)
        #expect(w.baseline == w.origin.y)
        #expect(zip(w.glyphs, expected.glyphs).allSatisfy { abs($0.x - $1.x) < 1e-9 && $0.y == $1.y && $0.id == $1.id })
        #expect(abs(w.inkBounds.minY - expected.inkBounds.minY) < 1e-9 && abs(w.inkBounds.height - 30) < 1e-9)
        // Black to blue, halfway.
        #expect(w.color == Color(red: 0, green: 0, blue: 128))
        #expect(mid.background == Color(red: 128, green: 128, blue: 128))
    }

    @Test("sizes grow monotonically with t, eased: slow at the ends, fast in the middle")
    func sizesFollowTheEasing() throws {
        let (a, b) = frames()
        let sizes = try stride(from: 0.0, through: 1.0, by: 0.1).map {
            try named(SeriesTween.layout(from: a, to: b, at: $0), "stay").fontSize
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 })
        #expect(sizes.first == 20 && sizes.last == 40)
        #expect(sizes[1] - sizes[0] < sizes[6] - sizes[5])
        #expect(SeriesTween.easeInOut(0.5) == 0.5)
        #expect(abs(SeriesTween.easeInOut(0.25) + SeriesTween.easeInOut(0.75) - 1) < 1e-12)
    }

    @Test("a word only in frame k fades out, one only in frame k + 1 fades in, where they stand")
    func unsharedWordsFade() throws {
        let (a, b) = frames()
        var previousOut = 256, previousIn = -1
        for t in stride(from: 0.1, through: 0.9, by: 0.2) {
            let l = SeriesTween.layout(from: a, to: b, at: t)
            let out = try named(l, "gone"), into = try named(l, "new")
            #expect(Int(out.color.alpha) < previousOut && Int(into.color.alpha) > previousIn)
            previousOut = Int(out.color.alpha)
            previousIn = Int(into.color.alpha)
            #expect(out.frame == a.placed[1].frame && out.fontSize == 16 && out.color.red == 200)
            #expect(into.frame == b.placed[0].frame && into.fontSize == 24 && into.color.green == 160)
            #expect(l.placed.count == 3)
        }
        let mid = SeriesTween.layout(from: a, to: b, at: 0.5)
        #expect(try named(mid, "gone").color.alpha == 128)
        #expect(try named(mid, "new").color.alpha == 128)
    }

    @Test("a word whose centre and angle differ moves and turns, staying centred on the path")
    func movedAndTurnedWord() throws {
        let a = layout([word("w", center: Point(x: 100, y: 100), size: 20, rotation: 0)])
        let b = layout([word("w", center: Point(x: 300, y: 200), size: 20, rotation: 90)])
        let mid = try named(SeriesTween.layout(from: a, to: b, at: 0.5), "w")
        #expect(abs(mid.rotation - 45) < 1e-9)
        #expect(abs(mid.frame.center.x - 200) < 1e-9 && abs(mid.frame.center.y - 150) < 1e-9)
        // The origin sits where turning the word 45° about its centre puts it.
        let local = Point(x: a.placed[0].origin.x - 100, y: a.placed[0].origin.y - 100)
        let r = Double.pi / 4
        let origin = Point(x: 200 + local.x * cos(r) - local.y * sin(r), y: 150 + local.x * sin(r) + local.y * cos(r))
        #expect(abs(mid.origin.x - origin.x) < 1e-9 && abs(mid.origin.y - origin.y) < 1e-9)
        // The turned box bounds the turned word: wider and taller than either upright box.
        #expect(mid.frame.width > 36 && mid.frame.height > 36)
        // The short way round: 350° to 10° passes through 0°, not 180°.
        let c = layout([word("w", center: Point(x: 100, y: 100), size: 20, rotation: 350)])
        let d = layout([word("w", center: Point(x: 100, y: 100), size: 20, rotation: 10)])
        let turned = try named(SeriesTween.layout(from: c, to: d, at: 0.5), "w")
        #expect(abs(turned.rotation.truncatingRemainder(dividingBy: 360)) < 1e-9)
    }

    @Test("words are matched by id before text, and a second word with one identity fades")
    func matchingByIdentity() throws {
        let a = layout([
            word("Alpha", center: Point(x: 100, y: 100), size: 20, id: "a1"),
            word("twin", center: Point(x: 300, y: 100), size: 20),
            word("twin", center: Point(x: 300, y: 200), size: 10),
        ])
        let b = layout([
            word("Renamed", center: Point(x: 100, y: 100), size: 30, id: "a1"),
            word("twin", center: Point(x: 300, y: 100), size: 30),
        ])
        let mid = SeriesTween.layout(from: a, to: b, at: 0.5)
        #expect(mid.placed.count == 3)
        #expect(mid.placed[0].id == "a1" && abs(mid.placed[0].fontSize - 25) < 1e-9)
        #expect(abs(mid.placed[1].fontSize - 25) < 1e-9 && mid.placed[1].color.alpha == 255)
        #expect(mid.placed[2].fontSize == 10 && mid.placed[2].color.alpha == 128)
    }

    @Test("tag shapes: colours mix when both frames have one; a shape in one frame only fades")
    func decorations() throws {
        var a = word("tag", center: Point(x: 100, y: 100), size: 20)
        var b = a
        a.decoration = TagDecoration(fill: Color(red: 0, green: 0, blue: 0), border: nil, borderWidth: 0, cornerRadius: 4)
        b.decoration = TagDecoration(fill: Color(red: 200, green: 100, blue: 0), border: nil, borderWidth: 2, cornerRadius: 8)
        let mid = try named(SeriesTween.layout(from: layout([a]), to: layout([b]), at: 0.5), "tag")
        #expect(mid.decoration?.fill == Color(red: 100, green: 50, blue: 0))
        #expect(mid.decoration?.borderWidth == 1 && mid.decoration?.cornerRadius == 6)
        b.decoration = nil
        let fading = try named(SeriesTween.layout(from: layout([a]), to: layout([b]), at: 0.25), "tag")
        #expect(fading.decoration?.fill?.alpha ?? 0 > 128 && fading.decoration?.fill?.alpha ?? 0 < 255)
    }
}
