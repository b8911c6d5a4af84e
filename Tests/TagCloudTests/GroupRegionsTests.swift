import Testing

@testable import TagCloud

/// The regions of the semantic arrangement: they tile the area, in proportion to the room each
/// group asks for, related groups side by side, and by the area words may cover in a shape.
struct GroupRegionsTests {
    static let bounds = Rect(x: 0, y: 0, width: 1200, height: 800)

    @Test("regions tile the area in proportion to their room, shaped like lines of words")
    func proportions() throws {
        let link = [[0, 0, 0], [0, 0, 0], [0, 0, 0.0]]
        let r = GroupRegions(count: 3, room: [2, 1, 1], link: link, bounds: Self.bounds)
        let areas = try r.rectangles.map { try #require($0).width * $0!.height }
        #expect(abs(areas.reduce(0, +) - 1200 * 800) < 1)
        #expect(abs(areas[0] / areas[1] - 2) < 0.01 && abs(areas[1] / areas[2] - 1) < 0.01)
        // Two halves of 1200×800 stacked (1200×400) are nearer a line's shape than side by side.
        let two = GroupRegions(count: 2, room: [1, 1], link: [[0, 0], [0, 0]], bounds: Self.bounds)
        #expect(two.rectangles[0]?.width == 1200 && two.rectangles[0]?.height == 400)
    }

    @Test("related groups are side by side: the unrelated one is not between them")
    func relatedTogether() throws {
        // 0 and 2 are related, 1 is related to neither.
        let link = [[0, 0, 1], [0, 0, 0], [1, 0, 0.0]]
        let r = GroupRegions(count: 3, room: [1, 1, 1], link: link, bounds: Self.bounds)
        let a = try #require(r.rectangles[0]), b = try #require(r.rectangles[2])
        let touch = a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
        #expect(touch, "\(a) and \(b)")
    }

    @Test("in a heart, two groups of equal room hold equal parts of the heart, not of its box")
    func byShapeArea() throws {
        var options = WordCloudOptions()
        (options.width, options.height, options.area) = (900, 800, .shape(.heart))
        let area = try PlacementArea(options)
        let allowed = try #require(AllowedArea(area))
        let b = area.bounds
        let box = Rect(x: Double(b.x), y: Double(b.y), width: Double(b.width), height: Double(b.height))
        let r = GroupRegions(count: 2, room: [1, 1], link: [[0, 0], [0, 0]], bounds: box, allowed: allowed)
        let top = allowed.area(try #require(r.rectangles[0])), bottom = allowed.area(try #require(r.rectangles[1]))
        #expect(abs(top - bottom) / (top + bottom) < 0.03, "\(top) against \(bottom)")
        // The heart narrows downwards: its lower half by area is taller than half its box.
        #expect(try #require(r.rectangles[1]).height > box.height / 2 + 20)
    }
}
