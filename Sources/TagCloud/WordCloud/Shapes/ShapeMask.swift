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
        let stride = w + 2
        var next = [Int32](repeating: -1, count: 2 * stride * (h + 2))
        let starts = linkSegments(mask, into: &next)

        // Sample (i, j) is at (i + 0.5, j + 0.5); the crossing is halfway to the next sample.
        func point(_ id: Int) -> Point {
            let sample = id >> 1
            let i = Double(sample % stride - 1), j = Double(sample / stride - 1)
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

    /// Links the contour segments of `mask`'s cells: `next[edge]` becomes the edge a segment from
    /// `edge` leads to (it stays -1 where none does). Returns the edges segments start from, in
    /// cell order.
    ///
    /// Sample (i, j) is pixel centre (i + 0.5, j + 0.5), for i in -1...w, j in -1...h. Crossing
    /// points sit on grid edges: horizontal edge H(i, j) joins samples (i, j)–(i + 1, j), vertical
    /// edge V(i, j) joins (i, j)–(i, j + 1). An edge's id is 2 × sample index (+1 when vertical).
    private static func linkSegments(_ mask: BitMask, into next: inout [Int32]) -> [Int] {
        let w = mask.width, h = mask.height
        let stride = w + 2
        func hEdge(_ i: Int, _ j: Int) -> Int { ((j + 1) * stride + (i + 1)) << 1 }
        func vEdge(_ i: Int, _ j: Int) -> Int { ((j + 1) * stride + (i + 1)) << 1 | 1 }
        var starts: [Int] = []
        func link(_ from: Int, _ to: Int) {
            next[from] = Int32(to)
            starts.append(from)
        }

        // Cells (i, j) have corners a = (i, j), b = (i + 1, j), c = (i + 1, j + 1), d = (i, j + 1)
        // (bits 1, 2, 4, 8) and edges T, R, B, L. Segments keep the allowed side on their left.
        var rowAbove = [Bool](repeating: false, count: w + 2)  // samples -1...w of row j
        var rowBelow = [Bool](repeating: false, count: w + 2)  // samples -1...w of row j + 1
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
        return starts
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
