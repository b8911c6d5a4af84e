import CFreeType
import TagCloud

/// Everything that depends only on (size, rotation): cairo's FreeType character size and shape
/// matrix, the rotation used to place glyph origins, and the glyphs rendered so far.
final class Strike {
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
        // takes sin and cos of that. `Math`'s, correctly rounded, are the same bits in every build
        // (the C libraries' differ in the last bit for some angles).
        let radians = rotation * .pi / 180
        let s = Math.sin(radians), c = Math.cos(radians)
        self.cos = c
        self.sin = s
        // The scaled font's matrix: font matrix (size × identity) times the rotation-only CTM.
        let xx = size * c, yx = size * s, xy = size * -s, yy = size * c
        // _cairo_matrix_compute_basis_scale_factors with x as the major axis.
        let det = xx * yy - yx * xy
        let major = Math.hypot(xx, yx)
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
        let m = FT_Matrix(
            xx: FT_Fixed(shapeXX * 65536.0), xy: -FT_Fixed(shapeXY * 65536.0),
            yx: -FT_Fixed(shapeYX * 65536.0), yy: FT_Fixed(shapeYY * 65536.0))
        matrix = m
        isIdentity = m.xx == 0x10000 && m.xy == 0 && m.yx == 0 && m.yy == 0x10000
        // FT_Set_Char_Size(x_scale * 64 + .5, y_scale * 64 + .5): C truncation of a positive value.
        charWidth = FT_F26Dot6(xScale * 64.0 + 0.5)
        charHeight = FT_F26Dot6(yScale * 64.0 + 0.5)
    }
}

/// A strike's key: the bit patterns of its size and rotation.
typealias StrikeKey = GlyphKeyedTable<Strike>.Key
