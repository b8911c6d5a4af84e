import Foundation

/// A built-in outline to fill a cloud with: words are placed only inside it.
///
/// Every shape is inscribed in the canvas (less an inset on every side). Circles, squares, stars,
/// pentagons, triangles, hearts and cardioids keep their own proportions and are centred, as large as
/// fits; ellipses, rounded rectangles and diamonds stretch to fill the canvas.
public enum Shape: String, CaseIterable, Codable, Sendable {
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
            return [[Point(x: c.x, y: box.minY), Point(x: box.maxX, y: c.y),
                     Point(x: c.x, y: box.maxY), Point(x: box.minX, y: c.y)]]
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
            let inner = cos(0.4 * Double.pi) / cos(0.2 * Double.pi)
            return (0..<10).map { k in
                let r = k.isMultiple(of: 2) ? 1 : inner
                let a = -Double.pi / 2 + Double(k) * Double.pi / 5
                return Point(x: r * cos(a), y: r * sin(a))
            }
        case .heart:
            // x = 16 sin³t, y = 13 cos t − 5 cos 2t − 2 cos 3t − cos 4t (y up, so negated for y down).
            return (0..<360).map { k in
                let t = Double(k) * 2 * Double.pi / 360
                let s = sin(t)
                return Point(x: 16 * s * s * s,
                             y: -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)))
            }
        case .cardioid:
            // r = 1 − sin θ in y-up coordinates: the cusp at the origin, the body below it.
            return (0..<360).map { k in
                let t = Double(k) * 2 * Double.pi / 360
                let r = 1 - sin(t)
                return Point(x: r * cos(t), y: -r * sin(t))
            }
        }
    }

    /// `n` points on the unit circle, starting at the right, clockwise on screen.
    private static func circle(points n: Int) -> [Point] {
        (0..<n).map { k in
            let a = Double(k) * 2 * Double.pi / Double(n)
            return Point(x: cos(a), y: sin(a))
        }
    }

    /// A regular polygon with one corner straight up, on the unit circle.
    private static func regularPolygon(corners n: Int) -> [Point] {
        (0..<n).map { k in
            let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / Double(n)
            return Point(x: cos(a), y: sin(a))
        }
    }

    /// `r` filling `box` with quarter-circle corners of `radius` (24 segments each).
    private static func roundedRectangle(_ r: Rect, radius: Double) -> [Point] {
        let rad = min(radius, min(r.width, r.height) / 2)
        let centres = [Point(x: r.maxX - rad, y: r.minY + rad), Point(x: r.maxX - rad, y: r.maxY - rad),
                       Point(x: r.minX + rad, y: r.maxY - rad), Point(x: r.minX + rad, y: r.minY + rad)]
        var out: [Point] = []
        out.reserveCapacity(100)
        for (q, c) in centres.enumerated() {
            let start = -Double.pi / 2 + Double(q) * Double.pi / 2
            for k in 0...24 {
                let a = start + Double(k) * (Double.pi / 2) / 24
                out.append(Point(x: c.x + rad * cos(a), y: c.y + rad * sin(a)))
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

/// Where words may go on a canvas, and the outline to draw around it.
public struct ShapeMask: Hashable, Sendable {
    /// Canvas-sized mask: 1 = words may cover this pixel.
    public var allowed: BitMask
    /// Closed polygons in canvas points (the last point joins the first) outlining the allowed area.
    public var contours: [[Point]]

    /// Creates a mask from its parts.
    public init(allowed: BitMask, contours: [[Point]]) {
        self.allowed = allowed; self.contours = contours
    }

    /// Number of allowed pixels.
    public var allowedArea: Int { allowed.popCount }

    /// Whether no pixel is allowed.
    public var isEmpty: Bool { allowed.isEmpty }

    /// A shape mask for an arbitrary allowed-mask (from an image, say), its contours traced by
    /// marching squares through the pixel centres.
    ///
    /// Contour points lie halfway between an allowed and a forbidden pixel centre, so the outline
    /// runs along the allowed area's edge; each contour is a closed loop with the allowed side on its
    /// left (screen coordinates, y down), so outer edges run counter-clockwise on screen and holes
    /// clockwise. Diagonal neighbours are not joined (allowed pixels touching only at a corner give
    /// separate loops). Runs of collinear points are merged, so a loop has one point per change of
    /// direction.
    public static func traced(from allowed: BitMask) -> ShapeMask {
        ShapeMask(allowed: allowed, contours: traceContours(allowed))
    }

    // MARK: - Rasterising

    /// Even-odd scanline fill of `polygons`: a pixel is set when its centre is inside.
    static func rasterize(_ polygons: [[Point]], width: Int, height: Int) -> BitMask {
        var mask = BitMask(width: width, height: height)
        guard width > 0, height > 0 else { return mask }
        // Every edge adds its crossing x to each row whose centre line it spans (half-open in y, so a
        // vertex shared by two edges is counted once, and horizontal edges never count).
        var crossings = [[Double]](repeating: [], count: height)
        for polygon in polygons where polygon.count >= 3 {
            var previous = polygon[polygon.count - 1]
            for p in polygon {
                defer { previous = p }
                let (a, b) = previous.y <= p.y ? (previous, p) : (p, previous)
                guard a.y < b.y, a.y.isFinite, b.y.isFinite, a.x.isFinite, b.x.isFinite else { continue }
                // Rows whose centre y + 0.5 lies in [a.y, b.y).
                let first = Self.clampedInt((a.y - 0.5).rounded(.up), height)
                let last = Self.clampedInt((b.y - 0.5).rounded(.up), height) - 1
                guard first <= last else { continue }
                let slope = (b.x - a.x) / (b.y - a.y)
                for y in first...last {
                    crossings[y].append(a.x + (Double(y) + 0.5 - a.y) * slope)
                }
            }
        }
        for y in 0..<height where crossings[y].count >= 2 {
            crossings[y].sort()
            let xs = crossings[y]
            var i = 0
            while i + 1 < xs.count {
                // Pixel x is inside when xs[i] <= x + 0.5 < xs[i + 1].
                let x0 = Self.clampedInt((xs[i] - 0.5).rounded(.up), width)
                let x1 = Self.clampedInt((xs[i + 1] - 0.5).rounded(.up), width)
                if x0 < x1 { mask.setRun(y: y, from: x0, to: x1) }
                i += 2
            }
        }
        return mask
    }

    /// `v` (a whole number) clamped to 0...`limit`.
    private static func clampedInt(_ v: Double, _ limit: Int) -> Int {
        v <= 0 ? 0 : (v >= Double(limit) ? limit : Int(v))
    }

    // MARK: - Tracing

    /// Marching squares over the pixel centres of `mask`, padded with a forbidden border so every
    /// loop closes.
    static func traceContours(_ mask: BitMask) -> [[Point]] {
        let w = mask.width, h = mask.height
        guard w > 0, h > 0, !mask.isEmpty else { return [] }
        // Sample (i, j) is pixel centre (i + 0.5, j + 0.5), for i in -1...w, j in -1...h. Crossing
        // points sit on grid edges: horizontal edge H(i, j) joins samples (i, j)–(i + 1, j), vertical
        // edge V(i, j) joins (i, j)–(i, j + 1). An edge's id is 2 × sample index (+1 when vertical).
        let stride = w + 2
        func hEdge(_ i: Int, _ j: Int) -> Int { ((j + 1) * stride + (i + 1)) << 1 }
        func vEdge(_ i: Int, _ j: Int) -> Int { ((j + 1) * stride + (i + 1)) << 1 | 1 }
        var next = [Int32](repeating: -1, count: 2 * stride * (h + 2))
        var starts: [Int] = []

        // Cells (i, j) have corners a = (i, j), b = (i + 1, j), c = (i + 1, j + 1), d = (i, j + 1)
        // (bits 1, 2, 4, 8) and edges T, R, B, L. Segments keep the allowed side on their left.
        var rowAbove = [Bool](repeating: false, count: w + 2)   // samples -1...w of row j
        var rowBelow = [Bool](repeating: false, count: w + 2)   // samples -1...w of row j + 1
        for j in -1..<h {
            swap(&rowAbove, &rowBelow)
            for i in 0..<(w + 2) { rowBelow[i] = false }
            if j + 1 < h {
                let base = (j + 1) * mask.wordsPerRow
                for k in 0..<mask.wordsPerRow {
                    var word = mask.words[base + k]
                    while word != 0 {
                        rowBelow[(k << 6) + word.trailingZeroBitCount + 1] = true
                        word &= word - 1
                    }
                }
            }
            for i in -1..<w {
                var code = 0
                if rowAbove[i + 1] { code |= 1 }
                if rowAbove[i + 2] { code |= 2 }
                if rowBelow[i + 2] { code |= 4 }
                if rowBelow[i + 1] { code |= 8 }
                if code == 0 || code == 15 { continue }
                let t = hEdge(i, j), r = vEdge(i + 1, j), b = hEdge(i, j + 1), l = vEdge(i, j)
                func link(_ from: Int, _ to: Int) {
                    next[from] = Int32(to)
                    starts.append(from)
                }
                switch code {
                case 1: link(l, t)
                case 2: link(t, r)
                case 3: link(l, r)
                case 4: link(r, b)
                case 5: link(l, t); link(r, b)
                case 6: link(t, b)
                case 7: link(l, b)
                case 8: link(b, l)
                case 9: link(b, t)
                case 10: link(t, r); link(b, l)
                case 11: link(b, r)
                case 12: link(r, l)
                case 13: link(r, t)
                case 14: link(t, l)
                default: break
                }
            }
        }

        func point(_ id: Int) -> Point {
            let sample = id >> 1
            let i = Double(sample % stride - 1), j = Double(sample / stride - 1)
            // Sample (i, j) is at (i + 0.5, j + 0.5); the crossing is halfway to the next sample.
            return id & 1 == 0 ? Point(x: i + 1, y: j + 0.5) : Point(x: i + 0.5, y: j + 1)
        }

        var loops: [[Point]] = []
        for start in starts where next[start] >= 0 {
            var loop: [Point] = []
            var id = start
            while next[id] >= 0 {
                loop.append(point(id))
                let following = Int(next[id])
                next[id] = -1
                id = following
            }
            let merged = mergeCollinear(loop)
            if merged.count >= 3 { loops.append(merged) }
        }
        return loops
    }

    /// The closed loop without points that lie on a straight run between their neighbours.
    private static func mergeCollinear(_ loop: [Point]) -> [Point] {
        let n = loop.count
        guard n >= 3 else { return loop }
        func turns(_ k: Int) -> Bool {
            let p = loop[(k + n - 1) % n], q = loop[k], r = loop[(k + 1) % n]
            let ux = q.x - p.x, uy = q.y - p.y, vx = r.x - q.x, vy = r.y - q.y
            // Coordinates are multiples of 0.5, so these products are exact.
            return ux * vy - uy * vx != 0 || ux * vx + uy * vy <= 0
        }
        return (0..<n).filter(turns).map { loop[$0] }
    }
}
