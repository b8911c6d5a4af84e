import CFreeType
import TagCloud

/// Glyph outlines as SVG path data, so vector output can draw words as shapes and look the same
/// on machines that lack the font.
///
/// Outlines come from the unhinted glyph at the requested size (matching what `FreeTypeTypesetter`
/// measured) and are memoised per (glyph, font, size); a cloud repeats letters a lot. One lock
/// guards the caches and faces, so one cache can serve many threads.
public final class GlyphOutlineCache: GlyphOutlineProvider, @unchecked Sendable {
    private let lock = Lock()
    private var faces: [ResolvedFont: FontFace] = [:]
    private var outlines: [OutlineKey: [Segment]] = [:]

    private struct OutlineKey: Hashable {
        var glyph: UInt32
        var font: ResolvedFont
        var size: Double
    }

    /// One drawing command in points, y down, relative to the glyph origin.
    private enum Segment {
        case move(Double, Double)
        case line(Double, Double)
        case quad(Double, Double, Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
        case close
    }

    /// Creates an empty cache.
    public init() {}

    /// SVG path data for one glyph of `font` at `size` points, relative to the glyph's origin on
    /// the baseline, y down, numbers with at most two decimals. Empty for glyphs with no outline
    /// (spaces, and colour-bitmap emoji, which have no vector form to give).
    public func pathData(glyph: UInt32, font: ResolvedFont, size: Double) throws(CoreError) -> String {
        var out = ""
        do throws(GraphicsError) {
            Self.append(try segments(glyph: glyph, font: font, size: size), dx: 0, dy: 0, to: &out)
        } catch {
            throw error.coreError
        }
        return out
    }

    /// SVG path data for a run of glyphs, each placed at `origin` plus its own offset, as one path
    /// (so a word can be one `<path>` element).
    public func pathData(
        for glyphs: [PositionedGlyph], font: ResolvedFont, size: Double,
        origin: Point
    ) throws(CoreError) -> String {
        var out = ""
        do throws(GraphicsError) {
            for g in glyphs {
                let segs = try segments(glyph: g.id, font: font, size: size)
                Self.append(segs, dx: origin.x + g.x, dy: origin.y + g.y, to: &out)
            }
        } catch {
            throw error.coreError
        }
        return out
    }

    private func segments(glyph: UInt32, font: ResolvedFont, size: Double) throws(GraphicsError) -> [Segment] {
        guard size.isFinite, size > 0 else { throw GraphicsError.invalidFontSize(size) }
        lock.lock()
        defer { lock.unlock() }
        let key = OutlineKey(glyph: glyph, font: font, size: size)
        if let cached = outlines[key] { return cached }
        let face: FontFace
        if let open = faces[font] {
            face = open
        } else {
            face = try FontFace(font: font)
            faces[font] = face
        }
        let segs = try decompose(glyph: glyph, face: face, size: size)
        outlines[key] = segs
        return segs
    }

    private func decompose(glyph: UInt32, face: FontFace, size: Double) throws(GraphicsError) -> [Segment] {
        guard face.isScalable else { return [] }
        try face.setSize(size)
        let error = FT_Load_Glyph(face.face, glyph, outlineLoadFlags)
        guard error == 0 else {
            throw GraphicsError.freetype("load glyph \(glyph) of \"\(face.font.file)\"", code: error)
        }
        guard let slot = face.face.pointee.glyph, slot.pointee.format == ftGlyphFormatOutline,
            slot.pointee.outline.n_points > 0
        else { return [] }

        let builder = OutlineBuilder(scale: face.unitsToPoints)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user)?.move(to) ?? 1 },
            line_to: { to, user in OutlineBuilder.from(user)?.line(to) ?? 1 },
            conic_to: { control, to, user in OutlineBuilder.from(user)?.quad(control, to) ?? 1 },
            cubic_to: { c1, c2, to, user in OutlineBuilder.from(user)?.cubic(c1, c2, to) ?? 1 },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard status == 0 else {
            throw GraphicsError.freetype("read the outline of glyph \(glyph) of \"\(face.font.file)\"", code: status)
        }
        return builder.finish()
    }

    /// Collects FreeType's decomposition callbacks; C callbacks cannot capture, so it travels as
    /// the user pointer.
    private final class OutlineBuilder {
        let scale: Double
        var segments: [Segment] = []
        var open = false

        init(scale: Double) { self.scale = scale }

        static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder? {
            user.map { Unmanaged<OutlineBuilder>.fromOpaque($0).takeUnretainedValue() }
        }

        // FreeType's y grows upward; SVG's (and ours) grows downward.
        private func point(_ v: UnsafePointer<FT_Vector>?) -> (Double, Double)? {
            guard let v else { return nil }
            return (Double(v.pointee.x) * scale, -Double(v.pointee.y) * scale)
        }

        func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
            guard let p = point(to) else { return 1 }
            if open { segments.append(.close) }
            segments.append(.move(p.0, p.1))
            open = true
            return 0
        }

        func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
            guard let p = point(to) else { return 1 }
            segments.append(.line(p.0, p.1))
            return 0
        }

        func quad(_ c: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
            guard let c = point(c), let p = point(to) else { return 1 }
            segments.append(.quad(c.0, c.1, p.0, p.1))
            return 0
        }

        func cubic(
            _ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?,
            _ to: UnsafePointer<FT_Vector>?
        ) -> Int32 {
            guard let a = point(c1), let b = point(c2), let p = point(to) else { return 1 }
            segments.append(.cubic(a.0, a.1, b.0, b.1, p.0, p.1))
            return 0
        }

        func finish() -> [Segment] {
            if open { segments.append(.close) }
            open = false
            return segments
        }
    }

    private static func append(_ segments: [Segment], dx: Double, dy: Double, to out: inout String) {
        var first = out.isEmpty
        func emit(_ command: String, _ coordinates: Double...) {
            if !first { out += " " }
            first = false
            out += command
            for (i, v) in coordinates.enumerated() {
                out += " "
                out += formatCoordinate(v + (i % 2 == 0 ? dx : dy))
            }
        }
        for s in segments {
            switch s {
            case .move(let x, let y): emit("M", x, y)
            case .line(let x, let y): emit("L", x, y)
            case .quad(let cx, let cy, let x, let y): emit("Q", cx, cy, x, y)
            case .cubic(let ax, let ay, let bx, let by, let x, let y): emit("C", ax, ay, bx, by, x, y)
            case .close: emit("Z")
            }
        }
    }
}

/// A coordinate with at most two decimals, no trailing zeros and never "-0", so identical
/// outlines always print identically (byte-stable SVG output).
func formatCoordinate(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (value * 100).rounded()
    // Past 9e13 points (no canvas comes near: sides are at most 32767) hundredths would not fit
    // the integer below: whole points, rounded as C's %.0f rounds them.
    guard abs(hundredths) < 9e15 else {
        let whole = value.rounded(.toNearestOrEven)
        return abs(whole) < 9.2e18 ? String(Int64(whole)) : DecimalText.plain(whole)
    }
    let n = Int64(hundredths)
    if n == 0 { return "0" }
    let magnitude = n.magnitude
    var text = n < 0 ? "-" : ""
    text += String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
        text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
    }
    return text
}
