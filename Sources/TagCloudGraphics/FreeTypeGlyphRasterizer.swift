import CCairo
import CFreeType
import Foundation
import TagCloud

/// Word coverage masks from FreeType, computed so that they agree pixel for pixel with what
/// `CairoRenderer` paints.
///
/// Each glyph's unhinted outline is scaled and rotated exactly as cairo's FreeType backend does it
/// (the same character size and the same 16.16 shape matrix), rendered by FreeType's anti-aliasing
/// rasteriser at the same coordinates cairo has it render (cairo draws glyphs with
/// FT_Render_Glyph), and every pixel with any coverage at all is set. Cairo does
/// not draw a glyph at its exact position: it draws a cached glyph image at the position rounded to
/// the pixel grid (cairo 1.16) or to a quarter pixel (cairo 1.17.6 and later), so the glyphs here
/// are snapped the same way, matching the cairo library the process actually loaded. The result is
/// exact whenever the word's origin is drawn on whole pixels, which is where layouts put it.
///
/// Rendered glyphs are cached per font, size, angle and sub-pixel phase, since a word cloud
/// repeats letters constantly. Several threads may call `coverage(of:rotation:)` at once: FreeType
/// faces are not thread-safe, so each call borrows a face (with its own caches and buffers) from a
/// small pool and works on it alone.
public final class FreeTypeGlyphRasterizer: GlyphRasterizer, @unchecked Sendable {
    /// The instance `FreeTypeTypesetter` delegates to, so every typesetter shares one pool of faces
    /// and glyph caches.
    static let shared = FreeTypeGlyphRasterizer()

    /// How glyph origins are snapped, chosen to match the cairo library in use.
    let placement: GlyphPlacement
    /// Guards `idleFaces`; held only to take or return a face, never while rasterising.
    private let lock = NSLock()
    private var idleFaces: [FaceKey: [RasterFace]] = [:]
    /// The face returned last, kept out of `idleFaces`: a layout rasterises one font over and over,
    /// and finding its face again by hashing the font's path costs more than comparing it.
    private var lastIdle: RasterFace?
    /// Idle faces kept per font; more than the number of threads that can run at once would
    /// only hold memory (each face carries its own glyph cache). Asked once per process: Foundation
    /// reads the cgroup's CPU quota from files every time, and a rasteriser is made per layout.
    private static let maximumIdleFacesPerFont = max(2, ProcessInfo.processInfo.activeProcessorCount)

    /// Whether every glyph goes through FreeType's span callback, never through a coverage
    /// bitmap (for tests: both must give the same pixels).
    let spansOnly: Bool

    /// Creates a rasteriser with its own face pool and glyph caches.
    public init() {
        placement = .matchingCairo
        spansOnly = false
    }

    /// A rasteriser snapping glyphs as `placement` says, whatever cairo is loaded, and rendering
    /// every glyph through spans when `spansOnly` (for tests).
    init(placement: GlyphPlacement, spansOnly: Bool = false) {
        self.placement = placement
        self.spansOnly = spansOnly
    }

    /// The pixels (1 pixel = 1 point) touched by `word`'s glyphs drawn with its origin at (0, 0),
    /// rotated by `rotation` degrees clockwise on screen about the origin. A pixel is set when any
    /// part of it is covered, however faintly; the mask is cropped to the set pixels, and a word
    /// without ink (only spaces) gives an empty 0×0 mask at offset (0, 0).
    ///
    /// Throws when the font cannot be opened, the size is not a usable font size, the rotation is
    /// not finite, or FreeType fails on a glyph.
    public func coverage(of word: TypesetWord, rotation: Double) throws -> WordMask {
        guard word.size.isFinite, word.size > 0, word.size <= 10_000 else {
            throw GraphicsError.invalidFontSize(word.size)
        }
        guard rotation.isFinite else { throw InvalidRotation(text: word.text, rotation: rotation) }
        if word.glyphs.isEmpty { return noInk }
        if word.glyphs.allSatisfy({ $0.font == 0 }) {
            let face = try checkOut(word.font)
            defer { checkIn(face) }
            return try face.coverage(of: word, rotation: rotation, placement: placement)
        }
        // A word in several fonts: each font's glyphs are rasterised by that font's face, at the
        // positions they have in the word (as CairoRenderer draws them, one run per font), and the
        // masks are joined.
        var parts: [WordMask] = []
        var indices: [Int] = []
        for g in word.glyphs where !indices.contains(g.font) { indices.append(g.font) }
        for index in indices {
            var part = word
            part.glyphs = word.glyphs.filter { $0.font == index }
            let face = try checkOut(word.font(at: index))
            defer { checkIn(face) }
            parts.append(try face.coverage(of: part, rotation: rotation, placement: placement))
        }
        return union(parts)
    }

    /// The pixels set in any of `masks` (all relative to one origin), cropped to them.
    private func union(_ masks: [WordMask]) -> WordMask {
        let inked = masks.filter { $0.bits.width > 0 && $0.bits.height > 0 }
        guard let first = inked.first else { return noInk }
        if inked.count == 1 { return first }
        let left = inked.map(\.offsetX).min() ?? 0, top = inked.map(\.offsetY).min() ?? 0
        let right = inked.map { $0.offsetX + $0.bits.width }.max() ?? 0
        let bottom = inked.map { $0.offsetY + $0.bits.height }.max() ?? 0
        var out = BitMask(width: right - left, height: bottom - top)
        for mask in inked {
            let dx = mask.offsetX - left, dy = mask.offsetY - top
            for y in 0..<mask.bits.height {
                var x = 0
                while x < mask.bits.width {
                    guard mask.bits[x, y] else { x += 1; continue }
                    var end = x + 1
                    while end < mask.bits.width, mask.bits[end, y] { end += 1 }
                    out.setRun(y: y + dy, from: x + dx, to: end + dx)
                    x = end
                }
            }
        }
        return WordMask(bits: out, offsetX: left, offsetY: top)
    }

    // MARK: - Face pool

    private func checkOut(_ font: ResolvedFont) throws -> RasterFace {
        lock.lock()
        if let face = lastIdle, face.key.faceIndex == font.faceIndex, face.key.file == font.file {
            lastIdle = nil
            lock.unlock()
            return face
        }
        let key = FaceKey(file: font.file, faceIndex: font.faceIndex)
        if let face = idleFaces[key]?.popLast() {
            lock.unlock()
            return face
        }
        lock.unlock()
        // Opening a face takes FreeType's library lock (inside FontFace); doing it outside our own
        // lock lets other fonts' faces come and go meanwhile.
        return try RasterFace(font: font, key: key, spansOnly: spansOnly)
    }

    private func checkIn(_ face: RasterFace) {
        lock.lock()
        defer { lock.unlock() }
        guard let last = lastIdle else {
            lastIdle = face
            return
        }
        // The slot holds one face; the one it held joins the others of its font. Past the cap a
        // face is dropped here and closed by its deinit, under the library lock.
        lastIdle = face
        if idleFaces[last.key, default: []].count < Self.maximumIdleFacesPerFont - 1 {
            idleFaces[last.key, default: []].append(last)
        }
    }
}

extension FreeTypeTypesetter: GlyphRasterizer {
    /// The coverage mask of `word` rotated `rotation` degrees clockwise, from the typesetter's
    /// rasteriser (by default one shared by all typesetters); see
    /// `FreeTypeGlyphRasterizer.coverage(of:rotation:)`. Lets one typesetter serve where a layout
    /// asks for `some Typesetter & GlyphRasterizer`.
    public func coverage(of word: TypesetWord, rotation: Double) throws -> WordMask {
        try rasterizer.coverage(of: word, rotation: rotation)
    }

    /// The ink box this typesetter measured, turned by a quarter turn when the rotation is one, less
    /// two pixels each way; nil at other angles and for words without ink. The mask covers every
    /// pixel the outlines touch, so it spans the ink box except for how far its glyphs move when
    /// snapped to cairo's grid (under a pixel between the outermost two) and 1/64-pixel roundings.
    public func coverageLowerBound(of word: TypesetWord, rotation: Double) -> (width: Int, height: Int)? {
        let box = word.inkBounds
        guard !box.isEmpty, box.width.isFinite, box.height.isFinite,
              rotation.isFinite, rotation.truncatingRemainder(dividingBy: 90) == 0 else { return nil }
        let quarterTurned = Int(rotation / 90) % 2 != 0
        let w = Int(min(1e9, max(0, box.width - 2)).rounded(.down)), h = Int(min(1e9, max(0, box.height - 2)).rounded(.down))
        return quarterTurned ? (h, w) : (w, h)
    }
}

/// Where cairo puts a glyph image relative to the glyph's exact device position.
enum GlyphPlacement: Sendable {
    /// Rounded to the nearest pixel, halves up (cairo up to 1.17.4).
    case wholePixel
    /// Rounded to the nearest quarter pixel on each axis, the glyph re-rendered for each of the
    /// four phases (cairo 1.17.6 and later).
    case quarterPixel

    /// The behaviour of the cairo library loaded into this process.
    static let matchingCairo: GlyphPlacement = cairo_version() >= 11706 ? .quarterPixel : .wholePixel

    /// The whole-pixel position and the quarter-pixel phase (0...3) cairo uses for a glyph at `v`
    /// pixels from a whole-pixel origin.
    ///
    /// Cairo snaps the absolute device coordinate; for an origin on whole pixels that equals the
    /// origin plus the snapped offset, provided halves round up (cairo's `lround` on positive
    /// canvas coordinates does).
    @inline(__always)
    func snap(_ v: Double) -> (pixel: Int, phase: Int) {
        switch self {
        case .wholePixel:
            return (Int((v + 0.5).rounded(.down)), 0)
        case .quarterPixel:
            // cairo's POSITION and PHASE macros, written the same way so ties go the same way.
            let whole = (v + 0.125).rounded(.down)
            let quarters = (4 * (v + 0.125)).rounded(.down)
            return (Int(whole), Int(quarters - 4 * whole))
        }
    }
}

/// The error for a rotation that is infinite or not a number.
struct InvalidRotation: Error, CustomStringConvertible {
    var text: String
    var rotation: Double
    var description: String {
        "cannot rasterise \"\(text)\" at a rotation of \(rotation) degrees: give a finite angle"
    }
}

/// The mask of a word without ink.
private let noInk = WordMask(bits: BitMask(width: 0, height: 0), offsetX: 0, offsetY: 0)

// MARK: - One face and its caches

private struct FaceKey: Hashable {
    var file: String
    var faceIndex: Int
}

/// The covered pixels of one glyph at one size, angle and phase, cropped to its ink, placed
/// relative to the (snapped) glyph origin, y down. A class so that caches and the per-word glyph
/// list share it without copying the rows.
private final class GlyphBits: Sendable {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let wordsPerRow: Int
    /// `height * wordsPerRow` words, bit `i` of word `k` being column `64k + i`.
    let words: [UInt64]

    init(left: Int, top: Int, width: Int, height: Int, words: [UInt64]) {
        self.left = left; self.top = top; self.width = width; self.height = height
        self.wordsPerRow = (width + 63) >> 6
        self.words = words
    }

    var isEmpty: Bool { width == 0 }

    static let empty = GlyphBits(left: 0, top: 0, width: 0, height: 0, words: [])
}

/// Everything that depends only on (size, rotation): cairo's FreeType character size and shape
/// matrix, the rotation used to place glyph origins, and the glyphs rendered so far.
private final class Strike {
    let size: Double
    /// cos and sin of the rotation, computed as cairo_rotate computes them.
    let cos: Double
    let sin: Double
    let charWidth: FT_F26Dot6
    let charHeight: FT_F26Dot6
    let matrix: FT_Matrix
    let isIdentity: Bool
    /// Rendered glyphs keyed by glyph id | x phase << 32 | y phase << 34. Read for every glyph of
    /// every word; a strike belongs to one face, used by one thread at a time, so the runtime's
    /// exclusivity check on each access (a tenth of composing a small word) is left out.
    @exclusivity(unchecked) var glyphs = GlyphKeyedTable<GlyphBits>(capacity: 32)

    /// Reproduces cairo's arithmetic step by step (cairo-gstate, cairo-matrix and cairo-ft-font):
    /// the outline is only the same, to the 1/64 pixel, if the character size and the 16.16
    /// matrix are the same integers, and cairo derives them through doubles and truncation.
    init(size: Double, rotation: Double) {
        self.size = size
        // CairoRenderer calls cairo_rotate(word.rotation * .pi / 180); cairo_matrix_init_rotate
        // takes sin and cos of that.
        let radians = rotation * .pi / 180
        let s = Foundation.sin(radians), c = Foundation.cos(radians)
        self.cos = c
        self.sin = s
        // The scaled font's matrix: font matrix (size × identity) times the rotation-only CTM.
        let xx = size * c, yx = size * s, xy = size * -s, yy = size * c
        // _cairo_matrix_compute_basis_scale_factors with x as the major axis.
        let det = xx * yy - yx * xy
        let major = hypot(xx, yx)
        var xScale = major
        var yScale = major != 0 ? abs(det) / major : 0
        // _compute_transform: FreeType treats sizes below 1 as 1, so cairo does too.
        if xScale < 1 { xScale = 1 }
        if yScale < 1 { yScale = 1 }
        // cairo_matrix_scale(1/x_scale, 1/y_scale) leaves the "shape": here, the pure rotation.
        let sx = 1.0 / xScale, sy = 1.0 / yScale
        let shapeXX = sx * xx, shapeYX = sx * yx, shapeXY = sy * xy, shapeYY = sy * yy
        // DOUBLE_TO_16_16 truncates; the off-diagonal terms change sign because FreeType's y
        // axis points up where cairo's points down. Clockwise on screen (y down) is therefore
        // x' = cos·x + sin·y, y' = −sin·x + cos·y in FreeType's y-up outline space.
        let m = FT_Matrix(xx: FT_Fixed(shapeXX * 65536.0), xy: -FT_Fixed(shapeXY * 65536.0),
                          yx: -FT_Fixed(shapeYX * 65536.0), yy: FT_Fixed(shapeYY * 65536.0))
        matrix = m
        isIdentity = m.xx == 0x10000 && m.xy == 0 && m.yx == 0 && m.yy == 0x10000
        // FT_Set_Char_Size(x_scale * 64 + .5, y_scale * 64 + .5): C truncation of a positive value.
        charWidth = FT_F26Dot6(xScale * 64.0 + 0.5)
        charHeight = FT_F26Dot6(yScale * 64.0 + 0.5)
    }
}

/// A strike's key: the bit patterns of its size and rotation.
private typealias StrikeKey = GlyphKeyedTable<Strike>.Key

/// A glyph of the word being rasterised, with its snapped position.
private struct PlacedGlyph {
    var bits: GlyphBits
    var x: Int
    var y: Int
}

/// Where the span callback writes: a block of `UInt64` rows and how FreeType's pixel coordinates
/// (y up) map onto it, plus the bounds of what was written, so cropping needs no second scan.
private struct SpanTarget {
    var rows: UnsafeMutablePointer<UInt64>
    var wordsPerRow: Int
    var width: Int
    var height: Int
    /// Spans arrive in units of `1 << shift` of a pixel (2 when rendering oversampled).
    var shift: Int
    /// The least span coverage that leaves a mark (FreeType's oversampled renderer rounds
    /// coverages below 8 away).
    var minimumCoverage: UInt8
    var minRow = Int.max, maxRow = -1, minColumn = Int.max, maxColumn = -1

    init(rows: UnsafeMutablePointer<UInt64>, wordsPerRow: Int, width: Int, height: Int, oversampled: Bool) {
        self.rows = rows; self.wordsPerRow = wordsPerRow; self.width = width; self.height = height
        shift = oversampled ? 2 : 0
        minimumCoverage = oversampled ? 8 : 1
    }
}

/// FreeType's direct-rendering callback: sets the bits of every span with any coverage. A plain C
/// function with a context pointer, so no Swift closure runs per span or per pixel. FreeType hands
/// over one row at a time with its spans in increasing x; touching spans (an edge pixel next to a
/// solid run) are merged so each stroke is set with one bit operation. Row `r` of the target is
/// FreeType's pixel row `height - 1 - r` (FreeType's y points up).
private let collectSpans: FT_SpanFunc = { y, count, spans, user in
    guard let spans, let user, count > 0 else { return }
    let target = user.assumingMemoryBound(to: SpanTarget.self)
    let width = target.pointee.width, shift = target.pointee.shift
    let threshold = target.pointee.minimumCoverage
    let r = target.pointee.height &- 1 &- (Int(y) >> shift)
    guard r >= 0, r < target.pointee.height else { return }
    let row = target.pointee.rows + r &* target.pointee.wordsPerRow
    var runStart = 0, runEnd = 0, first = Int.max, last = -1
    for i in 0..<Int(count) {
        let span = spans[i]
        // FreeType emits no empty spans, but a zero coverage would be no ink, so make sure.
        guard span.coverage >= threshold, span.len > 0 else { continue }
        let start = Int(span.x) >> shift, end = ((Int(span.x) &+ Int(span.len) &- 1) >> shift) &+ 1
        if start <= runEnd && runEnd > runStart {
            runEnd = max(runEnd, end)
            continue
        }
        let from = max(0, runStart), to = min(width, runEnd)
        if from < to {
            setBits(row, from: from, to: to)
            first = min(first, from)
            last = max(last, to)
        }
        runStart = start
        runEnd = end
    }
    let from = max(0, runStart), to = min(width, runEnd)
    if from < to {
        setBits(row, from: from, to: to)
        first = min(first, from)
        last = max(last, to)
    }
    guard last >= 0 else { return }
    target.pointee.minRow = min(target.pointee.minRow, r)
    target.pointee.maxRow = max(target.pointee.maxRow, r)
    target.pointee.minColumn = min(target.pointee.minColumn, first)
    target.pointee.maxColumn = max(target.pointee.maxColumn, last - 1)
}

/// Bit `i` set for each byte `i` (from the least significant) of `eight` that is not zero.
@inline(__always)
private func nonzeroBytes(_ eight: UInt64) -> UInt64 {
    if eight == ~0 { return 0xFF }     // inside a stroke: every byte 255
    // The top bit of each byte set when any of its bits is, then the eight top bits gathered into
    // the top byte by one multiplication (each lands on its own bit: no carries).
    let top = (((eight & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | eight) & 0x8080_8080_8080_8080
    return ((top >> 7) &* 0x0102_0408_1020_4080) >> 56
}

/// Sets bits `from..<to` of a row.
@inline(__always)
private func setBits(_ row: UnsafeMutablePointer<UInt64>, from: Int, to: Int) {
    let first = from >> 6, last = (to - 1) >> 6
    let head = ~UInt64(0) << UInt64(from & 63)
    let tail = ~UInt64(0) >> UInt64(63 - ((to - 1) & 63))
    if first == last {
        row[first] |= head & tail
        return
    }
    row[first] |= head
    var k = first + 1
    while k < last { row[k] = ~0; k += 1 }
    row[last] |= tail
}

/// ORs a row of `sourceCount` words into `destination`, moving bit `i` to bit `i + shift`
/// (`shift` may be negative); bits falling outside the destination are dropped.
@inline(__always)
private func orRow(_ source: UnsafePointer<UInt64>, count sourceCount: Int,
                   into destination: UnsafeMutablePointer<UInt64>, count destinationCount: Int, shift: Int) {
    let wordShift = shift >> 6          // floor division, also for negative shifts
    let bitShift = UInt64(shift & 63)
    for k in 0..<sourceCount {
        let v = source[k]
        if v == 0 { continue }
        let i = k + wordShift
        if bitShift == 0 {
            if i >= 0 && i < destinationCount { destination[i] |= v }
        } else {
            if i >= 0 && i < destinationCount { destination[i] |= v << bitShift }
            let j = i + 1
            if j >= 0 && j < destinationCount { destination[j] |= v >> (64 - bitShift) }
        }
    }
}

/// A buffer reused from glyph to glyph: grown when a glyph needs more, handed out zeroed.
private struct ScratchBuffer<Element: FixedWidthInteger> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// The buffer, at least `count` elements, all zero.
    mutating func zeroed(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }
        base.update(repeating: 0, count: max(count, 0))
        return base
    }

    /// Frees the buffer; it must not be used afterwards.
    func deallocate() { base.deallocate() }
}

/// One open face, used by one thread at a time (the pool guarantees it), with its glyph caches
/// and reusable buffers.
private final class RasterFace {
    let key: FaceKey
    private let font: FontFace
    /// The character size last given to FreeType, to skip FT_Set_Char_Size when it is unchanged.
    private var charSize: (FT_F26Dot6, FT_F26Dot6)?
    private var strikes = GlyphKeyedTable<Strike>(capacity: 64)
    private var lastStrikeKey: StrikeKey?
    private var lastStrike: Strike?
    /// Words held by cached glyphs; past the budget the caches start over, which bounds memory
    /// even for layouts that try thousands of sizes.
    private var cachedWords = 0
    private static let cacheBudgetWords = 1 << 18        // 2 MiB of glyph bits per face
    private static let cacheBudgetGlyphs = 8_192
    private var cachedGlyphs = 0
    /// Bit rows of the glyph or word being made. Like the caches, used by one thread at a time (the
    /// face's), so without the runtime's exclusivity check on every glyph.
    @exclusivity(unchecked) private var scratch = ScratchBuffer<UInt64>(capacity: 1024)
    /// Where FreeType writes a glyph's coverage bytes.
    @exclusivity(unchecked) private var coverageBytes = ScratchBuffer<UInt8>(capacity: 4096)
    private var placed: [PlacedGlyph] = []
    /// See `FreeTypeGlyphRasterizer.spansOnly`.
    private let spansOnly: Bool
    /// The largest glyph box, in pixels, rendered into a coverage bitmap (a byte per pixel);
    /// larger ones go through spans, which need a bit per pixel.
    private static let largestCoverageBitmap = 1 << 22

    init(font: ResolvedFont, key: FaceKey, spansOnly: Bool) throws {
        self.font = try FontFace(font: font)
        self.key = key
        self.spansOnly = spansOnly
    }

    deinit {
        scratch.deallocate()
        coverageBytes.deallocate()
    }

    private func strike(size: Double, rotation: Double) -> Strike {
        let key = StrikeKey(high: size.bitPattern, low: rotation.bitPattern)
        if key == lastStrikeKey, let lastStrike { return lastStrike }
        let strike: Strike
        if let known = strikes[key] {
            strike = known
        } else {
            strike = Strike(size: size, rotation: rotation)
            strikes.set(strike, for: key)
        }
        lastStrikeKey = key
        lastStrike = strike
        return strike
    }

    func coverage(of word: TypesetWord, rotation: Double, placement: GlyphPlacement) throws -> WordMask {
        let strike = strike(size: word.size, rotation: rotation)
        let c = strike.cos, s = strike.sin
        // Work on a local array (its storage is kept between calls): class properties pay for a
        // runtime exclusivity check on every access.
        var placed = self.placed
        self.placed = []
        placed.removeAll(keepingCapacity: true)
        defer { self.placed = placed }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

        // Pass 1: snap each glyph origin the way cairo does and fetch (or render) its bits.
        for glyph in word.glyphs {
            // cairo_matrix_transform_point with the CTM's linear part [c, s, -s, c]: the glyph
            // offset rotated clockwise on screen, relative to the origin.
            let vx = c * glyph.x + -s * glyph.y
            let vy = s * glyph.x + c * glyph.y
            let (px, phaseX) = placement.snap(vx)
            let (py, phaseY) = placement.snap(vy)
            let cacheKey = UInt64(glyph.id) | UInt64(phaseX) << 32 | UInt64(phaseY) << 34
            let bits: GlyphBits
            if let cached = strike.glyphs[GlyphKeyedTable.Key(high: 0, low: cacheKey)] {
                bits = cached
            } else {
                bits = try render(glyph: glyph.id, strike: strike, phaseX: phaseX, phaseY: phaseY)
                remember(bits, key: cacheKey, in: strike)
            }
            if bits.isEmpty { continue }
            placed.append(PlacedGlyph(bits: bits, x: px, y: py))
            minX = min(minX, px + bits.left)
            minY = min(minY, py + bits.top)
            maxX = max(maxX, px + bits.left + bits.width)
            maxY = max(maxY, py + bits.top + bits.height)
        }
        guard !placed.isEmpty else { return noInk }

        // Pass 2: OR the glyphs into one buffer covering the union of their (already tight)
        // boxes, which is therefore the tight box of the word.
        let width = maxX - minX, height = maxY - minY
        let wordsPerRow = (width + 63) >> 6
        let rows = scratch.zeroed(wordsPerRow * height)
        for g in placed {
            let bits = g.bits
            let shift = g.x + bits.left - minX
            let firstRow = g.y + bits.top - minY
            bits.words.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                for r in 0..<bits.height {
                    orRow(base + r * bits.wordsPerRow, count: bits.wordsPerRow,
                          into: rows + (firstRow + r) * wordsPerRow, count: wordsPerRow, shift: shift)
                }
            }
        }

        // Pass 3: the rows become the mask's words as they are (nothing lies past the width: the
        // buffer is the union of the glyphs' tight boxes).
        let mask = BitMask(width: width, height: height,
                           words: Array(UnsafeBufferPointer(start: rows, count: wordsPerRow * height)))
        return WordMask(bits: mask, offsetX: minX, offsetY: minY)
    }

    private func remember(_ bits: GlyphBits, key: UInt64, in strike: Strike) {
        if cachedWords + bits.words.count > Self.cacheBudgetWords || cachedGlyphs >= Self.cacheBudgetGlyphs {
            strikes.forEachValue { $0.glyphs.removeAll() }
            strikes.removeAll()
            // Keep the strike in use reachable so the rest of this word still fills it.
            if let lastStrikeKey, let lastStrike { strikes.set(lastStrike, for: lastStrikeKey) }
            cachedWords = 0
            cachedGlyphs = 0
        }
        strike.glyphs.set(bits, for: GlyphKeyedTable.Key(high: 0, low: key))
        cachedWords += bits.words.count
        cachedGlyphs += 1
    }

    /// Renders one glyph as cairo would for this strike and phase.
    private func render(glyph: UInt32, strike: Strike, phaseX: Int, phaseY: Int) throws -> GlyphBits {
        let face = font.face
        guard font.isScalable else {
            return try colorBox(glyph: glyph, strike: strike, phaseX: phaseX, phaseY: phaseY)
        }
        if charSize?.0 != strike.charWidth || charSize?.1 != strike.charHeight {
            // Cairo asks for exactly this size (0 dpi means 72, so 1 unit = 1 pixel).
            let error = FT_Set_Char_Size(face, strike.charWidth, strike.charHeight, 0, 0)
            guard error == 0 else {
                charSize = nil
                throw GraphicsError.freetype("set size \(strike.size) for \"\(font.font.file)\"", code: error)
            }
            charSize = (strike.charWidth, strike.charHeight)
        }
        let error = FT_Load_Glyph(face, glyph, outlineLoadFlags)
        guard error == 0, let slot = face.pointee.glyph, slot.pointee.format == ftGlyphFormatOutline else {
            // No outline for this glyph (a colour bitmap in an otherwise scalable font).
            return try colorBox(glyph: glyph, strike: strike, phaseX: phaseX, phaseY: phaseY)
        }
        // The struct is copied but its point array is the slot's, so transforming the copy
        // transforms the slot's outline in place (it is reloaded for every glyph anyway).
        var outline = slot.pointee.outline
        guard outline.n_points > 0 else { return GlyphBits.empty }
        return try rasterize(&outline, library: slot.pointee.library, strike: strike, phaseX: phaseX, phaseY: phaseY)
    }

    /// Applies the strike's rotation and the phase shift to `outline` (in pixels, y up, about the
    /// glyph origin) and collects every pixel it touches.
    private func rasterize(_ outline: inout FT_Outline, library: FT_Library?, strike: Strike,
                           phaseX: Int, phaseY: Int) throws -> GlyphBits {
        // What FT_Set_Transform does inside FT_Load_Glyph for cairo.
        if !strike.isIdentity {
            var matrix = strike.matrix
            FT_Outline_Transform(&outline, &matrix)
        }
        // Cairo ≥ 1.17.6 shifts the outline by the phase in quarter pixels (16 in 26.6); its y
        // phase moves the glyph down on screen, which is −y for FreeType.
        if phaseX != 0 || phaseY != 0 {
            FT_Outline_Translate(&outline, FT_Pos(phaseX * 16), FT_Pos(-phaseY * 16))
        }
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&outline, &cbox)
        // Cairo has FreeType render the glyph (FT_Render_Glyph) into a bitmap spanning the control
        // box rounded out to whole pixels, with the outline moved so that box starts at (0, 0).
        // The same numbers are used here, not just the same shape: FreeType's rasteriser is not
        // exactly translation invariant (an outline reaching into negative coordinates can gain or
        // lose a pixel of faint coverage), so only cairo's coordinates give cairo's pixels.
        // Nothing is drawn outside that box, so it needs no slack either.
        let xMin = cbox.xMin & -64, yMin = cbox.yMin & -64
        let xMax = (cbox.xMax + 63) & -64, yMax = (cbox.yMax + 63) & -64
        let width = Int((xMax - xMin) >> 6), height = Int((yMax - yMin) >> 6)
        guard width > 0, height > 0 else { return GlyphBits.empty }
        FT_Outline_Translate(&outline, -xMin, -yMin)
        // Glyphs flagged as having overlapping contours (FT_OUTLINE_OVERLAP, 0x40, set from the
        // TrueType OVERLAP_SIMPLE/COMPOUND bits; common in variable fonts) are rendered by
        // FreeType at 4× in each direction and averaged, which drops sub-pixel coverages below
        // 8/255 and so sets a different pixel set (ft_smooth_raster_overlap). Mirror that exactly.
        // Past 8191 pixels of width FreeType refuses such a glyph altogether; the plain rendering
        // used here then can only add pixels.
        let oversampled = outline.flags & 0x40 != 0 && width * 4 <= 0x7FFF
        if !oversampled && !spansOnly && width * height <= Self.largestCoverageBitmap {
            return try rasterizeToCoverageBitmap(&outline, library: library, width: width, height: height,
                                                 xMin: xMin, yMax: yMax)
        }
        if oversampled, let points = outline.points {
            for i in 0..<Int(outline.n_points) {
                points[i].x *= 4
                points[i].y *= 4
            }
        }
        let scale = oversampled ? 4 : 1
        let wordsPerRow = (width + 63) >> 6
        var target = SpanTarget(rows: scratch.zeroed(wordsPerRow * height), wordsPerRow: wordsPerRow,
                                width: width, height: height, oversampled: oversampled)
        var params = FT_Raster_Params()
        params.flags = FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP
        params.gray_spans = collectSpans
        // Clipping to the bitmap's extent gives the rasteriser the very bounds FreeType's own
        // bitmap rendering uses.
        params.clip_box = FT_BBox(xMin: 0, yMin: 0, xMax: FT_Pos(width * scale), yMax: FT_Pos(height * scale))
        let error = withUnsafeMutablePointer(to: &target) { pointer -> FT_Error in
            params.user = UnsafeMutableRawPointer(pointer)
            return FT_Outline_Render(library, &outline, &params)
        }
        try checkRendered(error)
        guard target.maxRow >= 0 else { return GlyphBits.empty }
        return cropped(target.rows, wordsPerRow: wordsPerRow, rows: target.minRow...target.maxRow,
                       columns: target.minColumn...target.maxColumn, xMin: xMin, yMax: yMax)
    }

    /// Renders the outline (already moved so its box starts at (0, 0)) into a coverage bitmap of
    /// `width` × `height` bytes and keeps the pixels whose byte is not zero.
    ///
    /// The same pixels as the span callback collects: both come from the same cells, swept the same
    /// way, and a byte is written exactly where a span with that coverage would be. But FreeType fills
    /// a bitmap's interior runs with `memset` and its edge pixels with one store each, where the
    /// callback costs a call per row and a few operations per span, and every edge pixel of a curve
    /// is a span of its own. On the 200-word benchmark the callback took 4.3 million instructions;
    /// turning the bytes into bits takes 1.7 million. Glyphs FreeType renders oversampled, and
    /// glyphs too large for a byte per pixel, still go through the callback.
    private func rasterizeToCoverageBitmap(_ outline: inout FT_Outline, library: FT_Library?, width: Int, height: Int,
                                           xMin: FT_Pos, yMax: FT_Pos) throws -> GlyphBits {
        // Rows padded to whole 8-byte chunks, which stay zero.
        let pitch = (width + 7) & ~7, chunks = pitch >> 3
        let bytes = coverageBytes.zeroed(pitch * height)
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(height)
        bitmap.width = UInt32(width)
        bitmap.pitch = Int32(pitch)             // positive: the first row is the top one
        bitmap.buffer = bytes
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        var params = FT_Raster_Params()
        params.flags = FT_RASTER_FLAG_AA
        let error = withUnsafePointer(to: &bitmap) { target -> FT_Error in
            params.target = target
            return FT_Outline_Render(library, &outline, &params)
        }
        try checkRendered(error)
        // Eight bytes at a time into eight bits, noting the box of what is set.
        let wordsPerRow = (width + 63) >> 6
        let rows = scratch.zeroed(wordsPerRow * height)
        var minRow = Int.max, maxRow = -1, minColumn = Int.max, maxColumn = -1
        UnsafeRawPointer(bytes).withMemoryRebound(to: UInt64.self, capacity: chunks * height) { source in
            for r in 0..<height {
                let line = source + r &* chunks, out = rows + r &* wordsPerRow
                var any: UInt64 = 0
                for c in 0..<chunks {
                    let eight = line[c]
                    if eight == 0 { continue }
                    let bits = nonzeroBytes(eight)
                    out[c >> 3] |= bits << UInt64((c & 7) << 3)
                    any |= bits
                }
                guard any != 0 else { continue }
                minRow = min(minRow, r)
                maxRow = r
                for k in 0..<wordsPerRow where out[k] != 0 {
                    minColumn = min(minColumn, k << 6 + out[k].trailingZeroBitCount)
                    maxColumn = max(maxColumn, k << 6 + 63 - out[k].leadingZeroBitCount)
                }
            }
        }
        guard maxRow >= 0 else { return GlyphBits.empty }
        return cropped(rows, wordsPerRow: wordsPerRow, rows: minRow...maxRow, columns: minColumn...maxColumn,
                       xMin: xMin, yMax: yMax)
    }

    /// Throws unless FreeType rendered the glyph: a partial mask could let words overlap, so a
    /// failure is an error, not fewer pixels.
    private func checkRendered(_ error: FT_Error) throws {
        guard error == 0 else {
            throw GraphicsError.freetype("rasterise a glyph of \"\(font.font.file)\"", code: error)
        }
    }

    /// The set rows and columns of `rows` (a glyph's box, FreeType's `xMin` and `yMax` at its
    /// top-left) as a glyph's bits, so cached glyphs and word boxes are tight.
    private func cropped(_ rows: UnsafeMutablePointer<UInt64>, wordsPerRow: Int, rows set: ClosedRange<Int>,
                         columns: ClosedRange<Int>, xMin: FT_Pos, yMax: FT_Pos) -> GlyphBits {
        let firstRow = set.lowerBound, firstColumn = columns.lowerBound
        let w = columns.count, h = set.count
        let wpr = (w + 63) >> 6
        var words = [UInt64](specializedRepeating: 0, count: wpr * h)
        words.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for r in 0..<h {
                orRow(rows + (firstRow + r) * wordsPerRow, count: wordsPerRow,
                      into: base + r * wpr, count: wpr, shift: -firstColumn)
            }
        }
        // Back to glyph-origin coordinates, y down: column 0 is FreeType's xMin, row 0 is yMax.
        return GlyphBits(left: Int(xMin >> 6) + firstColumn, top: -Int(yMax >> 6) + firstRow,
                         width: w, height: h, words: words)
    }

    /// A glyph without an outline (a colour emoji bitmap): its ink box, one pixel larger on every
    /// side because cairo scales such bitmaps with a filter that smears their edges, rotated and
    /// placed like an outline and rasterised as a rectangle.
    private func colorBox(glyph: UInt32, strike: Strike, phaseX: Int, phaseY: Int) throws -> GlyphBits {
        try font.setSize(strike.size)
        // setSize may have changed FreeType's size behind our back.
        charSize = nil
        guard let box = font.inkBox(glyph: glyph), !box.isEmpty else { return GlyphBits.empty }
        // 26.6 FreeType coordinates, y up.
        let x0 = FT_Pos(((box.minX - 1) * 64).rounded(.down)), x1 = FT_Pos(((box.maxX + 1) * 64).rounded(.up))
        let top = FT_Pos((-(box.minY - 1) * 64).rounded(.up)), bottom = FT_Pos((-(box.maxY + 1) * 64).rounded(.down))
        var points = [FT_Vector(x: x0, y: bottom), FT_Vector(x: x1, y: bottom),
                      FT_Vector(x: x1, y: top), FT_Vector(x: x0, y: top)]
        // Tags and the contour end index: FreeType's field types differ between releases (signed
        // or unsigned), so the storage is raw and bound to whatever type the field has.
        let tags = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 4)
        let contours = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { tags.deallocate(); contours.deallocate() }
        tags.initializeMemory(as: UInt8.self, repeating: 1, count: 4)      // FT_CURVE_TAG_ON
        contours.initializeMemory(as: UInt16.self, repeating: 3, count: 1)  // last point index
        return try points.withUnsafeMutableBufferPointer { buffer -> GlyphBits in
            var outline = FT_Outline()
            outline.n_contours = 1
            outline.n_points = 4
            outline.points = buffer.baseAddress
            bind(tags, to: &outline.tags)
            bind(contours, to: &outline.contours)
            return try rasterize(&outline, library: font.face.pointee.glyph?.pointee.library, strike: strike,
                             phaseX: phaseX, phaseY: phaseY)
        }
    }
}

/// Points a C pointer field at raw storage, whatever integer type the field declares.
private func bind<T>(_ raw: UnsafeMutableRawPointer, to field: inout UnsafeMutablePointer<T>?) {
    field = raw.assumingMemoryBound(to: T.self)
}
