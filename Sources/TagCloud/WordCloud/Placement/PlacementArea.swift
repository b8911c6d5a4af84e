/// Where on the canvas words may go, at each resolution the search works at: the forbidden pixels
/// (outside the shape or mask), the same at half and at coarse resolution, and the shape's depths
/// that order the positions a search visits. Worked out once per layout; every attempt shares it.
struct PlacementArea {
    /// The canvas's cells at the coarse resolution are `coarse` × `coarse` pixels: a fit found
    /// there is a fit on the canvas, found sixteen times faster, so the search reaches the far edge
    /// of a crowded cloud quickly; the fine map then only needs searching around that fit.
    static let coarse = 4

    /// Pixels words may not cover, or nil when they may cover the whole canvas.
    let forbidden: BitMask?
    /// The outline of the shape or mask, for drawing.
    let contours: [[Point]]
    /// The shape's depths at half resolution, asked about in canvas pixels: for the canvas and the
    /// half-resolution map alike, as they only order the positions a search visits.
    let depth: ShapeDepth?
    /// The half-resolution map's forbidden cells, for when a word's last chance needs that map.
    let halfForbidden: BitMask
    /// The canvas at 1/`coarse` resolution, a cell taken when any of its pixels is.
    let coarseForbidden: BitMask
    let coarseDepth: ShapeDepth?
    /// The width and height of the area words may cover (the canvas, or the bounding box of the
    /// shape or mask): a grown mask larger than this fits nowhere.
    let room: (width: Int, height: Int)
    /// The bounding box of the area words may cover, in canvas pixels.
    let bounds: (x: Int, y: Int, width: Int, height: Int)

    /// The area of `options`; throws when a shape or mask leaves no room.
    init(_ options: WordCloudOptions) throws(CoreError) {
        let allowed: BitMask?
        (allowed, contours) = try Self.allowed(options)
        forbidden = allowed?.inverted()
        halfForbidden = Self.forbiddenCells(forbidden, width: options.width, height: options.height, factor: 2)
        depth = allowed == nil ? nil : ShapeDepth(allowed: halfForbidden.inverted(), shift: 1)
        coarseForbidden = Self.forbiddenCells(forbidden, width: options.width, height: options.height, factor: Self.coarse)
        coarseDepth = allowed == nil ? nil : ShapeDepth(allowed: coarseForbidden.inverted())
        bounds = allowed?.setBounds ?? (0, 0, options.width, options.height)
        room = (bounds.width, bounds.height)
    }

    /// The pixels words may cover (nil: all of them) and the outline to draw around them.
    private static func allowed(_ options: WordCloudOptions) throws(CoreError) -> (BitMask?, [[Point]]) {
        switch options.area {
        case .canvas:
            return (nil, [])
        case .shape(let shape):
            let m = shape.mask(width: options.width, height: options.height, inset: options.contourWidth / 2)
            if m.isEmpty {
                throw TagCloudError.shapeLeavesNoRoom(
                    shape: shape.rawValue, width: options.width, height: options.height,
                    contourWidth: options.contourWidth)
            }
            return (m.allowed, m.contours)
        case .mask(let m):
            if m.isEmpty { throw TagCloudError.noRoom("the mask") }
            return (m, options.contourWidth > 0 ? ShapeMask.traced(from: m).contours : [])
        }
    }

    /// The forbidden cells of a map at 1/`factor` resolution: those with a forbidden pixel, and those
    /// reaching past the canvas.
    static func forbiddenCells(_ forbidden: BitMask?, width: Int, height: Int, factor: Int) -> BitMask {
        var m =
            forbidden?.downsampled(by: factor)
            ?? BitMask(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor)
        if width % factor != 0 { for y in 0..<m.height { m[m.width - 1, y] = true } }
        if height % factor != 0 { m.setRun(y: m.height - 1, from: 0, to: m.width) }
        return m
    }
}
