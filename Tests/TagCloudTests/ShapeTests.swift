import Foundation
import Testing

@testable import TagCloud

/// Allowed pixels of `mask` as (x, y) pairs.
private func allowedPixels(_ mask: BitMask) -> [(x: Int, y: Int)] {
    var out: [(x: Int, y: Int)] = []
    for y in 0..<mask.height { for x in 0..<mask.width where mask[x, y] { out.append((x, y)) } }
    return out
}

/// Rows (top first) of `mask` that have any allowed pixel, with their allowed-pixel count.
private func rowCounts(_ mask: BitMask) -> [(y: Int, count: Int)] {
    (0..<mask.height).compactMap { y in
        let n = (0..<mask.width).filter { mask[$0, y] }.count
        return n > 0 ? (y, n) : nil
    }
}

@Suite struct ShapeTests {
    @Test(arguments: Shape.allCases)
    func everyShapeFillsPartOfTheCanvas(_ shape: Shape) {
        let m = shape.mask(width: 400, height: 300)
        #expect(m.allowed.width == 400 && m.allowed.height == 300)
        #expect(!m.isEmpty)
        #expect(m.allowedArea > 400 * 300 / 6, "\(shape) covers only \(m.allowedArea) pixels")
        #expect(m.allowedArea < 400 * 300)
        #expect(!m.contours.isEmpty)
        for polygon in m.contours {
            #expect(polygon.count >= 3)
            for p in polygon {
                #expect(p.x >= -1e-9 && p.x <= 400 + 1e-9 && p.y >= -1e-9 && p.y <= 300 + 1e-9)
            }
        }
        // Tracing the raster gives loops that enclose exactly the same pixels.
        let traced = ShapeMask.traced(from: m.allowed)
        #expect(traced.contours.count == 1)
        #expect(ShapeMask.rasterize(traced.contours, width: 400, height: 300) == m.allowed)
    }

    @Test(arguments: Shape.allCases)
    func insetKeepsTheEdgesFree(_ shape: Shape) {
        let m = shape.mask(width: 400, height: 300, inset: 20)
        #expect(!m.isEmpty)
        for (x, y) in allowedPixels(m.allowed) {
            #expect(x >= 20 && x < 380 && y >= 20 && y < 280)
        }
        #expect(Shape.circle.mask(width: 30, height: 30, inset: 15).isEmpty)
        #expect(Shape.circle.mask(width: 0, height: 10).isEmpty)
    }

    @Test func rawValuesAreTheCommandLineNames() {
        #expect(Shape(rawValue: "rounded-rectangle") == .roundedRectangle)
    }

    @Test func circleIsAQuarterPiOfItsSquare() {
        let m = Shape.circle.mask(width: 400, height: 300)
        let expected = Double.pi / 4 * 300 * 300
        #expect(abs(Double(m.allowedArea) - expected) / expected < 0.02)
        // Centred: as many pixels left of the middle as right of it.
        let left = allowedPixels(m.allowed).filter { $0.x < 200 }.count
        #expect(left * 2 == m.allowedArea)
    }

    @Test func squareIsTheFullInscribedSquare() {
        let m = Shape.square.mask(width: 400, height: 300)
        #expect(m.allowed == BitMask(width: 400, height: 300) { x, _ in x >= 50 && x < 350 })
        #expect(m.allowedArea == 300 * 300)
    }

    @Test func ellipseAndDiamondStretch() {
        let diamond = Shape.diamond.mask(width: 400, height: 300)
        #expect(abs(Double(diamond.allowedArea) - 60_000) / 60_000 < 0.01)
        #expect(diamond.allowed[200, 1] && diamond.allowed[1, 150] && diamond.allowed[398, 150])
        #expect(!diamond.allowed[5, 5] && !diamond.allowed[394, 294])
        let ellipse = Shape.ellipse.mask(width: 400, height: 300)
        let expected = Double.pi * 200 * 150
        #expect(abs(Double(ellipse.allowedArea) - expected) / expected < 0.02)
        let rounded = Shape.roundedRectangle.mask(width: 400, height: 300)
        #expect(rounded.allowed[200, 0] && rounded.allowed[0, 150] && !rounded.allowed[0, 0])
        #expect(rounded.allowedArea > 400 * 300 * 9 / 10)
    }

    @Test func heartIsSymmetricWithItsPointAtTheBottom() {
        let m = Shape.heart.mask(width: 400, height: 300)
        let mirrored = BitMask(width: 400, height: 300) { x, y in m.allowed[399 - x, y] }
        #expect(mirrored == m.allowed)
        let rows = rowCounts(m.allowed)
        // The point: the last rows are narrow and centred; the lobes at the top are wide.
        let bottom = rows.last!, widest = rows.map(\.count).max()!
        #expect(bottom.count < 10 && (m.allowed[199, bottom.y] || m.allowed[200, bottom.y]))
        #expect(widest > 250)
        // The dip between the lobes: the centre column starts lower than the lobes do.
        let topOfCentre = (0..<300).first { m.allowed[200, $0] }!
        #expect(topOfCentre > rows.first!.y + 20)
    }

    @Test func starHasAFilledCentreAndEmptyNotches() {
        let m = Shape.star.mask(width: 400, height: 300)
        // Unit star: x ±cos 18°, y from −1 to cos 36°, scaled to fit 300 high, centred at x = 200.
        let scale = 300 / (1 + cos(Double.pi / 5))
        let cx = 200.0, cy = scale
        #expect(m.allowed[Int(cx), Int(cy)])
        for k in 0..<5 {
            let tip = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
            let notch = tip + Double.pi / 5
            // Just inside each tip is allowed, the notches between the tips are not.
            #expect(m.allowed[Int(cx + 0.9 * scale * cos(tip)), Int(cy + 0.9 * scale * sin(tip))])
            #expect(!m.allowed[Int(cx + 0.75 * scale * cos(notch)), Int(cy + 0.75 * scale * sin(notch))])
        }
        #expect(m.allowed[200, 2], "one point goes straight up")
    }

    @Test func triangleAndPentagonPointUp() {
        for shape in [Shape.triangle, .pentagon] {
            let rows = rowCounts(shape.mask(width: 400, height: 300).allowed)
            #expect(rows.first!.count < 10, "\(shape) should start with a point at the top")
            #expect(rows.last!.count > 150, "\(shape) should have a flat bottom")
        }
    }

    @Test func cardioidHasItsCuspAtTheTop() {
        let m = Shape.cardioid.mask(width: 400, height: 300)
        let rows = rowCounts(m.allowed)
        let topOfCentre = (0..<300).first { m.allowed[200, $0] }!
        #expect(topOfCentre > rows.first!.y + 20, "the cusp dents the top")
        #expect(rows.last!.count < 40, "the bottom is rounded to a point")
        let mirrored = BitMask(width: 400, height: 300) { x, y in m.allowed[399 - x, y] }
        #expect(mirrored == m.allowed)
    }

    @Test func tracedCircleFollowsTheCircle() {
        let m = Shape.circle.mask(width: 400, height: 300)
        let traced = ShapeMask.traced(from: m.allowed)
        #expect(traced.allowed == m.allowed)
        #expect(traced.contours.count == 1)
        for p in traced.contours[0] {
            let d = ((p.x - 200) * (p.x - 200) + (p.y - 150) * (p.y - 150)).squareRoot()
            #expect(abs(d - 150) <= 1.5, "(\(p.x), \(p.y)) is \(d) from the centre")
        }
        #expect(ShapeMask.rasterize(traced.contours, width: 400, height: 300) == m.allowed)
    }

    @Test func tracingMergesStraightRuns() {
        let big = Shape.circle.mask(width: 1000, height: 1000)
        let traced = ShapeMask.traced(from: big.allowed)
        let points = traced.contours.map(\.count).reduce(0, +)
        #expect(points > 100 && points < 5000)
        let square = ShapeMask.traced(
            from: BitMask(width: 50, height: 50) { x, y in
                x >= 10 && x < 40 && y >= 5 && y < 45
            })
        // Four straight sides, each corner cut by one diagonal step.
        #expect(square.contours.count == 1 && square.contours[0].count == 8)
    }

    @Test func separateBlobsAndHolesTraceToSeparateLoops() {
        let blobs = BitMask(width: 100, height: 60) { x, y in
            let a = (x - 25) * (x - 25) + (y - 30) * (y - 30) < 400
            let b = (x - 75) * (x - 75) + (y - 30) * (y - 30) < 300
            return a || b
        }
        let traced = ShapeMask.traced(from: blobs)
        #expect(traced.contours.count >= 2)
        #expect(ShapeMask.rasterize(traced.contours, width: 100, height: 60) == blobs)

        let ring = BitMask(width: 80, height: 80) { x, y in
            let d = (x - 40) * (x - 40) + (y - 40) * (y - 40)
            return d < 900 && d >= 200
        }
        let ringTraced = ShapeMask.traced(from: ring)
        #expect(ringTraced.contours.count == 2)
        #expect(ShapeMask.rasterize(ringTraced.contours, width: 80, height: 80) == ring)

        // Pixels touching only at a corner, and pixels on the canvas edge.
        let edgy = BitMask(width: 5, height: 5) { x, y in (x == y) || (x == 4 && y == 0) }
        let edgyTraced = ShapeMask.traced(from: edgy)
        #expect(edgyTraced.contours.count == 6)
        #expect(ShapeMask.rasterize(edgyTraced.contours, width: 5, height: 5) == edgy)

        #expect(ShapeMask.traced(from: BitMask(width: 10, height: 10)).contours.isEmpty)
    }
}
