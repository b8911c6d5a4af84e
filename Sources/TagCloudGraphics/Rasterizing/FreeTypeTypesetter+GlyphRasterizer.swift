import TagCloud

extension FreeTypeTypesetter: GlyphRasterizer {
    /// The coverage mask of `word` rotated `rotation` degrees clockwise, from the typesetter's
    /// rasteriser (by default one shared by all typesetters); see
    /// `FreeTypeGlyphRasterizer.coverage(of:rotation:)`. Lets one typesetter serve where a layout
    /// asks for `some Typesetter & GlyphRasterizer`.
    public func coverage(of word: TypesetWord, rotation: Double) throws(CoreError) -> WordMask {
        try rasterizer.coverage(of: word, rotation: rotation)
    }

    /// The ink box this typesetter measured, turned by a quarter turn when the rotation is one, less
    /// two pixels each way; nil at other angles and for words without ink. The mask covers every
    /// pixel the outlines touch, so it spans the ink box except for how far its glyphs move when
    /// snapped to cairo's grid (under a pixel between the outermost two) and 1/64-pixel roundings.
    public func coverageLowerBound(of word: TypesetWord, rotation: Double) -> (width: Int, height: Int)? {
        let box = word.inkBounds
        guard !box.isEmpty, box.width.isFinite, box.height.isFinite,
            rotation.isFinite, rotation.truncatingRemainder(dividingBy: 90) == 0
        else { return nil }
        let quarterTurned = Int(rotation / 90) % 2 != 0
        let w = Int(min(1e9, max(0, box.width - 2)).rounded(.down)), h = Int(min(1e9, max(0, box.height - 2)).rounded(.down))
        return quarterTurned ? (h, w) : (w, h)
    }
}
