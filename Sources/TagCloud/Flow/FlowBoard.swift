/// The space of a flow laid out over a previous one: the previous layout's rows (shelves), each
/// the band its frames spanned, and the frames placed on the board so far.
///
/// Two frames are apart when they are at least the item spacing apart across, or the row spacing
/// apart up and down; a frame is free when it is apart from every frame placed, inside the
/// content's width and below its top inset.
struct FlowBoard {
    /// A row of the previous layout: the band its frames spanned and their baseline.
    struct Shelf {
        var top: Double
        var bottom: Double
        /// The row's baseline (all its tags share it under baseline alignment).
        var baseline: Double?
    }

    /// The shelves, top to bottom.
    let shelves: [Shelf]
    /// The frames placed, by horizontal slabs `slab` points tall: a frame is in every slab its
    /// band (grown by the row spacing) touches, so any frame that may come too near another's
    /// band shares a slab with it.
    private var slabs: [Int: [Rect]] = [:]
    private static let slab = 32.0
    /// The lowest edge of a frame placed; nil while none is.
    private(set) var bottom: Double?
    private let left: Double
    private let right: Double
    private let top: Double
    private let spacing: Double
    private let rowSpacing: Double
    private let alignment: FlowOptions.CrossAlignment
    private let rightToLeft: Bool
    private static let epsilon = 1e-9

    /// The board of `previous`'s rows for a flow `width` points wide under `options`.
    init(_ previous: PreviousLayout, options: FlowOptions, width: Double) {
        left = options.insets.left
        right = width - options.insets.right
        top = options.insets.top
        spacing = options.itemSpacing
        rowSpacing = options.rowSpacing
        alignment = options.crossAlignment
        rightToLeft = options.direction == .rightToLeft
        let framed = previous.words.enumerated().compactMap { k, w in w.frame.map { (k: k, frame: $0, baseline: w.baseline) } }
            .sorted { ($0.frame.minY, $0.k) < ($1.frame.minY, $1.k) }
        var shelves: [Shelf] = []
        for f in framed {
            if var last = shelves.last, f.frame.minY < last.bottom - Self.epsilon {
                last.bottom = max(last.bottom, f.frame.maxY)
                last.baseline = last.baseline ?? f.baseline
                shelves[shelves.count - 1] = last
            } else {
                shelves.append(Shelf(top: f.frame.minY, bottom: f.frame.maxY, baseline: f.baseline))
            }
        }
        self.shelves = shelves
    }

    /// Whether `frame` is inside the content's width, below the top inset and apart from every
    /// frame placed.
    func isFree(_ frame: Rect) -> Bool {
        let e = Self.epsilon
        guard frame.minX >= left - e, frame.maxX <= right + e, frame.minY >= top - e else { return false }
        return !neighbours(frame.minY, frame.maxY).contains { conflicts(frame, $0) }
    }

    /// Places `frame`.
    mutating func insert(_ frame: Rect) {
        for k in Self.slabs(frame.minY - rowSpacing, frame.maxY + rowSpacing) { slabs[k, default: []].append(frame) }
        bottom = max(bottom ?? frame.maxY, frame.maxY)
    }

    /// The frame of a tag `width` × `height` whose baseline is `ascent` below its top, kept about
    /// `word`'s old place: centred across where it was, in its old row as the cross alignment
    /// puts it (about its old centre when it had no row), and its baseline.
    func resized(width: Double, height: Double, ascent: Double, about word: PreviousLayout.Word) -> (
        frame: Rect, baseline: Double
    ) {
        let y = word.frame?.center.y ?? word.center.y
        let x = word.center.x - width / 2
        if let shelf = shelves.first(where: { $0.top - Self.epsilon <= y && y <= $0.bottom + Self.epsilon }) {
            let (t, b) = aligned(height: height, ascent: ascent, in: shelf)
            return (Rect(x: x, y: t, width: width, height: height), b)
        }
        let t = y - height / 2
        return (Rect(x: x, y: t, width: width, height: height), t + ascent)
    }

    /// The free frame for a tag `width` × `height` (baseline `ascent` below its top) in a row of
    /// the previous layout: nearest `near` (centre to centre) when given, else the first in
    /// reading order (rows top to bottom, each from its leading edge). Nil when no row holds it.
    func gap(width: Double, height: Double, ascent: Double, near: Point?) -> (frame: Rect, baseline: Double)? {
        var best: (frame: Rect, baseline: Double, distance: Double)? = nil
        for shelf in shelves {
            let (t, b) = aligned(height: height, ascent: ascent, in: shelf)
            guard t >= top - Self.epsilon else { continue }
            let segments = freeSegments(t, t + height).filter { $0.hi - $0.lo >= width - Self.epsilon }
            guard let near else {
                guard let s = rightToLeft ? segments.last : segments.first else { continue }
                return (Rect(x: rightToLeft ? s.hi - width : s.lo, y: t, width: width, height: height), b)
            }
            for s in segments {
                let x = max(s.lo, min(near.x - width / 2, s.hi - width))
                let frame = Rect(x: x, y: t, width: width, height: height)
                let dx = frame.center.x - near.x, dy = frame.center.y - near.y
                let distance = (dx * dx + dy * dy).squareRoot()
                if best == nil || distance < best!.distance { best = (frame, b, distance) }
            }
        }
        return best.map { ($0.frame, $0.baseline) }
    }

    /// The top and baseline of a tag `height` tall (baseline `ascent` below its top) in `shelf`.
    private func aligned(height: Double, ascent: Double, in shelf: Shelf) -> (top: Double, baseline: Double) {
        let t: Double
        switch alignment {
        case .baseline:
            if let b = shelf.baseline { return (b - ascent, b) }
            t = shelf.top
        case .top: t = shelf.top
        case .center: t = shelf.top + (shelf.bottom - shelf.top - height) / 2
        case .bottom: t = shelf.bottom - height
        }
        return (t, t + ascent)
    }

    /// The stretches across the content a frame from `minY` to `maxY` may take, apart from the
    /// frames placed, left to right.
    private func freeSegments(_ minY: Double, _ maxY: Double) -> [(lo: Double, hi: Double)] {
        let e = Self.epsilon
        let blocked = neighbours(minY, maxY)
            .filter { $0.minY < maxY + rowSpacing - e && minY < $0.maxY + rowSpacing - e }
            .map { (lo: $0.minX - spacing, hi: $0.maxX + spacing) }
            .sorted { $0.lo < $1.lo }
        var segments: [(lo: Double, hi: Double)] = []
        var from = left
        for b in blocked {
            if b.lo > from { segments.append((from, b.lo)) }
            from = max(from, b.hi)
        }
        if right > from { segments.append((from, right)) }
        return segments
    }

    /// The frames placed that may come within a row's spacing of the band from `minY` to `maxY`
    /// (some more than once).
    private func neighbours(_ minY: Double, _ maxY: Double) -> [Rect] {
        Self.slabs(minY, maxY).flatMap { slabs[$0] ?? [] }
    }

    /// The slabs the band from `minY` to `maxY` touches (coordinates are checked finite and
    /// within `PreviousLayout.flowHeightLimit` and the flow's height, so the division is safe).
    private static func slabs(_ minY: Double, _ maxY: Double) -> ClosedRange<Int> {
        let lo = Int((max(minY, -1e9) / slab).rounded(.down)), hi = Int((min(max(maxY, minY), 1e9) / slab).rounded(.down))
        return lo...max(lo, hi)
    }

    /// Whether `a` and `b` are closer than the spacing across and the row spacing up and down.
    private func conflicts(_ a: Rect, _ b: Rect) -> Bool {
        let e = Self.epsilon
        return a.minX < b.maxX + spacing - e && b.minX < a.maxX + spacing - e
            && a.minY < b.maxY + rowSpacing - e && b.minY < a.maxY + rowSpacing - e
    }
}
