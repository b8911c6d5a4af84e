/// A built-in outline to fill a cloud with: words are placed only inside it.
///
/// Every shape is inscribed in the canvas (less an inset on every side). Circles, squares, stars,
/// pentagons, triangles, hearts and cardioids keep their own proportions and are centred, as large as
/// fits; ellipses, rounded rectangles and diamonds stretch to fill the canvas.
public enum Shape: String, CaseIterable, Sendable {
    /// A circle, as large as fits.
    case circle
    /// An ellipse touching all four sides of the canvas.
    case ellipse
    /// A square, as large as fits.
    case square
    /// A rectangle filling the canvas, with circular corners (radius 15 % of its shorter side).
    case roundedRectangle = "rounded-rectangle"
    /// A classic heart, its point at the bottom.
    case heart
    /// A regular five-pointed star, one point up.
    case star
    /// A rhombus whose corners touch the middles of the canvas's sides.
    case diamond
    /// An equilateral triangle, apex up.
    case triangle
    /// A regular pentagon, one corner up.
    case pentagon
    /// The cardioid r = 1 − sin θ: a rounded heart with its cusp at the top.
    case cardioid

    /// The shape rasterised on a `width` × `height` canvas, inscribed `inset` points inside every edge.
    ///
    /// A pixel is allowed when its centre lies inside the outline (even-odd rule). The mask's
    /// `contours` are the exact outline polygons in canvas points. A canvas with no room left after
    /// the inset gives an empty mask.
    public func mask(width: Int, height: Int, inset: Double = 0) -> ShapeMask {
        let w = max(0, width), h = max(0, height)
        let inset = inset.isFinite ? max(0, inset) : 0
        let box = Rect(x: inset, y: inset, width: Double(w) - 2 * inset, height: Double(h) - 2 * inset)
        guard box.width > 0, box.height > 0 else {
            return ShapeMask(allowed: BitMask(width: w, height: h), contours: [])
        }
        let polygons = outline(in: box)
        return ShapeMask(allowed: ShapeMask.rasterize(polygons, width: w, height: h), contours: polygons)
    }

    /// The outline polygons placed in `box`, in canvas points.
    private func outline(in box: Rect) -> [[Point]] {
        switch self {
        case .ellipse:
            return [Self.fit(Self.circle(points: 360), in: box, keepAspect: false)]
        case .diamond:
            let c = box.center
            return [
                [
                    Point(x: c.x, y: box.minY), Point(x: box.maxX, y: c.y),
                    Point(x: c.x, y: box.maxY), Point(x: box.minX, y: c.y),
                ]
            ]
        case .roundedRectangle:
            return [Self.roundedRectangle(box, radius: 0.15 * min(box.width, box.height))]
        default:
            return [Self.fit(unitOutline(), in: box, keepAspect: true)]
        }
    }

    /// The outline of a proportion-keeping shape at an arbitrary scale (y down); `fit` places it.
    private func unitOutline() -> [Point] {
        switch self {
        case .circle, .ellipse:
            return Self.circle(points: 360)
        case .square, .roundedRectangle, .diamond:
            return [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        case .triangle:
            return Self.regularPolygon(corners: 3)
        case .pentagon:
            return Self.regularPolygon(corners: 5)
        case .star:
            // Inner radius of a regular pentagram: cos 72° / cos 36° of the outer one.
            let inner = Math.cos(0.4 * Double.pi) / Math.cos(0.2 * Double.pi)
            return (0..<10).map { k in
                let r = k.isMultiple(of: 2) ? 1 : inner
                let a = -Double.pi / 2 + Double(k) * Double.pi / 5
                return Point(x: r * Math.cos(a), y: r * Math.sin(a))
            }
        case .heart:
            // x = 16 sin³t, y = 13 cos t − 5 cos 2t − 2 cos 3t − cos 4t (y up, so negated for y down).
            return (0..<360).map { k in
                let t = Double(k) * 2 * Double.pi / 360
                let s = Math.sin(t)
                return Point(
                    x: 16 * s * s * s,
                    y: -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t)))
            }
        case .cardioid:
            // r = 1 − sin θ in y-up coordinates: the cusp at the origin, the body below it.
            return (0..<360).map { k in
                let t = Double(k) * 2 * Double.pi / 360
                let r = 1 - Math.sin(t)
                return Point(x: r * Math.cos(t), y: -r * Math.sin(t))
            }
        }
    }

    /// `n` points on the unit circle, starting at the right, clockwise on screen.
    private static func circle(points n: Int) -> [Point] {
        (0..<n).map { k in
            let a = Double(k) * 2 * Double.pi / Double(n)
            return Point(x: Math.cos(a), y: Math.sin(a))
        }
    }

    /// A regular polygon with one corner straight up, on the unit circle.
    private static func regularPolygon(corners n: Int) -> [Point] {
        (0..<n).map { k in
            let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / Double(n)
            return Point(x: Math.cos(a), y: Math.sin(a))
        }
    }

    /// `r` filling `box` with quarter-circle corners of `radius` (24 segments each).
    private static func roundedRectangle(_ r: Rect, radius: Double) -> [Point] {
        let rad = min(radius, min(r.width, r.height) / 2)
        let centres = [
            Point(x: r.maxX - rad, y: r.minY + rad), Point(x: r.maxX - rad, y: r.maxY - rad),
            Point(x: r.minX + rad, y: r.maxY - rad), Point(x: r.minX + rad, y: r.minY + rad),
        ]
        var out: [Point] = []
        out.reserveCapacity(100)
        for (q, c) in centres.enumerated() {
            let start = -Double.pi / 2 + Double(q) * Double.pi / 2
            for k in 0...24 {
                let a = start + Double(k) * (Double.pi / 2) / 24
                out.append(Point(x: c.x + rad * Math.cos(a), y: c.y + rad * Math.sin(a)))
            }
        }
        return out
    }

    /// Scales and moves `polygon` so its bounding box fills `box` (centred and uniformly scaled when
    /// `keepAspect`).
    private static func fit(_ polygon: [Point], in box: Rect, keepAspect: Bool) -> [Point] {
        guard let first = polygon.first else { return [] }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in polygon {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let bw = maxX - minX, bh = maxY - minY
        guard bw > 0, bh > 0 else { return [] }
        var sx = box.width / bw, sy = box.height / bh
        if keepAspect { sx = min(sx, sy); sy = sx }
        let ox = box.minX + (box.width - bw * sx) / 2, oy = box.minY + (box.height - bh * sy) / 2
        return polygon.map { Point(x: ox + ($0.x - minX) * sx, y: oy + ($0.y - minY) * sy) }
    }
}

#if !hasFeature(Embedded)
extension Shape: Codable {}
#endif
