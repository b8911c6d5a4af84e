#if !hasFeature(Embedded)
import CCairo
#endif

/// Where cairo puts a glyph image relative to the glyph's exact device position.
enum GlyphPlacement: Sendable {
    /// Rounded to the nearest pixel, halves up (cairo up to 1.17.4).
    case wholePixel
    /// Rounded to the nearest quarter pixel on each axis, the glyph re-rendered for each of the
    /// four phases (cairo 1.17.6 and later).
    case quarterPixel

    #if hasFeature(Embedded)
    /// The behaviour of the cairo the native build links, for the WebAssembly engine, which has no
    /// cairo: Debian 12's cairo 1.16 snaps to whole pixels (scripts/build-web refuses to build the
    /// engine beside another cairo).
    static let matchingCairo: GlyphPlacement = .wholePixel
    #else
    /// The behaviour of the cairo library loaded into this process.
    static let matchingCairo: GlyphPlacement = cairo_version() >= 11706 ? .quarterPixel : .wholePixel
    #endif

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
